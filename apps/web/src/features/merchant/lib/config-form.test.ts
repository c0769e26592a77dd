import { zodResolver } from "@hookform/resolvers/zod";
import { describe, expect, it } from "vitest";
import {
  differs,
  errorMessageAt,
  fromFieldValues,
  type SectionTexts,
  sectionFormSchema,
  sectionMessages,
  toFieldValues,
  toSectionTexts,
} from "./config-form";

const tiers = {
  extra_points: { NONE: 0, BRONZE: 1, SILVER: 2, GOLD: 3, PLATINUM: 5 },
  thresholds: { SILVER: 500, GOLD: 2000, PLATINUM: 5000 },
};

/** The tier benefits form's messages for these typed values, as the page gets them from the zod resolver. */
async function checkTiers(texts: SectionTexts) {
  const resolver = zodResolver(sectionFormSchema("tier_benefits"));
  const { errors } = await resolver(texts, undefined, { fields: {}, shouldUseNativeValidation: false });
  return sectionMessages((path) => errorMessageAt(errors, path), Object.keys(toFieldValues(tiers)));
}

describe("settings form values", () => {
  it("flattens a section to texts by dotted path and back to numbers", () => {
    const values = toFieldValues(tiers);
    expect(values["extra_points.GOLD"]).toBe("3");
    expect(values["thresholds.PLATINUM"]).toBe("5000");
    expect(fromFieldValues(values)).toEqual(tiers);
  });

  it("keeps the section's shape with every number as text, for the form", () => {
    expect(toSectionTexts(tiers)).toEqual({
      extra_points: { NONE: "0", BRONZE: "1", SILVER: "2", GOLD: "3", PLATINUM: "5" },
      thresholds: { SILVER: "500", GOLD: "2000", PLATINUM: "5000" },
    });
    expect(sectionFormSchema("tier_benefits").parse(toSectionTexts(tiers))).toEqual(tiers);
  });

  it("reads a blank field as not a number, so the schema says so", async () => {
    const texts = toSectionTexts(tiers);
    texts.extra_points = { ...(texts.extra_points as object), GOLD: "  " };
    expect(await checkTiers(texts)).toEqual({
      fieldErrors: { "extra_points.GOLD": "Gold extra points must be a number." },
      groupErrors: {},
    });
  });

  it("puts a rule about several fields on their group", async () => {
    const texts = toSectionTexts(tiers);
    texts.thresholds = { ...(texts.thresholds as object), GOLD: "9000" };
    expect(await checkTiers(texts)).toEqual({
      fieldErrors: {},
      groupErrors: { thresholds: "Tier thresholds must rise: Silver below Gold below Platinum." },
    });
  });

  it("compares as numbers: '15.0' is no change, '' is", () => {
    expect(differs({ a: "15.0" }, { a: "15" })).toBe(false);
    expect(differs({ a: "" }, { a: "15" })).toBe(true);
    expect(differs({ a: "16" }, { a: "15" })).toBe(true);
  });

  it("keeps a choice (the stance) as its word, and compares words as words", () => {
    const limits = {
      max_auto_discount_pct: 15,
      max_auto_discount_amount: 150,
      bundling_discount_bonus: 5,
      stance: "protect-margin",
    };
    expect(fromFieldValues(toFieldValues(limits), ["stance"])).toEqual(limits);
    expect(sectionFormSchema("negotiation_limits").parse(toSectionTexts(limits))).toEqual(limits);
    expect(differs({ stance: "balanced" }, { stance: "balanced" })).toBe(false);
    expect(differs({ stance: "protect-margin" }, { stance: "balanced" })).toBe(true);
  });
});
