import { describe, expect, it } from "vitest";
import { LOYALTY_TIERS, THRESHOLD_TIERS } from "../negotiation/loyalty-tiers.ts";
import { DEFAULT_SELLER_CONFIG, SELLER_CONFIG_TYPES } from "./seller-config.ts";

describe("seller config", () => {
  it("names every section of the settings once, in the order they are listed", () => {
    expect(SELLER_CONFIG_TYPES).toEqual(Object.keys(DEFAULT_SELLER_CONFIG));
  });

  it("has default extra points for every tier and a threshold for every tier reached by value", () => {
    expect(Object.keys(DEFAULT_SELLER_CONFIG.tier_benefits.extra_points)).toEqual([...LOYALTY_TIERS]);
    expect(Object.keys(DEFAULT_SELLER_CONFIG.tier_benefits.thresholds)).toEqual([...THRESHOLD_TIERS]);
  });
});
