import { formatMoney, setShopCurrency, shopCurrency, shopLocale } from "@haggle/domain/pricing/money";
import { afterEach, describe, expect, it } from "vitest";
import { adoptShopCurrency } from "./shop-currency";

/** A page whose head holds these meta elements, as the server writes them. */
function pageWith(meta: Record<string, string>): Document {
  const doc = document.implementation.createHTMLDocument("shop");
  for (const [name, content] of Object.entries(meta)) {
    const element = doc.createElement("meta");
    element.setAttribute("name", name);
    element.setAttribute("content", content);
    doc.head.append(element);
  }
  return doc;
}

describe("adoptShopCurrency", () => {
  afterEach(() => setShopCurrency("USD", "en-US"));

  it("takes the currency and the locale the page names, as the server wrote the amounts", () => {
    adoptShopCurrency(pageWith({ "shop-currency": "EUR", "shop-locale": "de-DE" }));
    expect(shopCurrency()).toBe("EUR");
    expect(shopLocale()).toBe("de-DE");
    expect(formatMoney(1250)).toBe("12,50\u00a0€");
  });

  it("stays in USD and en-US without them, and ignores what it can't use", () => {
    adoptShopCurrency(pageWith({}));
    expect(formatMoney(1250)).toBe("$12.50");
    adoptShopCurrency(pageWith({ "shop-currency": "KWD", "shop-locale": "no such locale" }));
    expect(shopCurrency()).toBe("USD");
    expect(shopLocale()).toBe("en-US");
  });
});
