import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../pricing/money.ts";
import {
  negotiationCeiling,
  type CodeContext,
  type DiscountCode,
  checkDiscountCode,
  meetNegotiatedDiscount,
  normalizeCode,
  spreadInProportion,
} from "./discount-codes.ts";

const welcome: DiscountCode = {
  code: "WELCOME10",
  benefit: { kind: "percent", basisPoints: 1000 },
  minimumSubtotal: 5000,
  startsAt: new Date("2026-11-01T00:00:00Z"),
  endsAt: new Date("2026-12-01T00:00:00Z"),
  totalUses: 100,
  usesPerCustomer: 1,
  productIds: [],
  categoryIds: [],
};
const context = (over: Partial<CodeContext> = {}): CodeContext => ({
  now: new Date("2026-11-28T12:00:00Z"),
  lines: [
    { productId: "tee", categoryIds: ["apparel"], amount: 4000 },
    { productId: "mug", categoryIds: ["kitchen"], amount: 2000 },
  ],
  usedInAll: 0,
  usedByCustomer: 0,
  format: formatMoney,
  ...over,
});

describe("discount codes", () => {
  it("reads a code as people type it", () => {
    expect(normalizeCode("  welcome 10 ")).toBe("WELCOME10");
  });

  it("takes a percent off the cart, spread over its lines", () => {
    expect(checkDiscountCode(welcome, context())).toEqual({
      ok: true,
      discount: 600,
      freeShipping: false,
      perLine: [400, 200],
    });
  });

  it("takes an amount off, never more than what it applies to", () => {
    const tenOff = {
      ...welcome,
      benefit: { kind: "amount", amount: 1000 } as const,
      categoryIds: ["kitchen"],
    };
    expect(checkDiscountCode(tenOff, context())).toEqual({
      ok: true,
      discount: 1000,
      freeShipping: false,
      perLine: [0, 1000],
    });
    const bigOff = { ...tenOff, benefit: { kind: "amount", amount: 5000 } as const };
    expect(checkDiscountCode(bigOff, context())).toMatchObject({ discount: 2000, perLine: [0, 2000] });
  });

  it("gives free shipping without touching the goods", () => {
    const ship = { ...welcome, benefit: { kind: "free_shipping" } as const };
    expect(checkDiscountCode(ship, context())).toEqual({
      ok: true,
      discount: 0,
      freeShipping: true,
      perLine: [0, 0],
    });
  });

  it("refuses with a sentence: not yet, expired, used up, already used, too small a cart, nothing it applies to", () => {
    const reason = (code: DiscountCode, over: Partial<CodeContext>) => {
      const verdict = checkDiscountCode(code, context(over));
      return verdict.ok ? null : verdict.reason;
    };
    expect(reason(welcome, { now: new Date("2026-10-31T23:59:59Z") })).toBe(
      "The code WELCOME10 is not active yet.",
    );
    expect(reason(welcome, { now: new Date("2026-12-01T00:00:00Z") })).toBe(
      "The code WELCOME10 has expired.",
    );
    expect(reason(welcome, { usedInAll: 100 })).toBe("The code WELCOME10 has been used up.");
    expect(reason(welcome, { usedByCustomer: 1 })).toBe("You have already used the code WELCOME10.");
    expect(reason(welcome, { lines: [{ productId: "mug", categoryIds: [], amount: 4999 }] })).toBe(
      "The code WELCOME10 needs a subtotal of at least $50.00.",
    );
    expect(reason({ ...welcome, productIds: ["lamp"] }, {})).toBe(
      "The code WELCOME10 doesn't apply to anything in your cart.",
    );
  });

  it("spreads an amount in proportion, summing exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e7 }),
        fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 8 }),
        (amount, parts) => {
          const total = parts.reduce((s, p) => s + p, 0);
          const shares = spreadInProportion(Math.min(amount, total), parts);
          expect(shares.reduce((s, p) => s + p, 0)).toBe(Math.min(amount, total));
          for (const [i, share] of shares.entries()) expect(share).toBeLessThanOrEqual(parts[i] ?? 0);
        },
      ),
    );
  });

  describe("meeting Ava's negotiated discount", () => {
    it("by default the better of the two, never both", () => {
      expect(
        meetNegotiatedDiscount({ codeDiscount: 600, negotiatedDiscount: 900, ceiling: 1500, combine: false }),
      ).toMatchObject({
        keepNegotiated: true,
        codeDiscount: 0,
      });
      expect(
        meetNegotiatedDiscount({
          codeDiscount: 1200,
          negotiatedDiscount: 900,
          ceiling: 1500,
          combine: false,
        }),
      ).toMatchObject({
        keepNegotiated: false,
        codeDiscount: 1200,
      });
      expect(
        meetNegotiatedDiscount({ codeDiscount: 600, negotiatedDiscount: 0, ceiling: 1500, combine: false }),
      ).toEqual({
        keepNegotiated: false,
        codeDiscount: 600,
        note: null,
      });
    });

    it("combined, never more than Ava's ceiling unless the code alone is larger", () => {
      expect(
        meetNegotiatedDiscount({ codeDiscount: 400, negotiatedDiscount: 900, ceiling: 1500, combine: true }),
      ).toMatchObject({
        keepNegotiated: true,
        codeDiscount: 400,
        note: null,
      });
      expect(
        meetNegotiatedDiscount({ codeDiscount: 800, negotiatedDiscount: 900, ceiling: 1500, combine: true }),
      ).toMatchObject({
        keepNegotiated: true,
        codeDiscount: 600,
      });
      expect(
        meetNegotiatedDiscount({ codeDiscount: 2000, negotiatedDiscount: 900, ceiling: 1500, combine: true }),
      ).toMatchObject({
        keepNegotiated: true,
        codeDiscount: 1100,
      });
    });

    it("whatever the figures, the whole never passes max(ceiling, code) and never drops below the better one", () => {
      fc.assert(
        fc.property(
          fc.nat(1e6),
          fc.nat(1e6),
          fc.nat(1e6),
          fc.boolean(),
          (code, ceiling, negotiatedRaw, combine) => {
            const negotiated = Math.min(negotiatedRaw, ceiling);
            const met = meetNegotiatedDiscount({
              codeDiscount: code,
              negotiatedDiscount: negotiated,
              ceiling,
              combine,
            });
            const whole = met.codeDiscount + (met.keepNegotiated ? negotiated : 0);
            expect(whole).toBeLessThanOrEqual(Math.max(ceiling, code));
            expect(whole).toBeGreaterThanOrEqual(Math.max(code, negotiated));
          },
        ),
      );
    });
  });
});

describe("Ava's ceiling for a cart", () => {
  it("is the ceiling's percentage of the goods, never above its amount", () => {
    expect(negotiationCeiling(10000, { ceiling_pct: 25, ceiling_amount: 400 })).toBe(2500);
    expect(negotiationCeiling(1_000_000, { ceiling_pct: 25, ceiling_amount: 400 })).toBe(40000);
    expect(negotiationCeiling(999, { ceiling_pct: 12.5, ceiling_amount: 400 })).toBe(125);
  });
});
