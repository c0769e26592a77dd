import type { ShopCurrency } from "@haggle/contract/merchant";
import { conflict, invalid } from "@haggle/domain/errors";
import { minorUnits, shopCurrencyRefusal } from "@haggle/domain/markets/currency";
import type { Db } from "../../platform/db/client.ts";
import { hasAnyOrderLocked } from "../orders/index.ts";
import { lockShopCurrency, storeAndUseShopCurrency } from "../settings/index.ts";

/** What a shop with orders is told when it tries another currency (its orders' amounts are in this one). */
export const CURRENCY_FIXED_BY_ORDERS = "The shop's currency can't change once it has orders.";

/**
 * Makes `code` the shop's currency: refused (400) when it is not an ISO 4217 code the shop can
 * keep, and (409) when it differs from the one in force and the shop has any order. Saving the
 * currency in force again always succeeds. Changes nothing when refused.
 */
export async function changeShopCurrency(db: Db, code: string): Promise<ShopCurrency> {
  const refusal = shopCurrencyRefusal(code);
  if (refusal) throw invalid(refusal, "CURRENCY_INVALID");
  return db.transaction(async (tx) => {
    const current = await lockShopCurrency(tx);
    if (code !== current) {
      if (await hasAnyOrderLocked(tx)) throw conflict(CURRENCY_FIXED_BY_ORDERS, "CURRENCY_FIXED");
      await storeAndUseShopCurrency(tx, code);
    }
    return { currency: code, minorUnits: minorUnits(code) };
  });
}
