import { describe, expect, it } from "vitest";
import { parseShoppingRequest } from "./parse-shopping-request.ts";
import { catalog } from "./shopping-test-catalog.ts";

/** Ways shoppers say no, a price range and a price compared with a shown product (decision 0097). */
const parse = (...messages: string[]) =>
  parseShoppingRequest(messages, { ...catalog, tagCategories: { camping: ["Outdoor"] } });

describe("a no said in other words", () => {
  it("excludes a brand the shopper is not a fan of, would exclude, skip or hates, and keeps none of those words", () => {
    for (const no of [
      "not a fan of sony",
      "exclude sony",
      "skip the sony ones",
      "i hate sony",
      "nah not sony",
    ]) {
      const r = parse("headphones", no);
      expect(r.turn, no).toBe("exclusion");
      expect(r.excludedBrands, no).toEqual(["Sony"]);
      expect(r.filters.brands, no).toEqual([]);
      expect(r.text, no).toBe("headphone");
    }
  });

  it("reads what the shopper already has as not wanted, each of a list joined by and", () => {
    const r = parse("camping gear", "we already own a stove and a lantern");
    expect(r.turn).toBe("exclusion");
    expect(r.excludedWords).toEqual(expect.arrayContaining(["stove", "lantern"]));
  });

  it("keeps a wish after a comma and 'and' out of the list", () => {
    const r = parse("camping gear", "no tents, and a stove please");
    expect(r.excludedWords).toContain("tent");
    expect(r.excludedWords).not.toContain("stove");
  });

  it("reads 'enough X' at the start of a sentence as no more of them, not 'big enough for'", () => {
    const r = parse("sneakers", "ok enough sneakers, what about sandals");
    expect(r.excludedWords).toContain("sneaker");
    expect(r.subjectWords).toContain("sandal");
    expect(parse("a tent", "is it big enough for camping?").excludedWords).toEqual([]);
  });

  it("reads 'nothing in' and 'not in' a material or style as its exclusion", () => {
    const r = parse("jackets", "nothing in leather");
    expect(r.turn).toBe("exclusion");
    expect(r.excludedWords).toContain("leather");
  });
});

describe("a range of bare numbers said to be prices", () => {
  it("reads 'in the 40-80 range', 'budget 40-80' and 'prices 40 to 80'", () => {
    for (const said of ["in the 40-80 range", "budget 40-80", "prices 40 to 80"]) {
      const r = parse("a backpack", said);
      expect([r.filters.minPrice, r.filters.maxPrice], said).toEqual([4000, 8000]);
      expect(r.text, said).toBe("backpack");
    }
  });

  it("leaves a range that is no price alone (a size, a tent's people)", () => {
    expect(parse("a 2-3 person tent").filters.maxPrice).toBeNull();
    expect(parse("running shoes size 9-10").filters.minPrice).toBeNull();
  });
});

describe("a price compared with a shown product", () => {
  it("is a relative price pointing at that product, not a question about it", () => {
    const r = parse("backpacks", "anything cheaper than the second one?");
    expect(r.turn).toBe("relative-price");
    expect(r.relative).toBe("cheaper");
    expect(r.ordinal).toBe(2);
    const up = parse("backpacks", "something pricier than the last one");
    expect([up.turn, up.relative, up.ordinal]).toEqual(["relative-price", "pricier", -1]);
  });

  it("stays a question when it asks which of the shown is cheaper", () => {
    expect(parse("backpacks", "is the first one cheaper than the second?").turn).toBe("question");
  });
});

describe("a shown product not wanted", () => {
  it("'not that one' and 'i don't like the third one' leave that product out of the same request", () => {
    const that = parse("desk lamps", "not that one");
    expect([that.turn, that.notShown, that.ordinal]).toEqual(["exclusion", true, null]);
    expect(that.text).toBe(parse("desk lamps").text);
    const third = parse("desk lamps", "i don't like the third one");
    expect([third.turn, third.notShown, third.ordinal]).toEqual(["exclusion", true, 3]);
  });

  it("stays a price when a cheaper one is asked for, and a question when the product is asked about", () => {
    expect(parse("desk lamps", "not that one, something cheaper").turn).toBe("relative-price");
    expect(parse("desk lamps", "is the second one dimmable?").turn).toBe("question");
    expect(parse("desk lamps", "is the second one dimmable?").notShown).toBe(false);
  });
});

describe("a product word written as two words", () => {
  const names = { categories: ["Tops", "Laptops", "Electronics"], brands: [] };
  it("is read as the one word ('lap top' is a laptop, not the shop's Tops; 'key board' a keyboard)", () => {
    expect(parseShoppingRequest(["a cheap lap top"], names).filters.categories).toEqual(["Laptops"]);
    expect(parseShoppingRequest(["got a key board?"], names).text).toBe("keyboard");
  });
  it("leaves two words that are no product word together alone", () => {
    expect(parseShoppingRequest(["a red top"], names).filters.categories).toEqual(["Tops"]);
  });
});

describe("a price asked of what was shown", () => {
  it("reads 'how much is it?', 'what do they cost', 'price?' as a question about the shown product", () => {
    for (const q of [
      "how much is it?",
      "how much are they",
      "what does it cost",
      "what's the price?",
      "price?",
      "ok how much is that one",
    ]) {
      const r = parse("a kettlebell", q);
      expect(r.turn, q).toBe("question");
      expect(r.subjectWords, q).toEqual(["kettlebell"]);
    }
  });

  it("leaves a price asked of another thing or of the shop as it was", () => {
    expect(parse("a kettlebell", "how much are the dumbbells").turn).toBe("topic-change");
    expect(parse("a kettlebell", "how much is shipping?").turn).toBe("chit-chat");
  });
});

describe("a list of kinds", () => {
  it("reads kinds joined by and, &, a comma or or as either kind, not one thing that is both", () => {
    for (const ask of [
      "hoodies and sweaters",
      "hoodies & sweaters",
      "hoodies or sweaters",
      "hoodies, sweaters",
    ]) {
      const r = parse(ask);
      expect(r.anyOf, ask).toEqual(["hoodie", "sweater"]);
      expect(r.subjectWords, ask).toEqual([]);
    }
  });

  it("still reads a list after a no as things not wanted", () => {
    expect(parse("camping gear", "we already own a stove and a lantern").excludedWords).toEqual(
      expect.arrayContaining(["stove", "lantern"]),
    );
  });
});
