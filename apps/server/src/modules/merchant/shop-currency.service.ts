import type { ShopCurrency } from "@haggle/contract/merchant";
import { conflict, invalid } from "@haggle/domain/errors";
import { minorUnits, shopCurrencyRefusal } from "@haggle/domain/markets/currency";
import { canonicalLocale, shopLocaleRefusal } from "@haggle/domain/markets/locale";
import { shopLocale } from "@haggle/domain/pricing/money";
import type { Db } from "../../platform/db/client.ts";
import { hasAnyOrderLocked } from "../orders/index.ts";
import { lockShopCurrency, storeAndUseShopCurrency, storeAndUseShopLocale } from "../settings/index.ts";

/** What a shop with orders is told when it tries another currency (its orders' amounts are in this one). */
export const CURRENCY_FIXED_BY_ORDERS = "The shop's currency can't change once it has orders.";

/**
 * Makes `code` the shop's currency and `locale` (when given) the one its amounts are written in:
 * refused (400) when the code is not an ISO 4217 code the shop can keep or the locale not a BCP 47
 * tag the runtime formats with, and (409) when the currency differs from the one in force and the
 * shop has any order. Saving the currency in force again always succeeds, and the locale may
 * change at any time (it writes amounts, it does not change them). Changes nothing when refused.
 */
export async function changeShopCurrency(db: Db, code: string, locale?: string): Promise<ShopCurrency> {
  const refusal = shopCurrencyRefusal(code);
  if (refusal) throw invalid(refusal, "CURRENCY_INVALID");
  const localeRefusal = locale === undefined ? null : shopLocaleRefusal(locale);
  if (localeRefusal) throw invalid(localeRefusal, "LOCALE_INVALID");
  const chosenLocale = locale === undefined ? null : canonicalLocale(locale);
  return db.transaction(async (tx) => {
    const current = await lockShopCurrency(tx);
    if (code !== current) {
      if (await hasAnyOrderLocked(tx)) throw conflict(CURRENCY_FIXED_BY_ORDERS, "CURRENCY_FIXED");
      await storeAndUseShopCurrency(tx, code);
    }
    if (chosenLocale) await storeAndUseShopLocale(tx, chosenLocale);
    return { currency: code, minorUnits: minorUnits(code), locale: chosenLocale ?? shopLocale() };
  });
}
