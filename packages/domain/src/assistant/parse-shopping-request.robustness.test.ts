import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_LIMIT, parseShoppingRequest, type ShoppingCatalogNames } from "./parse-shopping-request.ts";
import { catalog } from "./shopping-test-catalog.ts";

describe("parseShoppingRequest on bad, huge and random input", () => {
  it("tolerates bad input: not an array, non-strings, odd catalogues", () => {
    const bad = [null, 42, { text: "shoes" }, "shoes"] as unknown as string[];
    expect(parseShoppingRequest(bad, catalog).filters.categories).toEqual(["Footwear"]);
    expect(parseShoppingRequest("shoes" as unknown as string[], catalog).text).toBe("");
    const odd = { categories: ["", "  ", "(", "a|b"], brands: ["[", "\\", "$", ".*"] };
    expect(() => parseShoppingRequest(["(a|b) [ \\ $5 .*"], odd)).not.toThrow();
    expect(() => parseShoppingRequest(["shoes"], null as unknown as ShoppingCatalogNames)).not.toThrow();
  });

  // 22 MB of text in one request: a reading that grew faster than the text (a regular expression
  // that backtracks, a quadratic scan) would take hours. The bound only catches such a blow-up, not
  // speed (measured in bench/): it holds on a machine busy enough to make a linear pass 20x slower.
  it("reads huge input without blowing up", () => {
    const huge = "running shoes under $100 from Nike on sale ".repeat(5_000);
    const start = Date.now();
    const result = parseShoppingRequest(
      Array.from({ length: 100 }, () => huge),
      catalog,
    );
    expect(Date.now() - start).toBeLessThan(30_000);
    expect(result.filters.brands).toEqual(["Nike"]);
  });

  const fragments = [
    "running shoes",
    "headphones",
    "Nike",
    "tonic labs",
    "under $",
    "over",
    "between",
    "and",
    "around",
    "~$",
    "cheaper",
    "more expensive",
    "only",
    "on sale",
    "in stock",
    "best rated",
    "gift for my dad",
    "a few",
    "top",
    "too",
    "not",
    "-",
    "%",
    "stars",
    "k",
    "dollars",
  ];
  const messageArb = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.string({ unit: "grapheme", maxLength: 40 }),
    fc
      .array(
        fc.oneof(fc.constantFrom(...fragments), fc.nat({ max: 100_000 }).map(String), fc.float().map(String)),
        {
          maxLength: 10,
        },
      )
      .map((parts) => parts.join(" ")),
  );
  const catalogArb = fc.oneof(
    fc.constant(catalog),
    fc.record({
      categories: fc.array(fc.string({ maxLength: 12 }), { maxLength: 5 }),
      brands: fc.array(fc.string({ maxLength: 12 }), { maxLength: 5 }),
    }),
  );

  it("never throws and always gives a sane request", () => {
    fc.assert(
      fc.property(fc.array(messageArb, { maxLength: 5 }), catalogArb, (messages, names) => {
        const result = parseShoppingRequest(messages, names);
        expect(result.limit).toBeGreaterThanOrEqual(1);
        expect(result.limit).toBeLessThanOrEqual(MAX_LIMIT);
        expect(Number.isInteger(result.limit)).toBe(true);
        for (const price of [result.filters.minPrice, result.filters.maxPrice, result.targetPrice]) {
          if (price !== null) {
            expect(Number.isSafeInteger(price)).toBe(true);
            expect(price).toBeGreaterThanOrEqual(0);
          }
        }
        const { minPrice, maxPrice, minRating } = result.filters;
        if (minPrice !== null && maxPrice !== null) expect(minPrice).toBeLessThanOrEqual(maxPrice);
        if (minRating !== null) expect(minRating >= 0 && minRating <= 5).toBe(true);
        for (const c of result.filters.categories) expect(names.categories).toContain(c);
        for (const b of result.filters.brands) expect(names.brands).toContain(b);
        expect(typeof result.text).toBe("string");
        expect(Array.isArray(result.understood)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
