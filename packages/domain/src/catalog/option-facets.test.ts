import { describe, expect, it } from "vitest";
import { groupOptionFilters, optionFacetsFromCounts, parseOptionFacet, swatchesOf } from "./option-facets.ts";

describe("option facets", () => {
  it("reads a facet text by its first colon", () => {
    expect(parseOptionFacet("Size:M")).toEqual({ name: "Size", value: "M" });
    expect(parseOptionFacet("Ratio:16:9")).toEqual({ name: "Ratio", value: "16:9" });
    expect(parseOptionFacet(":M")).toBeNull();
    expect(parseOptionFacet("Size:")).toBeNull();
    expect(parseOptionFacet("Size")).toBeNull();
  });

  it("groups filters by option, names case-insensitively, each value once", () => {
    expect(groupOptionFilters(["Size:M", "Colour:Black", "size:L", "Size:M", "bad"])).toEqual([
      ["Size:M", "size:L"],
      ["Colour:Black"],
    ]);
  });

  it("groups counts by option, sizes in size order, options alphabetical", () => {
    expect(
      optionFacetsFromCounts([
        { text: "Size:XL", count: 3 },
        { text: "Size:M", count: 12 },
        { text: "Colour:White", count: 4 },
        { text: "Colour:Black", count: 30 },
        { text: "Size:XXS", count: 0 },
        { text: "size:M", count: 1 },
      ]),
    ).toEqual([
      {
        name: "Colour",
        values: [
          { value: "Black", count: 30 },
          { value: "White", count: 4 },
        ],
      },
      {
        name: "Size",
        values: [
          { value: "XXS", count: 0 },
          { value: "M", count: 13 },
          { value: "XL", count: 3 },
        ],
      },
    ]);
  });

  it("takes swatches from colour options only", () => {
    expect(swatchesOf(["Colour:Black", "Size:M", "Color:Navy", "Material:Wool"])).toEqual(["Black", "Navy"]);
  });
});
