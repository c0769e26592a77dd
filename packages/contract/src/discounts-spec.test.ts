import { describe, expect, it } from "vitest";
import { DiscountCodePatchRequestSchema, DiscountCodeRequestSchema, specNamesOf } from "./discounts-spec.ts";

const SPEC_CODE = {
  code: "welcome10",
  kind: "amount",
  value: 12.5,
  minSubtotal: 50,
  usageLimit: 5,
  perCustomerLimit: 1,
  combinesWithNegotiation: true,
};

describe("a discount code under the API spec's names", () => {
  it("reads value by kind and the other names into ours, amounts in minor units", () => {
    const body = DiscountCodeRequestSchema.parse(SPEC_CODE);
    expect(body).toMatchObject({
      code: "WELCOME10",
      kind: "amount",
      percentOff: null,
      amountOff: 1250,
      minimumSubtotal: 5000,
      totalUses: 5,
      usesPerCustomer: 1,
      combinesWithNegotiated: true,
    });
    expect(body).not.toHaveProperty("value");
    expect(body).not.toHaveProperty("usageLimit");
    expect(DiscountCodeRequestSchema.parse({ code: "TEN", kind: "percent", value: 10 }).percentOff).toBe(10);
    expect(DiscountCodeRequestSchema.parse({ code: "SHIP", kind: "free_shipping", value: 0 })).toMatchObject({
      percentOff: null,
      amountOff: null,
    });
  });

  it("keeps our names as they were, and refuses a term given twice with two values, or a bad value", () => {
    expect(DiscountCodeRequestSchema.parse({ code: "TEN", kind: "percent", percentOff: 10 }).percentOff).toBe(
      10,
    );
    const twice = DiscountCodeRequestSchema.safeParse({
      code: "TEN",
      kind: "percent",
      percentOff: 10,
      value: 20,
    });
    expect(twice.error?.issues.map((i) => i.message)).toContain("Give value or percentOff, not both.");
    const limits = DiscountCodeRequestSchema.safeParse({ ...SPEC_CODE, totalUses: 3 });
    expect(limits.error?.issues.map((i) => i.message)).toContain("Give usageLimit or totalUses, not both.");
    const big = DiscountCodeRequestSchema.safeParse({ code: "BIG", kind: "percent", value: 150 });
    expect(big.error?.issues[0]).toMatchObject({
      path: ["value"],
      message: "Percent off must be from 0.01% to 100%.",
    });
    const none = DiscountCodeRequestSchema.safeParse({ code: "NONE", kind: "percent" });
    expect(none.error?.issues[0]?.message).toBe("A percent-off code needs its percentage.");
  });

  it("patches under either name; a value without kind is left for the code's stored kind", () => {
    expect(DiscountCodePatchRequestSchema.parse({ usageLimit: 9 })).toEqual({ totalUses: 9 });
    expect(DiscountCodePatchRequestSchema.parse({ value: 7 })).toEqual({ value: 7 });
    expect(DiscountCodePatchRequestSchema.parse({ kind: "amount", value: 7 })).toEqual({
      kind: "amount",
      amountOff: 700,
    });
  });

  it("answers the spec's names beside ours", () => {
    const code = {
      id: "c1",
      code: "TEN",
      kind: "amount" as const,
      percentOff: null,
      amountOff: 1250,
      minimumSubtotal: null,
      startsAt: null,
      endsAt: null,
      totalUses: 5,
      usesPerCustomer: null,
      productIds: [],
      categories: [],
      combinesWithNegotiated: false,
      active: true,
      usedCount: 2,
      createdAt: "2026-11-29T00:00:00.000Z",
    };
    expect(specNamesOf(code)).toEqual({
      value: 12.5,
      minSubtotal: null,
      usageLimit: 5,
      perCustomerLimit: null,
      combinesWithNegotiation: false,
      timesUsed: 2,
    });
  });
});
