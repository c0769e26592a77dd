import { describe, expect, it } from "vitest";
import type { Cents } from "../pricing/money.ts";
import {
  answerAboutProduct,
  mayNameShownProduct,
  type ShownProductRecord,
  shownAt,
  shownProductNamed,
} from "./shown-product-questions.ts";

const product = (
  name: string,
  price: number,
  more: Partial<ShownProductRecord> = {},
): ShownProductRecord => ({
  name,
  brand: name.split(" ")[0] ?? "",
  price: price as Cents,
  listPrice: price as Cents,
  inStock: true,
  description: `${name}. Made to last.`,
  tags: [],
  ...more,
});

const shown = [
  product("Brewhaus Pour-Over Coffee Maker", 3800),
  product("Brewhaus Burr Coffee Grinder", 6799),
  product("Brewhaus Electric Gooseneck Kettle", 4999),
];

describe("which shown product a question means", () => {
  it("by a word of its name: 'how much is the grinder?', 'is the kettle electric?'", () => {
    expect(shownProductNamed("how much is the grinder?", shown)?.name).toMatch(/Grinder/);
    expect(shownProductNamed("Is the kettle electric?", shown)?.name).toMatch(/Kettle/);
    expect(shownProductNamed("tell me more about the coffee maker", shown)?.name).toMatch(/Pour-Over/);
  });
  it("none when the question names nothing shown, or is no question about 'the X'", () => {
    expect(shownProductNamed("how much is the tent?", shown)).toBeUndefined();
    expect(mayNameShownProduct("kettles under $50")).toBe(false);
  });
  it("by its place", () => {
    expect(shownAt(shown, 2)?.name).toMatch(/Grinder/);
    expect(shownAt(shown, -1)?.name).toMatch(/Kettle/);
    expect(shownAt(shown, null)?.name).toMatch(/Pour-Over/);
  });
});

describe("answering from the product's record", () => {
  it("says the price and stock, and what the record does or does not say", () => {
    const blanket = product("Hearthside Chunky Knit Throw Blanket", 6199, {
      description: "A chunky knit throw. Machine washable on a gentle cycle.",
    });
    expect(answerAboutProduct(blanket, "can I put it in the washing machine?")).toMatch(
      /^It mentions machine/,
    );
    expect(answerAboutProduct(blanket, "is it waterproof?")).toMatch(/doesn't mention waterproof/);
    expect(answerAboutProduct(shown[1]!, "how much is the grinder?")).toMatch(
      /^Brewhaus Burr Coffee Grinder by Brewhaus is \$67\.99, in stock\./,
    );
  });
});

describe("questions about all that was shown are no question about one product", () => {
  it("plural verbs and 'do you have them ...' are left to the search", () => {
    expect(mayNameShownProduct("are the headphones waterproof?")).toBe(false);
    expect(mayNameShownProduct("do the kettles come in black?")).toBe(false);
  });
});
