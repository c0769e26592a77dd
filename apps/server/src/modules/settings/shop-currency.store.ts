import { DEFAULT_SHOP_CURRENCY, minorUnits } from "@haggle/domain/markets/currency";
import type { ShopCurrency } from "@haggle/contract/merchant";
import { setShopCurrency } from "@haggle/domain/pricing/money";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { appSettings } from "../../platform/db/schema/settings.ts";
import { lockSellerConfig } from "./settings.store.ts";

/** The app_settings row that keeps the shop's currency (absent: the default, USD). */
const CURRENCY_KEY = "shop_currency";

/** The shop's currency (ISO 4217): the stored one, or USD. */
export async function loadShopCurrency(db: Queryable): Promise<string> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, CURRENCY_KEY));
  return row?.value ?? DEFAULT_SHOP_CURRENCY;
}

/**
 * The stored currency as an SQL expression, for a statement that must read it when it runs: the
 * order's insert records the currency in force as it is written (after any change it waited for).
 */
export function shopCurrencySql(): SQL<string> {
  return sql<string>`coalesce((select ${appSettings.value} from ${appSettings} where ${appSettings.key} = ${CURRENCY_KEY}), ${DEFAULT_SHOP_CURRENCY})`;
}

/** The shop's currency and its minor unit, as the storefront and agents read it. */
export async function shopCurrencyView(db: Queryable): Promise<ShopCurrency> {
  const currency = await loadShopCurrency(db);
  return { currency, minorUnits: minorUnits(currency) };
}

/**
 * Takes the settings' lock (one writer of the settings at a time) and answers the currency in
 * force, so the caller can check what may change before `storeAndUseShopCurrency`, in the same transaction.
 */
export async function lockShopCurrency(tx: Tx): Promise<string> {
  await lockSellerConfig(tx);
  return loadShopCurrency(tx);
}

/** Keeps `currency` (already checked) as the shop's currency. */
async function storeShopCurrency(tx: Tx, currency: string): Promise<void> {
  await tx
    .insert(appSettings)
    .values({ key: CURRENCY_KEY, value: currency })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: currency } });
}

/** How long a process trusts the currency it read before reading it again (another process may have changed it). */
const CURRENCY_FRESH_MS = 2000;
const lastRead = new WeakMap<object, number>();

/**
 * Makes the stored currency the one this process's amounts are in (the domain's `setShopCurrency`),
 * reading it at most every 2 seconds per database: a change by another process of the cluster is
 * seen within that (the currency changes only while the shop has no orders, decision 0072).
 */
export async function refreshShopCurrency(db: Queryable, now = Date.now()): Promise<void> {
  const last = lastRead.get(db);
  if (last !== undefined && now - last < CURRENCY_FRESH_MS) return;
  lastRead.set(db, now);
  setShopCurrency(await loadShopCurrency(db));
}

/** Keeps `currency` as the shop's and makes it this process's at once. */
export async function storeAndUseShopCurrency(tx: Tx, currency: string): Promise<void> {
  await storeShopCurrency(tx, currency);
  setShopCurrency(currency);
}
