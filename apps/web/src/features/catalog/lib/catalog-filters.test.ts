import { describe, expect, it } from "vitest";
import { readCatalogFilters, toggleValue, writeCatalogFilters } from "./catalog-filters";

describe("catalogue filters in the URL", () => {
  it("reads repeated categories and brands, the search and the sort", () => {
    const filters = readCatalogFilters(
      new URLSearchParams(
        "q=+shoes+&category=Audio&category=Shoes&brand=Sony&option=Size%3AM&sort=price-low",
      ),
    );
    expect(filters).toEqual({
      q: "shoes",
      categories: ["Audio", "Shoes"],
      brands: ["Sony"],
      options: ["Size:M"],
      sort: "price-low",
    });
  });

  it("falls back to featured for a missing or unknown sort", () => {
    expect(readCatalogFilters(new URLSearchParams("")).sort).toBe("featured");
    expect(readCatalogFilters(new URLSearchParams("sort=cheapest")).sort).toBe("featured");
  });

  it("omits defaults when writing and keeps other parameters", () => {
    const written = writeCatalogFilters(new URLSearchParams("utm=x&q=old"), {
      q: "  ",
      categories: [],
      brands: [],
      options: [],
      sort: "featured",
    });
    expect(written.toString()).toBe("utm=x");
  });

  it("round-trips a full view", () => {
    const filters = {
      q: "red dress",
      categories: ["A & B", "C"],
      brands: ["D"],
      options: ["Size:M", "Colour:Black"],
      sort: "rating" as const,
    };
    expect(readCatalogFilters(writeCatalogFilters(new URLSearchParams(), filters))).toEqual(filters);
  });

  it("toggles a multi-select value", () => {
    expect(toggleValue(["a"], "b", true)).toEqual(["a", "b"]);
    expect(toggleValue(["a", "b"], "a", false)).toEqual(["b"]);
    expect(toggleValue(["a"], "a", true)).toEqual(["a"]);
  });
});
