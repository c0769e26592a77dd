import { describe, expect, it } from "vitest";
import { catalogMatchers } from "./catalog-names.ts";
import { doingOf } from "./normalize-message.ts";
import { clampLimit, readShoppingMessage } from "./read-shopping-message.ts";
import { DEFAULT_LIMIT, MAX_LIMIT } from "./shopping-request.ts";

const matchers = catalogMatchers({
  categories: ["Footwear", "Audio", "Home & Kitchen", "Outdoor", "Toys & Games"],
  brands: ["Nike", "Sony"],
});
const read = (message: string) => readShoppingMessage(message, matchers);

describe("readShoppingMessage", () => {
  it("tells product words from activity and people words", () => {
    expect(read("running shoes")).toMatchObject({
      categories: ["Footwear"],
      hasProduct: true,
      weakCategories: false,
      words: [
        { word: "running", product: true },
        { word: "shoe", product: true },
      ],
    });
    expect(read("something for a gamer")).toMatchObject({
      categories: ["Toys & Games"],
      hasProduct: false,
      weakCategories: true,
    });
    // A product wins over an activity: a mug for a gamer is kitchenware.
    expect(read("a mug for a gamer").categories).toEqual(["Home & Kitchen"]);
  });

  it("reads brands, and a brand after a negation as excluded", () => {
    expect(read("headphones, not Sony, maybe Nike")).toMatchObject({
      brands: ["Nike"],
      excludedBrands: ["Sony"],
    });
  });

  it("reads follow-up markers and 'also'", () => {
    expect(read("cheaper ones?")).toMatchObject({ marker: true, cheaper: true, sort: "price-low" });
    expect(read("and tents")).toMatchObject({ marker: true, also: false });
    expect(read("headphones too")).toMatchObject({ marker: true, also: true });
    expect(read("headphones")).toMatchObject({ marker: false, also: false });
  });

  it("reads figures spelled in words like digits", () => {
    expect(read("fifteen percent off")).toMatchObject({ onSale: true, words: [] });
    expect(read("under fifty bucks").maxPrice).toBe(5000);
    expect(read("show me three tents").limit).toBe(3);
  });

  it("tells a count from a model number and a child's age from a price", () => {
    expect(read("3 headphones").limit).toBe(3);
    expect(read("Airstride 5 running shoes").limit).toBeNull();
    expect(read("a gift for a 10 year old")).toMatchObject({
      gift: true,
      maxPrice: null,
      words: [{ word: "kids" }],
    });
  });

  it("keeps only content words as free text, in order", () => {
    expect(read("I would like a waterproof tent please").words.map((w) => w.word)).toEqual([
      "waterproof",
      "tent",
    ]);
  });

  it("reads the shopper's own things as the context of a need they say", () => {
    const trips = read("my headphones sound awful on long trips");
    expect(trips).toMatchObject({ hasProduct: false, categories: [] });
    expect(trips.words.map((w) => w.word)).not.toContain("headphone");
    expect(trips.needKinds).toContain("power bank");
    expect(read("my phone speaker sounds awful, want music on the bus").hasProduct).toBe(false);
    // A product not said as theirs is still what is sought.
    expect(read("a charger for my phone for long trips")).toMatchObject({ hasProduct: true });
    expect(read("headphones for my long flight")).toMatchObject({ hasProduct: true, categories: ["Audio"] });
    // Without a need, "my headphones" is what the sentence is about.
    expect(read("my headphones broke")).toMatchObject({ hasProduct: true });
  });

  it("reads a child said as a person beside a kind the shop stocks as who it is for, not the interest", () => {
    const shop = catalogMatchers({
      categories: ["Sports", "Toys & Games"],
      brands: [],
      tagCategories: { baseball: ["Sports"], kids: ["Toys & Games"] },
    });
    const baseball = readShoppingMessage("my kid is crazy about baseball lately", shop);
    expect(baseball.interestWords).not.toContain("kids");
    expect(baseball.words.map((w) => w.word).slice(0, 2)).toEqual(["kids", "baseball"]);
    // Alone, or beside nothing the shop stocks, the child is the interest: things for children.
    expect(readShoppingMessage("something for my kid", shop).interestWords).toEqual(["kids"]);
    expect(readShoppingMessage("the kids are bouncing off the walls", shop).interestWords).toEqual(["kids"]);
  });

  it("reads a need said of a product as the trait the shop's products of that kind carry", () => {
    const shop = catalogMatchers({
      categories: ["Audio", "Apparel", "Accessories"],
      brands: [],
      tagCategories: {
        speaker: ["Audio"],
        waterproof: ["Audio", "Apparel"],
        jacket: ["Apparel"],
        umbrella: ["Accessories"],
        bag: ["Accessories"],
      },
    });
    const words = (m: string) => readShoppingMessage(m, shop).words.map((w) => w.word);
    expect(words("a speaker to take in the bath")).toContain("waterproof");
    expect(words("a jacket for when it's pouring")).toContain("waterproof");
    // A kind of its own ("umbrella") is no trait, nor one the shop's things of the kind lack.
    expect(words("a bag for rainy days")).not.toContain("umbrella");
    expect(words("a bag for rainy days")).not.toContain("waterproof");
    expect(words("a speaker for my desk")).not.toContain("waterproof");
    expect(words("a speaker that never needs a cable")).not.toContain("wireless");
    const wired = catalogMatchers({
      categories: ["Audio"],
      brands: [],
      tagCategories: { wireless: ["Audio"] },
    });
    expect(
      readShoppingMessage("a speaker that never needs a cable", wired).words.map((w) => w.word),
    ).toContain("wireless");
  });

  it("reads a pastime said with a verb after who as what the person does", () => {
    expect(doingOf("fishes")).toBe("fishing");
    expect(doingOf("knits")).toBe("knitting");
    expect(doingOf("skates")).toBe("skating");
    expect(doingOf("climbs")).toBe("climbing");
    expect(doingOf("skis")).toBe("skiing");
    const words = (m: string) => read(m).words.map((w) => w.word);
    expect(words("a present for my grandad who sculpts")).toEqual(["sculpting"]);
    expect(words("a gift for my cousin who skateboards")).toEqual(["skateboarding"]);
    // Verbs of liking or having, and products, are read as before.
    expect(words("for a friend who loves puzzles")).not.toContain("loving");
    expect(words("for my brother who needs headphones")).toContain("headphone");
  });

  it("cuts long messages and ignores what is not text", () => {
    expect(read(`${"x ".repeat(400)}headphones`).categories).toEqual([]);
    expect(readShoppingMessage(42, matchers).words).toEqual([]);
  });
});

describe("clampLimit", () => {
  it("keeps a count within 1..MAX_LIMIT, the default when it is no number", () => {
    expect([0, 3, 3.6, 50, Number.NaN].map(clampLimit)).toEqual([1, 3, 4, MAX_LIMIT, DEFAULT_LIMIT]);
  });
});
