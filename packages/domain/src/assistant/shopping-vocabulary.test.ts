import { describe, expect, it } from "vitest";
import { ANY_PRODUCT_WORD, vocabularyEntryOf } from "./shopping-vocabulary.ts";

const phrases = (text: string) => [...text.matchAll(ANY_PRODUCT_WORD)].map((m) => m[0]);

describe("the product vocabulary", () => {
  it("prefers the longest phrase at each position", () => {
    expect(phrases("a laptop backpack and a sleeping bag")).toEqual(["laptop backpack", "sleeping bag"]);
    expect(phrases("trail running shoes")).toEqual(["trail running shoes"]);
  });

  it("gives each phrase its category and search text", () => {
    expect(vocabularyEntryOf("sneakers")).toMatchObject({
      category: "Footwear",
      text: "sneaker",
      weak: false,
    });
    expect(vocabularyEntryOf("shoes")).toMatchObject({ category: "Footwear", text: "" });
    expect(vocabularyEntryOf("t-shirt")).toMatchObject({ category: "Apparel", text: "t-shirt" });
  });

  it("marks activities and people as weak, and shopper words as categoryless", () => {
    expect(vocabularyEntryOf("hiking")).toMatchObject({ category: "Outdoor", weak: true });
    expect(vocabularyEntryOf("gamer")).toMatchObject({ category: "Toys & Games", weak: true });
    expect(vocabularyEntryOf("runner")).toMatchObject({ category: null, text: "running" });
    expect(vocabularyEntryOf("spaceship")).toBeUndefined();
  });
});
