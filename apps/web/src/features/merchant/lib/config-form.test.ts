import { TierBenefitsSchema } from "@haggle/contract/merchant";
import { describe, expect, it } from "vitest";
import { checkSection, differs, fromFieldValues, toFieldValues } from "./config-form";

const tiers = {
  extra_points: { NONE: 0, BRONZE: 1, SILVER: 2, GOLD: 3, PLATINUM: 5 },
  thresholds: { SILVER: 500, GOLD: 2000, PLATINUM: 5000 },
};

describe("settings form values", () => {
  it("flattens a section to texts by dotted path and back to numbers", () => {
    const values = toFieldValues(tiers);
    expect(values["extra_points.GOLD"]).toBe("3");
    expect(values["thresholds.PLATINUM"]).toBe("5000");
    expect(fromFieldValues(values)).toEqual(tiers);
  });

  it("reads a blank field as not a number, so the schema says so", () => {
    const values = { ...toFieldValues(tiers), "extra_points.GOLD": "  " };
    const result = checkSection(TierBenefitsSchema, values);
    expect(result).toEqual({
      ok: false,
      fieldErrors: { "extra_points.GOLD": "Gold extra points must be a number." },
      groupErrors: {},
    });
  });

  it("puts a rule about several fields on their group", () => {
    const values = { ...toFieldValues(tiers), "thresholds.GOLD": "9000" };
    const result = checkSection(TierBenefitsSchema, values);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fieldErrors).toEqual({});
      expect(result.groupErrors).toEqual({
        thresholds: "Tier thresholds must rise: Silver below Gold below Platinum.",
      });
    }
  });

  it("compares as numbers: '15.0' is no change, '' is", () => {
    expect(differs({ a: "15.0" }, { a: "15" })).toBe(false);
    expect(differs({ a: "" }, { a: "15" })).toBe(true);
    expect(differs({ a: "16" }, { a: "15" })).toBe(true);
  });
});
