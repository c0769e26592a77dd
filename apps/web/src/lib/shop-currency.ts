import { shopCurrencyRefusal } from "@haggle/domain/markets/currency";
import { setShopCurrency } from "@haggle/domain/pricing/money";

/** The meta element the server writes in every page: `<meta name="shop-currency" content="JPY">`. */
export const SHOP_CURRENCY_META = "shop-currency";

/**
 * Makes the currency the page names the one every amount is read, sent and shown in, before any
 * answer is parsed (amounts on the wire are in its major unit: 1200 is ¥1,200, 12.34 is €12.34).
 * A page without it (the dev server's) stays in USD. Formatted in en-US, as the server rendered it,
 * so hydration finds the same text.
 */
export function adoptShopCurrency(doc: Document): void {
  const code = doc.querySelector(`meta[name="${SHOP_CURRENCY_META}"]`)?.getAttribute("content") ?? "";
  if (code !== "" && shopCurrencyRefusal(code) === null) setShopCurrency(code);
}
