import { describe, expect, it } from "vitest";
import { type BundleProduct, bundleSearchFor, pickBundleCandidate } from "./bundle-candidate.ts";
import type { TurnLine } from "./negotiation-types.ts";

const line = (productId: string, price: number, quantity: number, category: string): TurnLine => ({
  cartItemId: `item-${productId}`,
  productId,
  name: productId,
  brand: "Acme",
  category,
  price,
  listPrice: price,
  quantity,
  stockLevel: 50,
  demandIndex: 0.5,
});
const cart = [line("shoes", 10_000, 1, "Shoes"), line("jacket", 15_000, 2, "Outdoor")];

const product = (productId: string, extra: Partial<BundleProduct> = {}): BundleProduct => ({
  productId,
  name: productId,
  price: 2_000,
  category: "Shoes",
  stockLevel: 20,
  demandIndex: 0.5,
  rating: 4,
  ...extra,
});

describe("bundleSearchFor", () => {
  it("looks for a product between 3% and 30% of the cart, in the top line's category, not in the cart", () => {
    expect(bundleSearchFor(cart, false)).toEqual({
      exclude: ["shoes", "jacket"],
      minPrice: 1_200,
      maxPrice: 12_000,
      minStock: 5,
      preferCategory: "Outdoor",
    });
  });

  it("never costs less than a dollar", () => {
    expect(bundleSearchFor([line("pin", 500, 1, "Gifts")], false)?.minPrice).toBe(100);
  });

  it("does not look once a bundle was proposed, or for an empty cart", () => {
    expect(bundleSearchFor(cart, true)).toBeNull();
    expect(bundleSearchFor([], false)).toBeNull();
  });
});

describe("pickBundleCandidate", () => {
  const search = bundleSearchFor(cart, false)!;

  it("prefers the category, then the hottest, the best rated, the lowest id", () => {
    const pick = (products: BundleProduct[]) => pickBundleCandidate(search, products)?.productId;
    expect(pick([product("b"), product("a", { category: "Outdoor" })])).toBe("a");
    expect(pick([product("a"), product("b", { demandIndex: 0.9 })])).toBe("b");
    expect(pick([product("a"), product("b", { rating: 4.5 })])).toBe("b");
    expect(pick([product("b"), product("a")])).toBe("a");
  });

  it("skips what is hidden, short of stock, in the cart or outside the price band", () => {
    expect(
      pickBundleCandidate(search, [
        product("hidden", { hidden: true }),
        product("scarce", { stockLevel: 4 }),
        product("shoes"),
        product("cheap", { price: 1_199 }),
        product("dear", { price: 12_001 }),
      ]),
    ).toBeNull();
    expect(pickBundleCandidate(search, [product("ok", { price: 12_000 })])).toEqual({
      productId: "ok",
      name: "ok",
      price: 12_000,
    });
  });
});
