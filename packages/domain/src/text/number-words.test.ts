import { describe, expect, it } from "vitest";
import { SPELLED_AMOUNT, SPELLED_NUMBER, spelledNumberValue, spellFiguresAsDigits } from "./number-words.ts";

const whole = (source: string) => new RegExp(`^(?:${source})$`, "u");

describe("spelledNumberValue", () => {
  it.each([
    ["zero", 0],
    ["five", 5],
    ["fifteen", 15],
    ["twenty", 20],
    ["twenty five", 25],
    ["twenty-five", 25],
    ["Ninety Nine", 99],
    ["fourty", 40],
    ["hundred", 100],
    ["a hundred", 100],
    ["one hundred", 100],
    ["two hundred fifty", 250],
    ["one hundred twenty five", 125],
    ["three thousand", 3000],
    ["a grand", 1000],
    ["two thousand five hundred", 2500],
  ])("%s is %d", (text, value) => {
    expect(spelledNumberValue(text)).toBe(value);
  });

  it("is null for anything that is not all number words", () => {
    expect(spelledNumberValue("")).toBeNull();
    expect(spelledNumberValue("twenty bucks")).toBeNull();
    expect(spelledNumberValue("a lot")).toBeNull();
  });
});

describe("the spelled-number patterns", () => {
  it("match whole spelled amounts, but no lone digit word as an amount", () => {
    for (const text of [
      "fifty",
      "twenty-five",
      "ninety nine",
      "a hundred",
      "two hundred fifty",
      "three grand",
    ])
      expect(text).toMatch(whole(SPELLED_AMOUNT));
    for (const text of ["five", "one", "zero"]) expect(text).not.toMatch(whole(SPELLED_AMOUNT));
  });

  it("match any spelled number, lone digit words included", () => {
    for (const text of ["five", "zero", "fifteen", "seventy-two", "a thousand"])
      expect(text).toMatch(whole(SPELLED_NUMBER));
  });

  it("join tens and units by one space or hyphen only", () => {
    expect("twenty - five").not.toMatch(whole(SPELLED_NUMBER));
  });
});

describe("spellFiguresAsDigits", () => {
  it.each([
    ["fifteen percent off", "15 percent off"],
    ["twenty-five%", "25%"],
    ["under fifty bucks", "under 50 bucks"],
    ["a hundred dollars", "100 dollars"],
    ["two hundred fifty dollars", "250 dollars"],
    ["five pct", "5 pct"],
    ["zero per cent", "0 per cent"],
  ])("%s -> %s", (text, digits) => {
    expect(spellFiguresAsDigits(text)).toBe(digits);
  });

  it("leaves number words that are not figures alone", () => {
    for (const text of ["two jackets", "a hundred ways", "someone", "fifty-fifty", "twentyfive percent"])
      expect(spellFiguresAsDigits(text)).toBe(text);
  });
});
