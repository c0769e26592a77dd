import { describe, expect, it } from "vitest";
import { LOYALTY_TIERS, THRESHOLD_TIERS, TIER_LABELS } from "./loyalty-tiers.ts";

describe("loyalty tiers", () => {
  it("run from NONE to PLATINUM, lowest first", () => {
    expect(LOYALTY_TIERS).toEqual(["NONE", "BRONZE", "SILVER", "GOLD", "PLATINUM"]);
  });

  it("have a label for every tier and no other (NONE is 'New Customer')", () => {
    expect(Object.keys(TIER_LABELS)).toEqual([...LOYALTY_TIERS]);
    expect(TIER_LABELS).toEqual({
      NONE: "New Customer",
      BRONZE: "Bronze",
      SILVER: "Silver",
      GOLD: "Gold",
      PLATINUM: "Platinum",
    });
  });

  it("reach by lifetime value the tiers above Bronze, in rising order", () => {
    expect(THRESHOLD_TIERS).toEqual(LOYALTY_TIERS.slice(LOYALTY_TIERS.indexOf("BRONZE") + 1));
  });
});
