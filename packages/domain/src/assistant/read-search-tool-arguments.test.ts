import { describe, expect, it } from "vitest";
import { readSearchToolArguments } from "./read-search-tool-arguments.ts";
import { DEFAULT_LIMIT, EMPTY_FILTERS, MAX_LIMIT } from "./shopping-request.ts";

describe("readSearchToolArguments", () => {
  it("reads every argument of the search_products tool, prices in dollars to cents", () => {
    const request = readSearchToolArguments(
      JSON.stringify({
        query: "trail running shoes",
        category: "Footwear",
        brand: "Nike",
        min_price: 49.99,
        max_price: 120,
        on_sale: true,
        in_stock: true,
        min_rating: 4.2,
        gift: true,
        sort: "price-low",
        limit: 4,
      }),
    );
    expect(request).toEqual({
      text: "trail running shoes",
      filters: {
        categories: ["Footwear"],
        brands: ["Nike"],
        minPrice: 4999,
        maxPrice: 12_000,
        onSale: true,
        inStockOnly: true,
        minRating: 4.2,
        tags: ["gift"],
      },
      sort: "price-low",
      limit: 4,
      targetPrice: null,
    });
  });

  it("searches for nothing in particular when the arguments do not parse or are no object", () => {
    const nothing = {
      text: "",
      filters: EMPTY_FILTERS,
      sort: "relevance",
      limit: DEFAULT_LIMIT,
      targetPrice: null,
    };
    for (const raw of ["", "{", "null", "42", '"shoes"'])
      expect(readSearchToolArguments(raw)).toEqual(nothing);
  });

  it("leaves out what is mistyped or out of range, and clamps the rest", () => {
    const request = readSearchToolArguments(
      JSON.stringify({
        query: 7,
        category: "",
        brand: ["Nike"],
        min_price: -5,
        max_price: 1e9,
        on_sale: "yes",
        min_rating: 9,
        sort: "cheapest",
        limit: 99.7,
      }),
    );
    expect(request).toMatchObject({
      text: "",
      filters: { ...EMPTY_FILTERS, minRating: 5 },
      sort: "relevance",
      limit: MAX_LIMIT,
    });
    expect(readSearchToolArguments('{"limit": 0, "min_rating": -1}')).toMatchObject({
      limit: 1,
      filters: { minRating: 0 },
    });
    expect(readSearchToolArguments(JSON.stringify({ query: "x".repeat(500) })).text).toHaveLength(200);
  });
});
