import { afterEach, describe, expect, it } from "vitest";
import { setShopCurrency } from "../pricing/money.ts";
import {
  foreignCurrencyOf,
  minorUnitsOf,
  normalizeForFigures,
  readMoneyAmount,
  scanNumbers,
} from "./figures.ts";
import { decimalCommasAsPoints, foreignCurrency } from "./money-signs.ts";

/** Each money figure of a text: its amount in the shop's minor unit and the currency it names if foreign. */
const money = (text: string) =>
  scanNumbers(normalizeForFigures(text))
    .filter((t) => t.unit === "money")
    .map((t) => ({ minor: minorUnitsOf(t), foreign: foreignCurrencyOf(t) }));

afterEach(() => setShopCurrency("USD"));

describe("currency signs", () => {
  it("fit the shop's currency by code, or by the symbol it is written with", () => {
    expect(foreignCurrency("$")).toBeNull();
    expect(foreignCurrency("dollars")).toBeNull();
    expect(foreignCurrency("€")).toBe("EUR");
    expect(foreignCurrency("yen")).toBe("¥");
    expect(foreignCurrency(null)).toBeNull();
    setShopCurrency("CAD");
    expect(foreignCurrency("$")).toBeNull();
    expect(foreignCurrency("usd")).toBe("USD");
    setShopCurrency("JPY");
    expect(foreignCurrency("¥")).toBeNull();
    expect(foreignCurrency("円")).toBeNull();
    expect(foreignCurrency("jpy")).toBeNull();
    expect(foreignCurrency("$")).toBe("$");
    setShopCurrency("GBP");
    expect(foreignCurrency("£")).toBeNull();
    expect(foreignCurrency("quid")).toBeNull();
    expect(foreignCurrency("eur")).toBe("EUR");
  });

  it("read a decimal comma beside a euro, pound or yen sign; a thousands comma stays one", () => {
    expect(decimalCommasAsPoints("€12,50")).toBe("€12.50");
    expect(decimalCommasAsPoints("12,50 €")).toBe("12.50 €");
    expect(decimalCommasAsPoints("1.234,5 eur")).toBe("1234.5 eur");
    expect(decimalCommasAsPoints("€1,299")).toBe("€1,299");
    expect(decimalCommasAsPoints("sizes 10,12")).toBe("sizes 10,12");
  });
});

describe("money figures in the shop's currency", () => {
  it("are yen in a yen shop, whatever sign or word the shopper writes", () => {
    setShopCurrency("JPY");
    for (const text of ["¥1200", "1200 yen", "1,200円", "JPY 1200", "￥1200"])
      expect(money(text), text).toEqual([{ minor: 1200, foreign: null }]);
    expect(money("$12")).toEqual([{ minor: 12, foreign: "$" }]);
  });

  it("are cents in a euro shop, with a decimal comma or point", () => {
    setShopCurrency("EUR");
    for (const text of ["€12,50", "12,50 €", "12.50 euros", "EUR 12.50"])
      expect(money(text), text).toEqual([{ minor: 1250, foreign: null }]);
    expect(money("£20")).toEqual([{ minor: 2000, foreign: "£" }]);
  });

  it("are read by the assistant's amount reader alike", () => {
    setShopCurrency("EUR");
    expect(readMoneyAmount("€12,50")).toEqual({ cents: 1250, currency: true });
    expect(readMoneyAmount("12,50 €")).toEqual({ cents: 1250, currency: true });
    expect(readMoneyAmount("¥1200")).toEqual({ cents: 120_000, currency: true, foreign: "¥" });
    setShopCurrency("JPY");
    expect(readMoneyAmount("1200 yen")).toEqual({ cents: 1200, currency: true });
    setShopCurrency("GBP");
    expect(readMoneyAmount("£20")).toEqual({ cents: 2000, currency: true });
  });
});
