import { describe, expect, it } from "vitest";
import {
  mergeSellerConfig,
  sellerConfigClashes,
  sellerConfigConflict,
  sellerConfigWith,
} from "./merge-seller-config.ts";
import { DEFAULT_SELLER_CONFIG } from "./seller-config.ts";

describe("mergeSellerConfig", () => {
  it("answers the defaults when nothing is stored", () => {
    expect(mergeSellerConfig([])).toEqual(DEFAULT_SELLER_CONFIG);
  });

  it("lays stored values over the defaults, nested ones key by key", () => {
    const config = mergeSellerConfig([
      { configType: "negotiation_limits", configData: { max_auto_discount_pct: 9 } },
      { configType: "tier_benefits", configData: { extra_points: { GOLD: 4 } } },
    ]);
    expect(config.negotiation_limits).toEqual({
      ...DEFAULT_SELLER_CONFIG.negotiation_limits,
      max_auto_discount_pct: 9,
    });
    expect(config.tier_benefits.extra_points).toEqual({
      ...DEFAULT_SELLER_CONFIG.tier_benefits.extra_points,
      GOLD: 4,
    });
    expect(config.tier_benefits.thresholds).toEqual(DEFAULT_SELLER_CONFIG.tier_benefits.thresholds);
  });

  it("ignores unknown sections, unknown keys and values of the wrong type", () => {
    const config = mergeSellerConfig([
      { configType: "mystery", configData: { a: 1 } },
      {
        configType: "global_rules",
        configData: { max_rounds: "12", offer_expiry_minutes: Number.NaN, extra: 5 },
      },
      { configType: "escalation_rules", configData: null },
    ]);
    expect(config).toEqual(DEFAULT_SELLER_CONFIG);
    expect("extra" in config.global_rules).toBe(false);
  });

  it("keeps a stored switch, and the default when the stored one is not a boolean", () => {
    expect(DEFAULT_SELLER_CONFIG.agents.allow_negotiation).toBe(true);
    const off = mergeSellerConfig([{ configType: "agents", configData: { allow_negotiation: false } }]);
    expect(off.agents).toEqual({ allow_negotiation: false });
    const odd = mergeSellerConfig([{ configType: "agents", configData: { allow_negotiation: "no" } }]);
    expect(odd.agents).toEqual({ allow_negotiation: true });
  });

  it("reads shipping and tax kept in an older global_rules row when there is no pricing row", () => {
    const legacy = {
      configType: "global_rules",
      configData: {
        offer_expiry_minutes: 20,
        max_rounds: 6,
        free_shipping_threshold: 75,
        flat_shipping: 7.5,
        tax_rate_pct: 8,
      },
    };
    const config = mergeSellerConfig([legacy]);
    expect(config.pricing).toEqual({ free_shipping_threshold: 75, flat_shipping: 7.5, tax_rate_pct: 8 });
    expect(config.global_rules).toEqual({ offer_expiry_minutes: 20, max_rounds: 6 });
    // A pricing row, once saved, wins over the old keys.
    const saved = mergeSellerConfig([
      legacy,
      {
        configType: "pricing",
        configData: { free_shipping_threshold: 50, flat_shipping: 5, tax_rate_pct: 0 },
      },
    ]);
    expect(saved.pricing).toEqual({ free_shipping_threshold: 50, flat_shipping: 5, tax_rate_pct: 0 });
  });

  it("does not share objects with the defaults", () => {
    const config = mergeSellerConfig([]);
    config.tier_benefits.extra_points.GOLD = 40;
    expect(DEFAULT_SELLER_CONFIG.tier_benefits.extra_points.GOLD).toBe(3);
  });
});

describe("sellerConfigConflict", () => {
  const withLimits = (pct: number, amount: number, ceilingPct: number, ceilingAmount: number) => ({
    ...DEFAULT_SELLER_CONFIG,
    negotiation_limits: {
      ...DEFAULT_SELLER_CONFIG.negotiation_limits,
      max_auto_discount_pct: pct,
      max_auto_discount_amount: amount,
    },
    escalation_rules: { ceiling_pct: ceilingPct, ceiling_amount: ceilingAmount },
  });

  it("accepts a ceiling at or above the automatic limits", () => {
    expect(sellerConfigConflict(DEFAULT_SELLER_CONFIG, "negotiation_limits")).toBeNull();
    expect(sellerConfigConflict(withLimits(15, 150, 15, 150), "escalation_rules")).toBeNull();
  });

  it("refuses a ceiling below the automatic percent, telling what to change first", () => {
    expect(sellerConfigConflict(withLimits(15, 150, 10, 400), "escalation_rules")).toBe(
      "Escalation ceiling cannot be below the max auto discount (15%). Lower the max auto discount first.",
    );
    expect(sellerConfigConflict(withLimits(30, 150, 25, 400), "negotiation_limits")).toBe(
      "Max auto discount cannot be above the escalation ceiling (25%). Raise the ceiling first.",
    );
  });

  it("refuses a ceiling amount below the automatic amount", () => {
    expect(sellerConfigConflict(withLimits(15, 500, 25, 400), "negotiation_limits")).toBe(
      "Max auto discount amount cannot be above the escalation ceiling amount ($400). Raise the ceiling first.",
    );
    expect(sellerConfigConflict(withLimits(15, 150, 25, 100), "escalation_rules")).toMatch(
      /ceiling amount cannot be below/,
    );
  });
});

describe("sellerConfigWith", () => {
  it("lays unsaved sections over the saved ones and refuses what saving them would refuse", () => {
    const limits = { ...DEFAULT_SELLER_CONFIG.negotiation_limits, max_auto_discount_pct: 5 };
    const tried = sellerConfigWith(DEFAULT_SELLER_CONFIG, { negotiation_limits: limits });
    expect(tried).toEqual({
      config: { ...DEFAULT_SELLER_CONFIG, negotiation_limits: limits },
      conflict: null,
    });
    const above = { ...limits, max_auto_discount_pct: 30 };
    expect(sellerConfigWith(DEFAULT_SELLER_CONFIG, { negotiation_limits: above }).conflict).toBe(
      sellerConfigConflict({ ...DEFAULT_SELLER_CONFIG, negotiation_limits: above }, "negotiation_limits"),
    );
    expect(DEFAULT_SELLER_CONFIG.negotiation_limits.max_auto_discount_pct).toBe(15);
  });
});

describe("sellerConfigClashes", () => {
  const limits = { max_auto_discount_pct: 30, max_auto_discount_amount: 500 };
  const ceiling = { ceiling_pct: 25, ceiling_amount: 400 };

  it("names every field that breaks the rule, on the side being edited", () => {
    expect(Object.keys(sellerConfigClashes(limits, ceiling, "negotiation_limits"))).toEqual([
      "max_auto_discount_pct",
      "max_auto_discount_amount",
    ]);
    expect(sellerConfigClashes(limits, ceiling, "escalation_rules")).toEqual({
      ceiling_pct:
        "Escalation ceiling cannot be below the max auto discount (30%). Lower the max auto discount first.",
      ceiling_amount:
        "Escalation ceiling amount cannot be below the max auto discount amount ($500). Lower the max auto discount amount first.",
    });
  });

  it("is empty when the ceiling is at or above the limits", () => {
    expect(
      sellerConfigClashes(limits, { ceiling_pct: 30, ceiling_amount: 500 }, "negotiation_limits"),
    ).toEqual({});
  });
});
