import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hundredthsOf, MONEY_AMOUNT, normalizeForFigures, readMoneyAmount, scanNumbers } from "./figures.ts";

const figures = (text: string) =>
  scanNumbers(normalizeForFigures(text)).map((t) => ({
    unit: t.unit,
    value: hundredthsOf(t),
    negative: t.negative,
  }));

describe("normalizeForFigures", () => {
  it("lower-cases, folds full-width forms and quotes, and spells figures as digits", () => {
    expect(normalizeForFigures("Fifteen  PERCENT")).toBe("15 percent");
    expect(normalizeForFigures("０２０％ off")).toBe("020% off");
    expect(normalizeForFigures("I\u2019ll pay \u221210")).toBe("i'll pay -10");
    expect(normalizeForFigures("half price, please")).toBe("50% off, please");
    expect(normalizeForFigures("Half the price")).toBe("50% off");
  });
});

describe("scanNumbers and hundredthsOf", () => {
  it("read percents in hundredths of a point", () => {
    expect(figures("15%")).toEqual([{ unit: "percent", value: 1500, negative: false }]);
    expect(figures("12.5 percent")).toEqual([{ unit: "percent", value: 1250, negative: false }]);
    expect(figures("fifteen pct")).toEqual([{ unit: "percent", value: 1500, negative: false }]);
    expect(figures("twenty-five per cent")).toEqual([{ unit: "percent", value: 2500, negative: false }]);
  });

  it("read money in cents, the currency before or after, thousands separated or with k", () => {
    expect(figures("$1,299.99")).toEqual([{ unit: "money", value: 129_999, negative: false }]);
    expect(figures("50 bucks")).toEqual([{ unit: "money", value: 5000, negative: false }]);
    expect(figures("fifty bucks")).toEqual([{ unit: "money", value: 5000, negative: false }]);
    expect(figures("USD 12")).toEqual([{ unit: "money", value: 1200, negative: false }]);
    expect(figures("$1.5k")).toEqual([{ unit: "money", value: 150_000, negative: false }]);
    expect(figures("a hundred dollars")).toEqual([{ unit: "money", value: 10_000, negative: false }]);
    expect(figures("€20")).toEqual([{ unit: "money", value: 2000, negative: false }]);
  });

  it("keep bare numbers and signs, and skip numbers glued to letters", () => {
    expect(figures("80 for both")).toEqual([{ unit: "bare", value: 8000, negative: false }]);
    expect(figures("-$5")).toEqual([{ unit: "money", value: 500, negative: true }]);
    expect(figures("the 21st, v2, 2x")).toEqual([]);
  });

  it("keep ranges as two figures", () => {
    expect(figures("10-15%").map((f) => f.value)).toEqual([1000, 1500]);
  });

  it("are exact to the cent and never unsafe", () => {
    expect(hundredthsOf({ int: "19", frac: "99", kilo: false })).toBe(1999);
    expect(hundredthsOf({ int: "0", frac: "5", kilo: false })).toBe(50);
    expect(hundredthsOf({ int: "9".repeat(40), frac: "", kilo: false })).toBe(Number.MAX_SAFE_INTEGER);
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        for (const token of scanNumbers(normalizeForFigures(text))) {
          const value = hundredthsOf(token);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
        }
      }),
    );
  });
});

describe("MONEY_AMOUNT and readMoneyAmount", () => {
  const amount = new RegExp(`^(?:${MONEY_AMOUNT})$`, "u");

  it.each([
    ["$1,299.99", 129_999, true],
    ["50 dollars", 5000, true],
    ["usd 20", 2000, true],
    ["1.5k", 150_000, false],
    ["fifty bucks", 5000, true],
    ["a hundred", 10_000, false],
    ["two hundred fifty", 25_000, false],
    ["$19.99", 1999, true],
    [".99", 99, false],
    ["80", 8000, false],
  ])("%s is %d cents (currency: %s)", (text, cents, currency) => {
    expect(text).toMatch(amount);
    expect(readMoneyAmount(text)).toEqual({ cents, currency });
  });

  it("does not take a lone digit word for a price", () => {
    expect("five").not.toMatch(amount);
  });

  it("reads nothing that is not a number", () => {
    expect(readMoneyAmount("bucks")).toBeNull();
  });
});
