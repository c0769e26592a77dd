import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PricingError, pricingRulesFrom, quoteCart } from "./quote-cart.ts";
import { DEFAULT_SELLER_CONFIG } from "../merchant/seller-config.ts";

const rules = pricingRulesFrom(DEFAULT_SELLER_CONFIG.pricing);
const line = (price: number, quantity = 1, listPrice = price, priceSnapshot: number | null = null) => ({
  price,
  listPrice,
  quantity,
  priceSnapshot,
});

describe("the one pricing rule", () => {
  it("uses the shop's defaults: free shipping from $100.00, else $10.00, tax 10%", () => {
    expect(rules).toEqual({ freeShippingThreshold: 10000, flatShipping: 1000, taxRateBasisPoints: 1000 });
  });

  it("ships free at exactly $100.00 and charges $10.00 one cent below", () => {
    const at = quoteCart([line(10000)], 0, rules);
    expect(at).toMatchObject({ subtotal: 10000, shipping: 0, tax: 1000, total: 11000 });
    const below = quoteCart([line(9999)], 0, rules);
    expect(below).toMatchObject({ subtotal: 9999, shipping: 1000, tax: 1000, total: 9999 + 1000 + 1000 });
  });

  it("applies the threshold after the extra discount", () => {
    const q = quoteCart([line(10500)], 600, rules);
    expect(q).toMatchObject({ discountedSubtotal: 9900, shipping: 1000, tax: 990, total: 9900 + 1000 + 990 });
  });

  it("rounds tax half up to the cent", () => {
    expect(quoteCart([line(1005)], 0, rules).tax).toBe(101); // 100.5 cents
    expect(quoteCart([line(1004)], 0, rules).tax).toBe(100); // 100.4 cents
    expect(quoteCart([line(333, 3)], 0, rules).tax).toBe(100); // 99.9 cents
  });

  it("prefers the negotiated snapshot over the product price", () => {
    const q = quoteCart([line(5000, 2, 6000, 4500)], 0, rules);
    expect(q.subtotal).toBe(9000);
    expect(q.listTotal).toBe(12000);
    expect(q.savings).toBe(3000);
  });

  it("shows Ava's discount as one figure: the negotiated line prices' cut plus the order-level remainder", () => {
    // A 10% deal on $50 x 2 and $30 written as line prices $45 x 2 and $27, with 1 cent left at order level.
    const q = quoteCart([line(5000, 2, 5000, 4500), line(3000, 1, 3000, 2700)], 1, rules);
    expect(q.itemsTotal).toBe(13000);
    expect(q.subtotal).toBe(11700);
    expect(q.negotiatedDiscount).toBe(1000 + 300 + 1);
    expect(q.itemsTotal - q.negotiatedDiscount).toBe(q.discountedSubtotal);
  });

  it("does not count a price cut after the deal as Ava's discount", () => {
    // Negotiated at $45, then the shop cut the price to $40: the line is charged $45 and Ava gave nothing on it.
    const q = quoteCart([line(4000, 1, 5000, 4500)], 0, rules);
    expect(q.itemsTotal).toBe(4500);
    expect(q.negotiatedDiscount).toBe(0);
  });

  it("has no negotiated discount without a deal", () => {
    const q = quoteCart([line(8000, 1, 10000), line(3000, 2)], 0, rules);
    expect(q.negotiatedDiscount).toBe(0);
    expect(q.itemsTotal).toBe(q.subtotal);
  });

  it("counts savings as list total minus subtotal plus the extra discount", () => {
    const q = quoteCart([line(8000, 1, 10000), line(3000, 2)], 1500, rules);
    expect(q.savings).toBe(2000 + 1500);
    expect(q.itemCount).toBe(3);
  });

  it("refuses a discount larger than the subtotal, a negative one, and bad quantities", () => {
    expect(() => quoteCart([line(1000)], 1001, rules)).toThrow(PricingError);
    expect(() => quoteCart([line(1000)], -1, rules)).toThrow(PricingError);
    expect(() => quoteCart([line(1000, 0)], 0, rules)).toThrow(PricingError);
    expect(() => quoteCart([line(1000, 1.5)], 0, rules)).toThrow(PricingError);
  });

  it("charges nothing for an empty cart", () => {
    expect(quoteCart([], 0, rules)).toMatchObject({
      subtotal: 0,
      shipping: 0,
      tax: 0,
      total: 0,
      itemCount: 0,
    });
  });

  it("always has a total equal to its parts, in whole cents, never below zero", () => {
    const lineArb = fc.record({
      price: fc.integer({ min: 0, max: 500_000 }),
      listPrice: fc.integer({ min: 0, max: 600_000 }),
      quantity: fc.integer({ min: 1, max: 20 }),
      priceSnapshot: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, share) => {
          const subtotal = lines.reduce((s, l) => s + (l.priceSnapshot ?? l.price) * l.quantity, 0);
          const discount = Math.floor(subtotal * share);
          const q = quoteCart(lines, discount, rules);
          expect(q.subtotal).toBe(subtotal);
          expect(q.discountedSubtotal).toBe(q.subtotal - q.discount);
          expect(q.total).toBe(q.discountedSubtotal + q.shipping + q.tax);
          expect(q.savings).toBe(q.listTotal - q.subtotal + q.discount);
          expect(q.savings).toBeGreaterThanOrEqual(q.discount);
          expect(q.itemsTotal - q.negotiatedDiscount).toBe(q.discountedSubtotal);
          expect(q.negotiatedDiscount).toBeGreaterThanOrEqual(q.discount);
          expect(q.savings).toBeGreaterThanOrEqual(q.negotiatedDiscount);
          for (const v of Object.values(q))
            if (typeof v === "number") expect(Number.isSafeInteger(v)).toBe(true);
          expect(q.total).toBeGreaterThanOrEqual(0);
          expect([0, rules.flatShipping]).toContain(q.shipping);
          expect(Math.abs(q.tax * 10 - q.discountedSubtotal)).toBeLessThanOrEqual(5);
        },
      ),
    );
  });
});

