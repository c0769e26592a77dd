import { describe, expect, it } from "vitest";
import { countNoun, withArticle } from "./count-noun";

describe("countNoun", () => {
  it("puts the noun in the singular for one and the plural otherwise", () => {
    expect(countNoun(1, "product")).toBe("1 product");
    expect(countNoun(0, "product")).toBe("0 products");
    expect(countNoun(2, "category", "categories")).toBe("2 categories");
  });
});

describe("withArticle", () => {
  it("says 'an' before a vowel and 'a' otherwise", () => {
    expect(withArticle("upsell")).toBe("an upsell");
    expect(withArticle("cross-sell")).toBe("a cross-sell");
  });
});
