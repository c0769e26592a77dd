import { describe, expect, it } from "vitest";
import { catalogMatchers, matchKey } from "./catalog-names.ts";

describe("catalogue names", () => {
  const matchers = catalogMatchers({
    categories: ["Home & Kitchen", "Books"],
    brands: ["Tonic Labs", "Nike"],
  });
  const all = (pattern: RegExp | null, text: string) =>
    [...text.matchAll(pattern ?? /$^/gu)].map((m) => m[0]);

  it("match a brand whole, with hyphens or extra spaces, and a possessive", () => {
    expect(all(matchers.brandNames, "tonic-labs and nike's, not nikeairs")).toEqual(["tonic-labs", "nike's"]);
    expect(matchers.brandByKey.get(matchKey("tonic-labs"))).toBe("Tonic Labs");
  });

  it("match a category with '&', 'and' or 'n', and without its plural s", () => {
    expect(all(matchers.categoryNames, "home n kitchen, home and kitchen, a book")).toEqual([
      "home n kitchen",
      "home and kitchen",
      "book",
    ]);
    expect(matchers.categoryByKey.get(matchKey("home n kitchen"))).toBe("Home & Kitchen");
  });

  it("match a category of 'things of' a word by that word and any such word: 'sports stuff', 'fitness gear'", () => {
    const m = catalogMatchers({
      categories: ["Sports Accessories", "Fitness Equipment", "Mobile Accessories", "Mobile", "Bags"],
      brands: [],
    });
    expect(all(m.categoryNames, "sports stuff, fitness gear and a bag")).toEqual([
      "sports stuff",
      "fitness gear",
      "bag",
    ]);
    expect(m.categoryByKey.get(matchKey("sports stuff"))).toBe("Sports Accessories");
    expect(m.categoryByKey.get(matchKey("fitness gear"))).toBe("Fitness Equipment");
    // "mobile" is a category of its own: "mobile stuff" is not read as its accessories.
    expect(m.categoryByKey.get(matchKey("mobile stuff"))).toBeUndefined();
  });

  it("ignore names that are not strings or are blank, and odd catalogues", () => {
    const odd = catalogMatchers({ categories: ["", "  ", 3 as unknown as string], brands: [] });
    expect(odd.categoryNames).toBeNull();
    expect(odd.brandNames).toBeNull();
    expect(
      catalogMatchers(null as unknown as { categories: string[]; brands: string[] }).brandNames,
    ).toBeNull();
  });
});
