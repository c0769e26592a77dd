import { describe, expect, it } from "vitest";
import { normalizeForFigures } from "../text/figures.ts";
import type { ParseContext } from "./negotiation-types.ts";
import { chooseAsk, clauseBreaks, wordList } from "./read-shopper-ask.ts";

const context: ParseContext = {
  subtotal: 25_000,
  lines: [
    {
      cartItemId: "shoes",
      name: "Air Zoom Running Shoes",
      brand: "Nike",
      category: "Footwear",
      price: 5000,
      quantity: 1,
    },
    {
      cartItemId: "phones",
      name: "Studio Headphones",
      brand: "Sony",
      category: "Audio",
      price: 20_000,
      quantity: 1,
    },
  ],
};
const ask = (text: string, question = false) =>
  chooseAsk(normalizeForFigures(text), context, question)?.ask ?? null;

describe("chooseAsk", () => {
  it("reads a percent, an amount off, a total and a line's price", () => {
    expect(ask("fifteen percent?")).toEqual({ kind: "percent", percent: 1500 });
    expect(ask("knock $30 off")).toEqual({ kind: "amount", amount: 3000 });
    expect(ask("200 for everything")).toEqual({ kind: "total", total: 20_000 });
    expect(ask("I'd pay 40 for the running shoes")).toEqual({
      kind: "item-price",
      cartItemId: "shoes",
      price: 4000,
    });
  });

  it("reads 'pay 80% of the price' as 20% off", () => {
    expect(ask("I'll pay 80% of the price")).toEqual({ kind: "percent", percent: 2000 });
  });

  it("prefers the figure the words make an ask over a quoted price", () => {
    expect(ask("it was $250 elsewhere, I'd pay $200")).toEqual({ kind: "total", total: 20_000 });
  });

  it("finds no ask in counts, product numbers or a question's threshold", () => {
    expect(ask("2 items")).toBeNull();
    expect(ask("is shipping free over $50?", true)).toBeNull();
    expect(ask("hello")).toBeNull();
  });

  it("marks a negative figure", () => {
    expect(ask("-$5 total")).toBe("negative");
  });
});

describe("clauses and words", () => {
  it("break clauses on punctuation but not inside numbers", () => {
    const text = "ok, $1,299.50 then; fine!";
    expect(clauseBreaks(text).map((i) => text[i])).toEqual([",", ";", "!"]);
  });

  it("keep an apostrophe inside a word", () => {
    expect(wordList("i'll pay 20, let's go")).toEqual(["i'll", "pay", "20", "let's", "go"]);
  });
});
