import { describe, expect, it } from "vitest";
import { type FacetPair, facetCountsFromPairs } from "./facet-counts.ts";

const pairs: FacetPair[] = [
  { category: "Audio", brand: "Norvik", count: 5 },
  { category: "Audio", brand: "Sonara", count: 3 },
  { category: "Home", brand: "Norvik", count: 2 },
  { category: "Kitchen", brand: "Brewhaus", count: 4 },
];

describe("facetCountsFromPairs", () => {
  it("without filters counts every category and brand, and all matches", () => {
    expect(facetCountsFromPairs(pairs, [], [])).toEqual({
      categories: [
        { value: "Audio", count: 8 },
        { value: "Home", count: 2 },
        { value: "Kitchen", count: 4 },
      ],
      brands: [
        { value: "Norvik", count: 7 },
        { value: "Sonara", count: 3 },
        { value: "Brewhaus", count: 4 },
      ],
      total: 14,
    });
  });

  it("counts each facet under the other facet's filter alone, so a chosen brand's siblings stay listed", () => {
    const counts = facetCountsFromPairs(pairs, ["Audio"], ["Norvik"]);
    // Categories among Norvik's matches; brands among Audio's matches; the total under both.
    expect(counts.categories).toEqual([
      { value: "Audio", count: 5 },
      { value: "Home", count: 2 },
    ]);
    expect(counts.brands).toEqual([
      { value: "Norvik", count: 5 },
      { value: "Sonara", count: 3 },
    ]);
    expect(counts.total).toBe(5);
  });

  it("takes several chosen values of a facet as either of them", () => {
    const counts = facetCountsFromPairs(pairs, ["Audio", "Kitchen"], []);
    expect(counts.total).toBe(12);
    expect(counts.brands.map((b) => b.value)).toEqual(["Norvik", "Sonara", "Brewhaus"]);
    expect(counts.categories.map((c) => c.count)).toEqual([8, 2, 4]);
  });

  it("leaves out values without matches and answers zero when nothing matches", () => {
    expect(facetCountsFromPairs([{ category: "Audio", brand: "Norvik", count: 0 }], [], [])).toEqual({
      categories: [],
      brands: [],
      total: 0,
    });
    expect(facetCountsFromPairs(pairs, ["Garden"], []).total).toBe(0);
    expect(facetCountsFromPairs(pairs, ["Garden"], []).brands).toEqual([]);
  });
});
