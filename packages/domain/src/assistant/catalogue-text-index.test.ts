import { describe, expect, it } from "vitest";
import { CatalogueTextIndex, queryOf, sharesTooLittle, termsOf } from "./catalogue-text-index.ts";

const product = (id: string, name: string, description: string, category: string, tags: string[]) => ({
  id,
  name,
  description,
  category,
  tags,
});

const CATALOGUE = [
  product("flannel", "Flannel Shirt", "A soft brushed plaid shirt for cool evenings.", "Apparel", ["shirt"]),
  product("tee", "Organic Crew Tee", "An everyday cotton tee.", "Apparel", ["shirt", "basics"]),
  product(
    "over",
    "Studio Headphones",
    "<p>Over-ear cushions that seal out noise on long flights.</p>",
    "Audio",
    ["headphones"],
  ),
  product("on", "Lite Headphones", "Light headphones that sit on the ear and fold flat.", "Audio", [
    "headphones",
  ]),
  product("buds", "Sport Earbuds", "Wireless earbuds that stay put on runs.", "Audio", ["earbuds"]),
  product(
    "storage",
    "Glass Food Storage Set",
    "Oven-safe glass containers with snap lids; dishwasher safe.",
    "Home",
    ["kitchen"],
  ),
  product("pan", "Pan", "A non-stick pan for frying.", "Kitchen", ["cookware"]),
];

const STOP = new Set([
  "something",
  "to",
  "wear",
  "any",
  "that",
  "go",
  "your",
  "i",
  "can",
  "put",
  "in",
  "the",
  "a",
]);

describe("the catalogue's text index", () => {
  const index = CatalogueTextIndex.build(CATALOGUE);
  const rank = (message: string) => index.rank(queryOf(message, index, STOP)).map((r) => r.id);

  it("reads stems and adjacent pairs, markup left out", () => {
    expect(termsOf("<p>Over-ear cushions</p>")).toEqual(["ear", "cushion", "over_ear", "ear_cushion"]);
    expect(termsOf("non stick pans")).toContain("non_stick");
  });

  it("finds a product by a word only its description says", () => {
    expect(rank("something plaid to wear")[0]).toBe("flannel");
    expect(rank("food containers i can put in the dishwasher")[0]).toBe("storage");
  });

  it("ranks a pair said with or without its hyphen above its words apart", () => {
    expect(rank("over ear headphones")[0]).toBe("over");
    expect(rank("a non stick pan")[0]).toBe("pan");
  });

  it("counts a rare word more than a common one", () => {
    // "shirt" is on two products, "cotton" on one: the tee leads for both words.
    expect(rank("cotton shirt")[0]).toBe("tee");
  });

  it("leaves out asking words, excluded words and words the catalogue lacks unless read by meaning", () => {
    expect(queryOf("a gift for my dad", index, STOP)).toEqual([]);
    expect(queryOf("headphones not earbuds", index, STOP, ["earbuds"]).map((t) => t.term)).toEqual([
      "headphon",
    ]);
    const near = (word: string) => (word === "tartan" ? [{ term: "plaid", cos: 0.7 }] : []);
    const query = queryOf("tartan", index, STOP, [], near);
    expect(query).toEqual([{ term: "plaid", weight: expect.closeTo(0.42, 5) }]);
    expect(index.rank(query)[0]?.id).toBe("flannel");
  });

  it("keeps the catalogue's words for reading others by meaning", () => {
    expect(index.vocabulary).toContain("plaid");
    expect(index.size).toBe(CATALOGUE.length);
    expect(index.productsWith("headphon")).toBe(2);
  });
});

describe("ties in score", () => {
  it("are broken by the product's name, never by its id (ids are new in every shop)", () => {
    const twins = (ids: [string, string]) =>
      CatalogueTextIndex.build([
        product(ids[0], "Tennis Ball", "A ball.", "Sports", ["ball"]),
        product(ids[1], "Golf Ball", "A ball.", "Sports", ["ball"]),
      ]);
    const names = (index: CatalogueTextIndex, ids: string[]) =>
      index.rank([{ term: "ball", weight: 1 }]).map((r) => (r.id === ids[0] ? "tennis" : "golf"));
    expect(names(twins(["a", "b"]), ["a", "b"])).toEqual(["golf", "tennis"]);
    expect(names(twins(["z", "y"]), ["z", "y"])).toEqual(["golf", "tennis"]);
  });
});

describe("sharesTooLittle", () => {
  it("is weak when most products looked at share far less than the best", () => {
    // A sweater, a shoe, a case and a book, each sharing one common word of the sentence.
    expect(sharesTooLittle([2.9, 2.7, 2.8, 3.2], 8.7)).toBe(true);
  });
  it("is not weak when half of them share the message's words well", () => {
    expect(sharesTooLittle([8.7, 4.3, 1, 0], 8.7)).toBe(false);
    expect(sharesTooLittle([6, 5, 4, 4], 8)).toBe(false);
  });
  it("says nothing without a best score or products", () => {
    expect(sharesTooLittle([0, 0], 0)).toBe(false);
    expect(sharesTooLittle([], 5)).toBe(false);
  });
});
