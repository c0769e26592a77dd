import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatInCurrency,
  isCurrencyCode,
  minorUnits,
  shopCurrencyRefusal,
  toDecimal,
  toMinor,
} from "./currency.ts";

describe("the shop's currency", () => {
  it("knows each currency's minor unit (ISO 4217)", () => {
    expect(minorUnits("USD")).toBe(2);
    expect(minorUnits("EUR")).toBe(2);
    expect(minorUnits("JPY")).toBe(0);
    expect(minorUnits("KWD")).toBe(3);
    expect(minorUnits("HUF")).toBe(2);
    expect(() => minorUnits("usd")).toThrow(/ISO 4217/);
    expect(() => minorUnits("ZZZ")).toThrow(/ISO 4217/);
    expect(isCurrencyCode("GBP")).toBe(true);
    expect(isCurrencyCode("GB")).toBe(false);
  });

  it("reads and writes amounts exactly in the minor unit", () => {
    expect(toMinor("12.34", "EUR")).toBe(1234);
    expect(toMinor("12.3", "EUR")).toBe(1230);
    expect(toMinor("1200", "JPY")).toBe(1200);
    expect(toMinor("1.5", "KWD")).toBe(1500);
    expect(() => toMinor("12.5", "JPY")).toThrow(/at most 0 decimals/);
    expect(() => toMinor("1.234", "EUR")).toThrow();
    expect(toDecimal(1234, "EUR")).toBe("12.34");
    expect(toDecimal(1200, "JPY")).toBe("1200");
    expect(toDecimal(1500, "KWD")).toBe("1.500");
    expect(toDecimal(-5, "USD")).toBe("-0.05");
  });

  it("round-trips every amount in every kind of minor unit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom("USD", "JPY", "KWD", "BHD"),
        (minor, currency) => {
          expect(toMinor(toDecimal(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });

  it("formats by locale with the currency's decimals", () => {
    expect(formatInCurrency(123456, "USD")).toBe("$1,234.56");
    expect(formatInCurrency(1234, "EUR", "de-DE")).toBe("12,34\u00a0€");
    expect(formatInCurrency(1200, "JPY", "ja-JP")).toBe("￥1,200");
    expect(formatInCurrency(1200, "JPY", "en-US")).toBe("¥1,200");
    expect(formatInCurrency(1500, "KWD", "en-US")).toBe("KWD\u00a01.500");
  });
});

describe("which currency a shop may choose", () => {
  it("takes currencies with 0 or 2 decimals", () => {
    for (const code of ["USD", "EUR", "JPY", "GBP", "KRW"]) expect(shopCurrencyRefusal(code)).toBeNull();
  });
  it("refuses a code that is not ISO 4217, with a sentence", () => {
    expect(shopCurrencyRefusal("usd")).toMatch(/is not a currency code/);
    expect(shopCurrencyRefusal("XYZ")).toMatch(/is not a currency code/);
  });
  it("refuses a currency with 3 decimals, which the money columns cannot keep", () => {
    expect(shopCurrencyRefusal("KWD")).toBe(
      "The shop can't sell in KWD yet: its amounts have 3 decimals, and prices are kept with at most 2.",
    );
  });
});
