import { describe, expect, it } from "vitest";
import { canonicalLocale, SHOP_LOCALES, shopLocaleRefusal } from "./locale.ts";

describe("the shop's locale", () => {
  it("takes a BCP 47 tag the runtime formats with, written canonically", () => {
    expect(canonicalLocale("de-DE")).toBe("de-DE");
    expect(canonicalLocale(" en-us ")).toBe("en-US");
    expect(canonicalLocale("ja")).toBe("ja");
    expect(shopLocaleRefusal("fr-CA")).toBeNull();
  });

  it("refuses what is not a locale with a sentence", () => {
    expect(canonicalLocale("not a locale")).toBeNull();
    expect(canonicalLocale("")).toBeNull();
    expect(canonicalLocale("xx-YY")).toBeNull();
    expect(shopLocaleRefusal("german")).toBe(
      '"german" is not a locale amounts can be written in: use a BCP 47 tag such as en-US, de-DE or ja-JP.',
    );
  });

  it("offers only locales it accepts, each once", () => {
    expect(new Set(SHOP_LOCALES).size).toBe(SHOP_LOCALES.length);
    for (const tag of SHOP_LOCALES) expect(canonicalLocale(tag)).toBe(tag);
  });
});
