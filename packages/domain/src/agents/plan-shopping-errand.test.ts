import { describe, expect, it } from "vitest";
import { MAX_HAGGLE_TURNS, nextHaggleMove, pickProduct, planErrand } from "./plan-shopping-errand.ts";

const NAMES = { categories: ["Footwear", "Electronics", "Home & Kitchen"], brands: ["Nike", "Stride"] };

describe("planErrand", () => {
  it("reads the product words, the budget and the wish to haggle", () => {
    const plan = planErrand("buy me running shoes under $120 and get a discount", NAMES);
    expect(plan.search.maxPrice).toBe(120);
    expect(plan.budget).toBe(12_000);
    expect(plan.haggle).toBe(true);
    expect(plan.search.query).toMatch(/running/);
    expect(plan.search.query).not.toMatch(/discount/);
    // Haggling is not a search for products on sale.
    expect(plan.search.onSale).toBeUndefined();
  });

  it("asks for no discount when the errand does not", () => {
    const plan = planErrand("Nike shoes", NAMES);
    expect(plan.haggle).toBe(false);
    expect(plan.budget).toBeNull();
    expect(plan.search.brand).toBe("Nike");
  });
});

describe("pickProduct", () => {
  const products = [
    { name: "a", price: 150, inStock: true },
    { name: "b", price: 90, inStock: false },
    { name: "c", price: 99, inStock: true },
  ];
  it("takes the best-ranked product in stock within the budget", () => {
    expect(pickProduct(products, 120)?.name).toBe("c");
    expect(pickProduct(products, null)?.name).toBe("a");
    expect(pickProduct(products, 50)).toBeNull();
  });
});

describe("nextHaggleMove", () => {
  it("opens, pushes while the offer grows or holds once, and accepts when it stopped growing twice", () => {
    expect(nextHaggleMove({ turns: 0, offers: [] })).toMatchObject({ kind: "say" });
    expect(nextHaggleMove({ turns: 1, offers: [10] })).toMatchObject({ kind: "say" });
    expect(nextHaggleMove({ turns: 2, offers: [10, 14] })).toMatchObject({ kind: "say" });
    expect(nextHaggleMove({ turns: 2, offers: [10, 10] })).toMatchObject({ kind: "say" });
    expect(nextHaggleMove({ turns: 3, offers: [10, 14, 14] })).toMatchObject({ kind: "say" });
    expect(nextHaggleMove({ turns: 3, offers: [10, 10, 10] })).toEqual({ kind: "accept" });
  });

  it("accepts at the last turn, or stops when nothing stands", () => {
    expect(nextHaggleMove({ turns: MAX_HAGGLE_TURNS, offers: [5, 8, 10, 12] })).toEqual({ kind: "accept" });
    expect(nextHaggleMove({ turns: MAX_HAGGLE_TURNS, offers: [null, null, null, null] })).toMatchObject({
      kind: "stop",
    });
  });
});
