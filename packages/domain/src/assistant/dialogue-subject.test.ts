import { describe, expect, it } from "vitest";
import { tagsTogetherOf } from "./dialogue-subject.ts";
import { parseShoppingRequest } from "./parse-shopping-request.ts";

/** A beauty and audio shop as its labels say: two kinds of Beauty, a trait of Audio. */
const products = [
  { category: "Beauty", tags: ["beauty", "lipstick"] },
  { category: "Beauty", tags: ["beauty", "nail polish"] },
  { category: "Audio", tags: ["headphones", "noise-cancelling", "wireless"] },
  { category: "Audio", tags: ["headphones", "wired"] },
];
const tagCategories: Record<string, string[]> = {};
for (const p of products) for (const t of p.tags) tagCategories[t] = [p.category];
const shop = {
  categories: ["Beauty", "Audio"],
  brands: [],
  tagCategories,
  tagsTogether: tagsTogetherOf(products),
};
const parse = (...messages: string[]) => parseShoppingRequest(messages, shop);

describe("tagsTogetherOf", () => {
  it("keeps each label of several words with the other tags of the products carrying it", () => {
    expect(tagsTogetherOf(products)).toEqual({
      "nail polish": ["beauty"],
      "noise cancelling": ["headphones", "wireless"],
    });
    expect(Object.keys(tagsTogetherOf(products, 1))).toEqual(["nail polish"]);
  });
});

describe("a label of several words after a kind of the same category", () => {
  it("is another kind when no product of the kind shown carries it", () => {
    const next = parse("red lipstick", "and nail polish?");
    expect(next.turn).toBe("topic-change");
    expect(next.subjectWords).toEqual(["nail", "polish"]);
  });

  it("is a trait when products of the kind shown carry it", () => {
    const next = parse("headphones", "noise cancelling");
    expect(next.turn).toBe("refinement");
    expect(next.attributeWords).toEqual(["noise", "cancelling"]);
  });

  it("is a trait without what the catalogue puts together (a shop still learning)", () => {
    const next = parseShoppingRequest(["red lipstick", "and nail polish?"], {
      ...shop,
      tagsTogether: undefined,
    });
    expect(next.turn).toBe("refinement");
  });
});

describe("an exclusion of a label of several words", () => {
  it("excludes the whole label and stops seeking its words", () => {
    const next = parse("noise cancelling headphones", "no noise cancelling");
    expect(next.turn).toBe("exclusion");
    expect(next.excludedWords).toEqual(["noise cancelling"]);
    expect(next.subjectWords).toEqual(["headphone"]);
    const once = parse("headphones, anything except the noise cancelling ones");
    expect(once.excludedWords).toEqual(["noise cancelling"]);
    expect(once.text).toBe("headphone");
  });
});
