import { describe, expect, it } from "vitest";
import { askedWords, lackingOf, nameOfLacking, sayLacking } from "./shop-lacks.ts";

describe("askedWords", () => {
  it("reads what a shopper asks the shop to carry, however it is typed", () => {
    expect(askedWords("do u carry nike")).toEqual(["nike"]);
    expect(askedWords("Do you have anything from Sony?")).toEqual(["sony"]);
    expect(askedWords("anything by apple")).toEqual(["apple"]);
    expect(askedWords("got any lululemon stuff?")).toEqual(["lululemon"]);
    expect(askedWords("u got nike?")).toEqual(["nike"]);
    expect(askedWords("do you guys sell laptops")).toEqual(["laptops"]);
    expect(askedWords("do you stock patagonia jackets")).toEqual(["patagonia", "jackets"]);
    expect(askedWords("i want gucci brand")).toEqual(["gucci"]);
  });

  it("leaves needs, gifts, prices and references to what is shown alone", () => {
    expect(askedWords("do you have something for a rainy day")).toEqual([]);
    expect(askedWords("do you have anything for kids")).toEqual([]);
    expect(askedWords("do you have gifts for my dad")).toEqual([]);
    expect(askedWords("do you have it in black")).toEqual([]);
    expect(askedWords("do you have any tents under $100")).toEqual([]);
    expect(askedWords("running shoes")).toEqual([]);
    expect(askedWords("a gift for a runner")).toEqual([]);
  });
});

describe("the honest no", () => {
  it("keeps only the words the shop has no evidence of", () => {
    expect(lackingOf(["nike", "shoes"], (w) => w === "shoes")).toEqual(["nike"]);
  });

  it("names a brand as a name and a kind as typed", () => {
    expect(nameOfLacking(["nike"])).toBe("Nike");
    expect(nameOfLacking(["shoes"])).toBe("shoes");
    expect(nameOfLacking(["patagonia", "jackets"])).toBe("Patagonia jackets");
  });

  it("says what the shop has instead, never presenting it as the answer", () => {
    expect(sayLacking(["nike"], ["Bags", "Gear", "Men", "Women"], null)).toBe(
      "We don't carry Nike. We have Bags, Gear, Men and Women — tell me what you're looking for.",
    );
    expect(sayLacking(["nike"], [], "are the shoes we have")).toBe(
      "We don't carry Nike; here are the shoes we have.",
    );
  });
});
