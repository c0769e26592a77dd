import { describe, expect, it } from "vitest";
import {
  aroundBounds,
  clampPrice,
  MAX_PRICE_CENTS,
  type PriceBounds,
  readPriceBounds,
} from "./read-price-bounds.ts";
import { Scanner } from "./request-scanner.ts";

function bounds(text: string): PriceBounds & { left: string } {
  const s = new Scanner(text);
  const read: PriceBounds = { minPrice: null, maxPrice: null, targetPrice: null, clearPrice: false };
  readPriceBounds(s, read);
  // What the price phrases left for the rest of the parser, masks dropped.
  return {
    ...read,
    left: s.text
      .replace(/\p{Cc}+/gu, " ")
      .replace(/\s+/g, " ")
      .trim(),
  };
}

describe("readPriceBounds", () => {
  it.each([
    ["under $100", { maxPrice: 10_000 }],
    ["$19.99 or less", { maxPrice: 1999 }],
    ["over 50", { minPrice: 5000 }],
    ["$50+", { minPrice: 5000 }],
    ["between 80 and 50", { minPrice: 5000, maxPrice: 8000 }],
    ["$50-$80", { minPrice: 5000, maxPrice: 8000 }],
    ["over $50 and under $100", { minPrice: 5000, maxPrice: 10_000 }],
    ["around $30", { minPrice: 2250, maxPrice: 3750, targetPrice: 3000 }],
    ["30-ish", { minPrice: 2250, maxPrice: 3750, targetPrice: 3000 }],
    ["a $40 gift", { minPrice: 3000, maxPrice: 5000, targetPrice: 4000 }],
    ["for $40", { maxPrice: 4000 }],
    ["under a hundred", { maxPrice: 10_000 }],
    ["under two hundred fifty", { maxPrice: 25_000 }],
    ["under 1.5k", { maxPrice: 150_000 }],
  ])("%s", (text, expected) => {
    expect(bounds(text)).toMatchObject({ minPrice: null, maxPrice: null, targetPrice: null, ...expected });
  });

  it("takes the price phrases out of the text", () => {
    expect(bounds("headphones under $100 please").left).toBe("headphones please");
  });

  it("reads no price in a number with another unit, or a bare number without a bound word", () => {
    for (const text of ["under 10 lbs", "over 4 stars", "27 inch monitor", "2 tents", "50-80"]) {
      expect(bounds(text)).toMatchObject({ minPrice: null, maxPrice: null, targetPrice: null });
    }
  });

  it("clears the bounds on 'any price'", () => {
    expect(bounds("any price").clearPrice).toBe(true);
  });

  it("caps prices, and bands a target price at 75% to 125%", () => {
    expect(bounds("under $999,999,999").maxPrice).toBe(MAX_PRICE_CENTS);
    expect(clampPrice(-5)).toBe(0);
    expect(clampPrice(12.6)).toBe(13);
    expect(aroundBounds(1000)).toEqual({ targetPrice: 1000, minPrice: 750, maxPrice: 1250 });
    expect(aroundBounds(MAX_PRICE_CENTS).maxPrice).toBe(MAX_PRICE_CENTS);
  });
});