describe("a discount code in the one pricing rule", () => {
  const code = (discount: number, more: Partial<Parameters<typeof quoteCart>[3] & object> = {}) => ({
    code: "WELCOME10",
    discount,
    freeShipping: false,
    combine: false,
    ceiling: 0,
    ...more,
  });

  it("takes the code's amount off before shipping and tax", () => {
    const q = quoteCart([line(10500)], 0, rules, code(1050));
    expect(q).toMatchObject({
      code: "WELCOME10",
      codeDiscount: 1050,
      discountedSubtotal: 9450,
      shipping: 1000,
      tax: 945,
      total: 9450 + 1000 + 945,
      savings: 1050,
      negotiationKept: true,
      codeNote: null,
    });
  });

  it("ships free with a free-shipping code", () => {
    const q = quoteCart([line(2000)], 0, rules, code(0, { freeShipping: true }));
    expect(q).toMatchObject({ code: "WELCOME10", codeDiscount: 0, shipping: 0, total: 2200 });
  });

  it("by default gives the better of the code and Ava's price: the code, at the shop's prices", () => {
    // Ava took $5 off a $50 line; the code takes $10 at the shop's price.
    const q = quoteCart([line(5000, 1, 5000, 4500)], 0, rules, code(1000, { ceiling: 1250 }));
    expect(q).toMatchObject({
      code: "WELCOME10",
      subtotal: 5000,
      negotiatedDiscount: 0,
      codeDiscount: 1000,
      discountedSubtotal: 4000,
      negotiationKept: false,
    });
    expect(q.codeNote).toMatch(/code applies instead/);
  });

  it("keeps Ava's price when it saves more, and says so", () => {
    const q = quoteCart([line(5000, 1, 5000, 4000)], 0, rules, code(500, { ceiling: 1250 }));
    expect(q).toMatchObject({
      code: null,
      codeDiscount: 0,
      negotiatedDiscount: 1000,
      discountedSubtotal: 4000,
    });
    expect(q.codeNote).toMatch(/agreed price stays/);
  });

  it("counts the shipping a free-shipping code saves against Ava's price", () => {
    // Ava: $2 off a $30 line; shipping $10 beats it.
    const q = quoteCart([line(3000, 1, 3000, 2800)], 0, rules, code(0, { freeShipping: true, ceiling: 750 }));
    expect(q).toMatchObject({
      code: "WELCOME10",
      shipping: 0,
      negotiatedDiscount: 0,
      discountedSubtotal: 3000,
    });
  });

  it("when combined, never passes Ava's ceiling unless the code alone is larger", () => {
    const both = quoteCart(
      [line(10000, 1, 10000, 9000)],
      0,
      rules,
      code(2000, { combine: true, ceiling: 2500 }),
    );
    expect(both).toMatchObject({ negotiatedDiscount: 1000, codeDiscount: 1500, discountedSubtotal: 7500 });
    const larger = quoteCart(
      [line(10000, 1, 10000, 9000)],
      0,
      rules,
      code(4000, { combine: true, ceiling: 2500 }),
    );
    expect(larger).toMatchObject({ negotiatedDiscount: 1000, codeDiscount: 3000, discountedSubtotal: 6000 });
  });

  it("refuses a code larger than the goods", () => {
    expect(() => quoteCart([line(1000)], 0, rules, code(1001))).toThrow(PricingError);
  });

  it("adds up with any code and any negotiated price, and never charges below zero", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        fc.boolean(),
        (price, avaPct, codePct, ceilingPct, combine, freeShipping) => {
          const snapshot = Math.floor((price * (100 - avaPct)) / 100);
          const discount = Math.floor((price * codePct) / 100);
          const ceiling = Math.floor((price * ceilingPct) / 100);
          const q = quoteCart(
            [line(price, 1, price, snapshot)],
            0,
            rules,
            code(discount, { combine, freeShipping, ceiling }),
          );
          expect(q.discountedSubtotal).toBeGreaterThanOrEqual(0);
          expect(q.itemsTotal - q.negotiatedDiscount - q.codeDiscount).toBe(q.discountedSubtotal);
          expect(q.total).toBe(q.discountedSubtotal + q.shipping + q.tax);
          if (!combine) expect(q.negotiatedDiscount === 0 || q.codeDiscount === 0).toBe(true);
          if (combine && q.negotiatedDiscount > 0)
            expect(q.negotiatedDiscount + q.codeDiscount).toBeLessThanOrEqual(
              Math.max(ceiling, discount, q.negotiatedDiscount),
            );
        },
      ),
    );
  });
});
