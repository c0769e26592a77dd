import { DEFAULT_SHOP_CURRENCY, minorUnits } from "@haggle/domain/markets/currency";
import { canonicalLocale, DEFAULT_SHOP_LOCALE } from "@haggle/domain/markets/locale";
import type { ShopCurrency } from "@haggle/contract/merchant";
import { setShopCurrency, setShopLocale } from "@haggle/domain/pricing/money";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { appSettings } from "../../platform/db/schema/settings.ts";
import { lockSellerConfig } from "./settings.store.ts";

/** The app_settings row that keeps the shop's currency (absent: the default, USD). */
const CURRENCY_KEY = "shop_currency";
/** The app_settings row that keeps the locale amounts are written in (absent: en-US). */
const LOCALE_KEY = "shop_locale";

/** The shop's currency (ISO 4217): the stored one, or USD. */
export async function loadShopCurrency(db: Queryable): Promise<string> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, CURRENCY_KEY));
  return row?.value ?? DEFAULT_SHOP_CURRENCY;
}

/** The shop's currency and locale as stored (the defaults when absent), in one read. */
async function loadShopMoneySettings(db: Queryable): Promise<{ currency: string; locale: string }> {
  const rows = await db
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(inArray(appSettings.key, [CURRENCY_KEY, LOCALE_KEY]));
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  return {
    currency: value(CURRENCY_KEY) ?? DEFAULT_SHOP_CURRENCY,
    locale: canonicalLocale(value(LOCALE_KEY) ?? "") ?? DEFAULT_SHOP_LOCALE,
  };
}

/**
 * The stored currency as an SQL expression, for a statement that must read it when it runs: the
 * order's insert records the currency in force as it is written (after any change it waited for).
 */
export function shopCurrencySql(): SQL<string> {
  return sql<string>`coalesce((select ${appSettings.value} from ${appSettings} where ${appSettings.key} = ${CURRENCY_KEY}), ${DEFAULT_SHOP_CURRENCY})`;
}

/** The shop's currency, its minor unit and its locale, as the storefront and agents read them. */
export async function shopCurrencyView(db: Queryable): Promise<ShopCurrency> {
  const { currency, locale } = await loadShopMoneySettings(db);
  return { currency, minorUnits: minorUnits(currency), locale };
}

/**
 * Takes the settings' lock (one writer of the settings at a time) and answers the currency in
 * force, so the caller can check what may change before `storeAndUseShopCurrency`, in the same transaction.
 */
export async function lockShopCurrency(tx: Tx): Promise<string> {
  await lockSellerConfig(tx);
  return loadShopCurrency(tx);
}

/** Keeps `value` as the app_settings row `key`. */
async function storeSetting(tx: Tx, key: string, value: string): Promise<void> {
  await tx
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value } });
}

/** How long a process trusts the currency it read before reading it again (another process may have changed it). */
const CURRENCY_FRESH_MS = 2000;
const lastRead = new WeakMap<object, number>();

/**
 * Makes the stored currency and locale the ones this process's amounts are in and written in (the
 * domain's `setShopCurrency`, `setShopLocale`), reading them at most every 2 seconds per database:
 * a change by another process of the cluster is seen within that (the currency changes only while
 * the shop has no orders, decision 0072).
 */
export async function refreshShopCurrency(db: Queryable, now = Date.now()): Promise<void> {
  const last = lastRead.get(db);
  if (last !== undefined && now - last < CURRENCY_FRESH_MS) return;
  lastRead.set(db, now);
  const { currency, locale } = await loadShopMoneySettings(db);
  setShopCurrency(currency);
  setShopLocale(locale);
}

/** Keeps `currency` as the shop's and makes it this process's at once. */
export async function storeAndUseShopCurrency(tx: Tx, currency: string): Promise<void> {
  await storeSetting(tx, CURRENCY_KEY, currency);
  setShopCurrency(currency);
}

/** Keeps `locale` (canonical, checked) as the shop's and makes it this process's at once. */
export async function storeAndUseShopLocale(tx: Tx, locale: string): Promise<void> {
  await storeSetting(tx, LOCALE_KEY, locale);
  setShopLocale(locale);
}
