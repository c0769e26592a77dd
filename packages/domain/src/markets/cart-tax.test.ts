import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planRefund } from "../orders/refund.ts";
import { type QuoteLine, quoteCart } from "../pricing/quote-cart.ts";
import { priceTaxNote, spreadDiscount, taxForPlace } from "./cart-tax.ts";
import { STANDARD_TAX_RATES } from "./standard-tax-rates.ts";

const rules = { freeShippingThreshold: 1_000_000, flatShipping: 490, taxRateBasisPoints: 1000 };
const line = (price: number, quantity = 1): QuoteLine => ({
  price,
  priceSnapshot: null,
  listPrice: price,
  quantity,
});
const shop = { byPlace: true, pricesIncludeTax: false, fallbackBasisPoints: 1000 };

describe("tax by place in the one pricing rule", () => {
  it("a 3-line cart in EUR with prices including German VAT: rounded per line, the total unmoved", () => {
    const tax = taxForPlace({ ...shop, pricesIncludeTax: true }, { country: "DE" }, STANDARD_TAX_RATES);
    const q = quoteCart([line(1999), line(499, 3), line(10, 7)], 0, rules, undefined, tax);
    // 1999 × 19/119 = 319.17; 1497 × 19/119 = 239.02; 70 × 19/119 = 11.18; shipping 490 → 78.24
    expect(q.lineTaxes.map((l) => l.tax)).toEqual([319, 239, 11]);
    expect(q.lineTaxes.every((l) => l.rateMilliPercent === 19_000)).toBe(true);
    expect(q.shippingTax).toBe(78);
    expect(q.tax).toBe(319 + 239 + 11 + 78);
    expect(q.total).toBe(1999 + 1497 + 70 + 490);
    expect(q).toMatchObject({ taxIncluded: true, taxLabel: "VAT" });
  });

  it("a US state's sales tax is added after Ava's discount; shipping taxed where the state taxes it", () => {
    const california = taxForPlace(shop, { country: "US", region: "CA" }, STANDARD_TAX_RATES);
    const q = quoteCart([line(5000, 2)], 1000, rules, undefined, california);
    expect(q.lineTaxes).toEqual([{ amount: 9000, tax: 653, rateMilliPercent: 7250 }]); // 652.5 → 653
    expect(q).toMatchObject({ shipping: 490, shippingTax: 0, tax: 653, total: 9000 + 490 + 653 });
    const texas = taxForPlace(shop, { country: "us", region: "tx" }, STANDARD_TAX_RATES);
    expect(quoteCart([line(5000, 2)], 1000, rules, undefined, texas).tax).toBe(563 + 31); // 562.5, 30.6
  });

  it("a place without a rate pays the shop's single rate; with places off every address does", () => {
    const nowhere = taxForPlace(shop, { country: "JP" }, STANDARD_TAX_RATES);
    expect(nowhere.components).toEqual([{ name: "Tax", rateMilliPercent: 10_000, taxShipping: false }]);
    const off = taxForPlace({ ...shop, byPlace: false }, { country: "DE" }, STANDARD_TAX_RATES);
    const before = quoteCart([line(333, 3), line(1005)], 0, rules);
    const after = quoteCart([line(333, 3), line(1005)], 0, rules, undefined, off);
    expect(after).toEqual(before);
    expect(after.tax).toBe(200); // 200.4 on the whole subtotal, as the rule always did
    expect(after.lineTaxes.reduce((s, l) => s + l.tax, 0)).toBe(after.tax);
  });

  it("refunds unit by unit add up to what was charged, never more", () => {
    const tax = taxForPlace(shop, { country: "US", region: "MN" }, STANDARD_TAX_RATES);
    const lines = [line(1999), line(499, 3), line(10, 7)];
    const q = quoteCart(lines, 7, rules, undefined, tax);
    const order = {
      total: q.total,
      shipping: q.shipping + q.shippingTax,
      refundedTotal: 0,
      lines: lines.map((l, i) => ({
        id: `l${i}`,
        name: `line ${i}`,
        quantity: l.quantity,
        refundedQuantity: 0,
        unitPrice: l.price,
        charged: q.lineTaxes[i]!.amount + q.lineTaxes[i]!.tax,
      })),
    };
    let refunded = 0;
    for (const l of order.lines) {
      let lineBack = 0;
      while (l.refundedQuantity < l.quantity) {
        const plan = planRefund({ ...order, refundedTotal: refunded }, [{ lineId: l.id, quantity: 1 }]);
        if ("error" in plan) throw new Error(plan.error);
        refunded += plan.amount;
        lineBack += plan.amount;
        l.refundedQuantity += 1;
        if (!plan.complete) expect(lineBack).toBeLessThanOrEqual(l.charged);
      }
    }
    expect(refunded).toBe(q.total);
  });

  it("property: line taxes sum to the order's tax, the total adds up, shares never pass their line", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 9 })), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.boolean(),
        fc.constantFrom("DE", "FR", "US", "CA"),
        (raw, discountSeed, included, country) => {
          const lines = raw.map(([p, n]) => line(p, n));
          const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);
          const tax = taxForPlace(
            { ...shop, pricesIncludeTax: included },
            { country, region: "ON" },
            STANDARD_TAX_RATES,
          );
          const q = quoteCart(lines, discountSeed % (subtotal + 1), rules, undefined, tax);
          expect(q.lineTaxes.reduce((s, l) => s + l.tax, 0) + q.shippingTax).toBe(q.tax);
          expect(q.total).toBe(q.discountedSubtotal + q.shipping + (included ? 0 : q.tax));
          expect(q.lineTaxes.reduce((s, l) => s + l.amount, 0)).toBe(q.discountedSubtotal);
        },
      ),
    );
    expect(spreadDiscount([3, 0, 5], 7)).toEqual([3, 0, 4]);
  });

  it("writes \"incl. VAT\" or \"+ tax\" beside prices, nothing for a shop that chose neither", () => {
    expect(priceTaxNote({ pricesIncludeTax: true, byPlace: false })).toBe("incl. VAT");
    expect(priceTaxNote({ pricesIncludeTax: false, byPlace: true })).toBe("+ tax");
    expect(priceTaxNote({ pricesIncludeTax: false, byPlace: false })).toBeNull();
  });
});
