import { afterEach, describe, expect, it } from "vitest";
import { setShopCurrency } from "../pricing/money.ts";
import { type PriceBounds, readPriceBounds } from "./read-price-bounds.ts";
import { Scanner } from "./request-scanner.ts";

function bounds(text: string): Pick<PriceBounds, "minPrice" | "maxPrice"> {
  const read: PriceBounds = { minPrice: null, maxPrice: null, targetPrice: null, clearPrice: false };
  readPriceBounds(new Scanner(text), read);
  return { minPrice: read.minPrice, maxPrice: read.maxPrice };
}

afterEach(() => setShopCurrency("USD"));

describe("price bounds in the shop's currency", () => {
  it("reads yen in a yen shop", () => {
    setShopCurrency("JPY");
    expect(bounds("under ¥1200")).toEqual({ minPrice: null, maxPrice: 1200 });
    expect(bounds("1200 yen or less")).toEqual({ minPrice: null, maxPrice: 1200 });
    expect(bounds("between ¥1000 and ¥3000")).toEqual({ minPrice: 1000, maxPrice: 3000 });
  });

  it("reads euros with a decimal comma, and pounds", () => {
    setShopCurrency("EUR");
    expect(bounds("under €12,50")).toEqual({ minPrice: null, maxPrice: 1250 });
    expect(bounds("under 12,50 €")).toEqual({ minPrice: null, maxPrice: 1250 });
    expect(bounds("over €1,299")).toEqual({ minPrice: 129_900, maxPrice: null });
    setShopCurrency("GBP");
    expect(bounds("under £20")).toEqual({ minPrice: null, maxPrice: 2000 });
  });

  it("takes no bound from an amount in another currency (there is no rate to read it by)", () => {
    setShopCurrency("EUR");
    expect(bounds("under ¥1200")).toEqual({ minPrice: null, maxPrice: null });
    expect(bounds("under $20")).toEqual({ minPrice: null, maxPrice: null });
  });
});
