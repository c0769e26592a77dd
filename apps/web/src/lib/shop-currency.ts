import { shopCurrencyRefusal } from "@haggle/domain/markets/currency";
import { setShopCurrency, setShopLocale } from "@haggle/domain/pricing/money";

/** The meta element the server writes in every page: `<meta name="shop-currency" content="JPY">`. */
export const SHOP_CURRENCY_META = "shop-currency";
/** Beside it, the locale amounts are written in: `<meta name="shop-locale" content="de-DE">`. */
export const SHOP_LOCALE_META = "shop-locale";

/**
 * Makes the currency the page names the one every amount is read, sent and shown in, before any
 * answer is parsed (amounts on the wire are in its major unit: 1200 is ¥1,200, 12.34 is €12.34),
 * and its locale the one they are written in ("12,34 €" in de-DE), as the server rendered them,
 * so hydration finds the same text. A page without them (the dev server's) stays in USD, en-US.
 */
export function adoptShopCurrency(doc: Document): void {
  const meta = (name: string) => doc.querySelector(`meta[name="${name}"]`)?.getAttribute("content") ?? "";
  const code = meta(SHOP_CURRENCY_META);
  if (code !== "" && shopCurrencyRefusal(code) === null) setShopCurrency(code);
  const locale = meta(SHOP_LOCALE_META);
  if (locale !== "") setShopLocale(locale);
}
