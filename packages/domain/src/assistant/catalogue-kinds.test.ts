import { describe, expect, it } from "vitest";
import { categoriesNamedBy, headOf } from "./catalogue-kinds.ts";

/** Categories and tags as an imported catalogue names them. */
const shop = {
  categories: ["Smartphones", "Mobile Accessories", "Vehicles", "Men's Shoes", "Women's Bags", "Furniture"],
  brands: [],
  tagCategories: {
    "sports cars": ["Vehicles"],
    "compact cars": ["Vehicles"],
    "phone accessories": ["Mobile Accessories"],
    headphones: ["Mobile Accessories"],
    handbags: ["Women's Bags"],
    "office chairs": ["Furniture"],
  },
};

describe("a shopper's word naming one of the shop's kinds", () => {
  it("reads the head of a name of several words, singular or plural", () => {
    expect(categoriesNamedBy("car", shop)).toEqual(["Vehicles"]);
    expect(categoriesNamedBy("shoe", shop)).toEqual(["Men's Shoes"]);
    expect(categoriesNamedBy("chair", shop)).toEqual(["Furniture"]);
    expect(categoriesNamedBy("bags", shop)).toEqual(["Women's Bags"]);
  });

  it("reads the end of a compound category name ('phone' -> Smartphones)", () => {
    expect(categoriesNamedBy("phone", shop)).toEqual(["Smartphones"]);
    expect(categoriesNamedBy("phones", shop)).toEqual(["Smartphones"]);
  });

  it("never a modifier, a compound tag or a short ending", () => {
    // "phone accessories" are accessories; "headphones" is a kind of its own.
    expect(categoriesNamedBy("sport", shop)).toEqual([]);
    expect(headOf("phone", "headphones", false)).toBe(false);
    expect(headOf("art", "smartphones", true)).toBe(false);
    expect(headOf("hoes", "shoes", true)).toBe(false);
    expect(categoriesNamedBy("zxqv", shop)).toEqual([]);
  });
});
