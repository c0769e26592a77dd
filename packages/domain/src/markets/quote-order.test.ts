import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STANDARD_TAX_RATES } from "./standard-tax-rates.ts";
import { lineRefund, quoteOrder } from "./quote-order.ts";
import { taxComponentsFor } from "./tax-by-place.ts";

const germany = taxComponentsFor({ country: "DE" }, STANDARD_TAX_RATES);
const california = taxComponentsFor({ country: "US", region: "CA" }, STANDARD_TAX_RATES);

describe("the order's quote by place", () => {
  it("a 3-line cart in EUR with prices including 19% VAT: per-line rounding, the total unmoved", () => {
    const quote = quoteOrder({
      currency: "EUR",
      lines: [
        { id: "a", unitPrice: 1999, quantity: 1 },
        { id: "b", unitPrice: 499, quantity: 3 },
        { id: "c", unitPrice: 10, quantity: 7 },
      ],
      lineDiscounts: [0, 150, 0],
      shipping: 490,
      tax: { components: germany, pricesIncludeTax: true },
    });
    // 1999 × 19/119 = 319.17 → 319; 1347 × 19/119 = 215.06 → 215; 70 × 19/119 = 11.18 → 11; shipping 490 → 78.24 → 78
    expect(quote.lines.map((l) => [l.amount, l.tax])).toEqual([
      [1999, 319],
      [1347, 215],
      [70, 11],
    ]);
    expect(quote.shippingTax).toBe(78);
    expect(quote.tax).toBe(319 + 215 + 11 + 78);
    expect(quote.total).toBe(1999 + 1347 + 70 + 490);
    expect(quote.taxIncluded).toBe(true);
  });

  it("the same cart in JPY (no minor unit): yen rounded per line", () => {
    const quote = quoteOrder({
      currency: "JPY",
      lines: [
        { id: "a", unitPrice: 1980, quantity: 1 },
        { id: "b", unitPrice: 550, quantity: 3 },
        { id: "c", unitPrice: 99, quantity: 7 },
      ],
      lineDiscounts: [0, 100, 0],
      shipping: 600,
      tax: {
        components: [{ name: "Consumption tax", rateMilliPercent: 10_000, taxShipping: true }],
        pricesIncludeTax: true,
      },
    });
    // 1980/11 = 180; 1550/11 = 140.9 → 141; 693/11 = 63; 600/11 = 54.5 → 55
    expect(quote.lines.map((l) => l.tax)).toEqual([180, 141, 63]);
    expect(quote.shippingTax).toBe(55);
    expect(quote.total).toBe(1980 + 1550 + 693 + 600);
  });

  it("US style: tax added after discounts, shipping untaxed in California", () => {
    const quote = quoteOrder({
      currency: "USD",
      lines: [{ id: "a", unitPrice: 5000, quantity: 2 }],
      lineDiscounts: [1000],
      shipping: 599,
      tax: { components: california, pricesIncludeTax: false },
    });
    expect(quote.lines[0]).toMatchObject({ gross: 10_000, discount: 1000, amount: 9000, tax: 653 });
    expect(quote.shippingTax).toBe(0);
    expect(quote.total).toBe(9000 + 599 + 653);
  });

  it("refuses what cannot be: an unknown currency, a discount above its line, a missing share", () => {
    const base = {
      currency: "EUR",
      lines: [{ id: "a", unitPrice: 100, quantity: 1 }],
      lineDiscounts: [0],
      shipping: 0,
      tax: { components: germany, pricesIncludeTax: true },
    };
    expect(() => quoteOrder({ ...base, currency: "EURO" })).toThrow(/ISO 4217/);
    expect(() => quoteOrder({ ...base, lineDiscounts: [101] })).toThrow(/between nothing and the line/);
    expect(() => quoteOrder({ ...base, lineDiscounts: [] })).toThrow(/share/);
    expect(() => quoteOrder({ ...base, lines: [{ id: "a", unitPrice: 100, quantity: 0 }] })).toThrow(
      /quantity/,
    );
  });

  const anyOrder = fc.record({
    lines: fc.array(
      fc.record({
        unitPrice: fc.integer({ min: 0, max: 1e6 }),
        quantity: fc.integer({ min: 1, max: 20 }),
        off: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    shipping: fc.integer({ min: 0, max: 1e5 }),
    rate: fc.integer({ min: 0, max: 27_000 }),
    included: fc.boolean(),
    taxShipping: fc.boolean(),
  });

  it("totals add up, line taxes sum to the order's tax, refunds return exactly what was charged", () => {
    fc.assert(
      fc.property(anyOrder, ({ lines, shipping, rate, included, taxShipping }) => {
        const quote = quoteOrder({
          currency: "USD",
          lines: lines.map((l, i) => ({ id: String(i), unitPrice: l.unitPrice, quantity: l.quantity })),
          lineDiscounts: lines.map((l) => Math.floor(l.unitPrice * l.quantity * l.off)),
          shipping,
          tax: {
            components: [{ name: "Tax", rateMilliPercent: rate, taxShipping }],
            pricesIncludeTax: included,
          },
        });
        const goods = quote.lines.reduce((s, l) => s + l.amount, 0);
        expect(goods).toBe(quote.subtotal - quote.discount);
        expect(quote.tax).toBe(quote.lines.reduce((s, l) => s + l.tax, 0) + quote.shippingTax);
        expect(quote.total).toBe(goods + shipping + (included ? 0 : quote.tax));
        quote.lines.forEach((line, i) => {
          const units = lines[i]?.quantity ?? 1;
          let refunded = 0;
          for (let before = 0; before < units; before++)
            refunded += lineRefund(line, {
              quantityInLine: units,
              refundedBefore: before,
              quantity: 1,
              included,
            });
          expect(refunded).toBe(line.amount + (included ? 0 : line.tax));
        });
      }),
    );
  });

  it("refuses to refund more units than are left", () => {
    const quote = quoteOrder({
      currency: "USD",
      lines: [{ id: "a", unitPrice: 1000, quantity: 2 }],
      lineDiscounts: [0],
      shipping: 0,
      tax: { components: california, pricesIncludeTax: false },
    });
    const line = quote.lines[0]!;
    expect(lineRefund(line, { quantityInLine: 2, refundedBefore: 0, quantity: 1, included: false })).toBe(
      1072,
    );
    expect(() =>
      lineRefund(line, { quantityInLine: 2, refundedBefore: 1, quantity: 2, included: false }),
    ).toThrow("Only 1 of this line can still be refunded.");
  });
});
