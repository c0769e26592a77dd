import { describe, expect, it } from "vitest";
import { escapeLike, matchesAllWords, tokenizeSearch } from "./search-text.ts";

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
