import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateDiscount } from "./allocate-discount.ts";

describe("allocating a discount", () => {
  it("spreads it over unit prices with the remainder on the order", () => {
    const a = allocateDiscount(
      [
        { cartItemId: "a", price: 10_000, quantity: 1 },
        { cartItemId: "b", price: 3_333, quantity: 3 },
      ],
      2_000,
    );
    const carried =
      (10_000 - a.itemAdjustments[0]!.newPrice) * 1 + (3_333 - a.itemAdjustments[1]!.newPrice) * 3;
    expect(carried + a.orderDiscount).toBe(2_000);
    expect(a.orderDiscount).toBeGreaterThanOrEqual(0);
  });
  it("refuses a discount larger than the subtotal", () => {
    expect(() => allocateDiscount([{ cartItemId: "a", price: 100, quantity: 1 }], 101)).toThrow(RangeError);
  });
  it("always adds up exactly, with no negative price", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            cartItemId: fc.uuid(),
            price: fc.integer({ min: 0, max: 500_000 }),
            quantity: fc.integer({ min: 1, max: 30 }),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, share) => {
          const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);
          const discount = Math.floor(subtotal * share);
          const a = allocateDiscount(lines, discount);
          let carried = 0;
          lines.forEach((l, i) => {
            const p = a.itemAdjustments[i]!.newPrice;
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(l.price);
            carried += (l.price - p) * l.quantity;
          });
          expect(carried + a.orderDiscount).toBe(discount);
          expect(a.orderDiscount).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
