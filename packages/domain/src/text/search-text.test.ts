import { describe, expect, it } from "vitest";
import { escapeLike, likelyCasings, matchesAllWords, tokenizeSearch } from "./search-text.ts";

describe("search text", () => {
  it("splits into lower-case words without punctuation or duplicates", () => {
    expect(tokenizeSearch("  Wireless, HEADPHONES!  wireless ")).toEqual(["wireless", "headphones"]);
    expect(tokenizeSearch("")).toEqual([]);
    expect(tokenizeSearch("!!!")).toEqual([]);
    expect(tokenizeSearch("Men's T-shirt")).toEqual(["men's", "t-shirt"]);
    expect(tokenizeSearch("a b c d e f g h i j")).toHaveLength(8);
  });
  it("escapes LIKE wildcards", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
  it("matches name, description or brand case-insensitively, every word", () => {
    const p = { name: "Trail Running Shoe", description: "Grippy and light.", brand: "Stride" };
    expect(matchesAllWords(p, ["running"])).toBe(true);
    expect(matchesAllWords(p, ["stride", "grippy"])).toBe(true);
    expect(matchesAllWords(p, ["running", "headphones"])).toBe(false);
  });
});

describe("likelyCasings", () => {
  it("gives the text capitalized word by word and as typed", () => {
    expect(likelyCasings("wireless headphones")).toEqual(["Wireless Headphones", "wireless headphones"]);
    expect(likelyCasings("t-shirt")).toEqual(["T-Shirt", "t-shirt"]);
    expect(likelyCasings("4k tv")).toEqual(["4k Tv", "4k tv"]);
  });

  it("gives each casing once", () => {
    expect(likelyCasings("42")).toEqual(["42"]);
  });

  it("gives none for text beyond ASCII, where lowering may differ between JavaScript and a database", () => {
    expect(likelyCasings("café")).toEqual([]);
    expect(likelyCasings("straße")).toEqual([]);
  });

  it("gives casings that all lower to the text", () => {
    for (const text of ["wireless headphones", "o'neill", "usb-c hub", "a&b"])
      for (const casing of likelyCasings(text)) expect(casing.toLowerCase()).toBe(text);
  });
});
