import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  formatMoney,
  fromColumn,
  groupThousands,
  moneyLabel,
  percentOf,
  setShopCurrency,
  setShopLocale,
  shopCurrency,
  shopCurrencySign,
  shopLocale,
  shopMinorUnits,
  toCents,
  toDecimalString,
  toDollars,
} from "./money.ts";

describe("money", () => {
  it("parses dollar strings and numbers into exact cents", () => {
    expect(toCents("12.34")).toBe(1234);
    expect(toCents("12.3")).toBe(1230);
    expect(toCents("12")).toBe(1200);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents("-5.05")).toBe(-505);
    expect(() => toCents("12.345")).toThrow(RangeError);
    expect(() => toCents("abc")).toThrow(RangeError);
  });

  it("round-trips cents through the decimal string and dollars", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }), (cents) => {
        expect(toCents(toDecimalString(cents))).toBe(cents);
        expect(toCents(toDollars(cents))).toBe(cents);
      }),
    );
  });

  it("formats with a dollar sign and two decimals", () => {
    expect(formatMoney(123456)).toBe("$1,234.56");
    expect(formatMoney(5)).toBe("$0.05");
    expect(formatMoney(-250)).toBe("-$2.50");
    expect(formatMoney(123456789012)).toBe("$1,234,567,890.12");
  });

  it("groups thousands as en-US does", () => {
    for (const n of [0, 7, 99, 100, 999, 1000, 12345, 999999, 1000000, 1234567890, -1234, -999])
      expect(groupThousands(n)).toBe(n.toLocaleString("en-US"));
    expect(groupThousands("0001")).toBe("0,001");
  });

  it("takes a percentage rounded half up to the cent", () => {
    expect(percentOf(1005, 1000)).toBe(101); // 100.5 -> 101
    expect(percentOf(1004, 1000)).toBe(100);
    expect(percentOf(9999, 1000)).toBe(1000); // 999.9 -> 1000
    expect(toDollars(10)).toBe(0.1);
  });
});

describe("amounts in the shop's currency", () => {
  afterEach(() => setShopCurrency("USD", "en-US"));

  it("writes a money field's label with the shop's currency sign", () => {
    expect(moneyLabel("Price ($)")).toBe("Price ($)");
    setShopCurrency("EUR");
    expect(moneyLabel("Price ($)")).toBe("Price (€)");
    setShopCurrency("JPY");
    expect(moneyLabel("Free over ($)")).toBe("Free over (¥)");
    expect(moneyLabel("Rate (%)")).toBe("Rate (%)");
  });

  it("reads, writes and formats yen without decimals", () => {
    setShopCurrency("JPY");
    expect(shopCurrency()).toBe("JPY");
    expect(shopMinorUnits()).toBe(0);
    expect(toCents("1200")).toBe(1200);
    expect(toCents("1200.00")).toBe(1200);
    expect(toCents(1200)).toBe(1200);
    expect(() => toCents("1200.5")).toThrow(RangeError);
    expect(toDollars(1200)).toBe(1200);
    expect(toDecimalString(1200)).toBe("1200");
    expect(formatMoney(123456)).toBe("¥123,456");
    expect(fromColumn("12.50")).toBe(13);
    expect(fromColumn("1200.00")).toBe(1200);
  });

  it("reads, writes and formats euros with cents, by the locale given", () => {
    setShopCurrency("EUR");
    expect(toCents("12.34")).toBe(1234);
    expect(toDollars(1234)).toBe(12.34);
    expect(toDecimalString(1234)).toBe("12.34");
    expect(formatMoney(1234)).toBe("€12.34");
    setShopCurrency("EUR", "de-DE");
    expect(formatMoney(123456)).toBe("1.234,56\u00a0€");
    expect(formatMoney(1250)).toBe("12,50\u00a0€");
  });

  it("writes amounts in the shop's locale, whatever the currency", () => {
    setShopLocale("de-de");
    expect(shopLocale()).toBe("de-DE");
    expect(formatMoney(1250)).toBe("12,50\u00a0$");
    setShopCurrency("JPY");
    expect(formatMoney(1200)).toBe("1.200\u00a0¥");
    setShopLocale("ja-JP");
    expect(formatMoney(1200)).toBe("￥1,200");
    setShopCurrency("EUR");
    setShopLocale("fr-FR");
    expect(formatMoney(123456)).toBe("1\u202f234,56\u00a0€");
    expect(shopCurrencySign()).toBe("€");
    setShopLocale("not a locale");
    expect(shopLocale()).toBe("en-US");
    expect(formatMoney(1250)).toBe("€12.50");
  });

  it("keeps dollars exactly as before", () => {
    expect(formatMoney(-123456)).toBe("-$1,234.56");
    expect(fromColumn("12.34")).toBe(1234);
    expect(toCents("12.30")).toBe(1230);
  });
});
