import { DEFAULT_SHOP_CURRENCY, formatInCurrency, minorUnits, toDecimal } from "../markets/currency.ts";
import { canonicalLocale, DEFAULT_SHOP_LOCALE } from "../markets/locale.ts";

/**
 * Money in the domain is an integer number of the shop's currency's minor unit ("cents": yen for
 * JPY). The decimal form appears only at the edges (database numeric columns, JSON), converted here
 * exactly, never by float arithmetic on sums.
 */
export type Cents = number;

/**
 * The shop's currency, one per process: a process serves one shop, whose currency can change only
 * while it has no orders (decision 0072). The server sets it from its settings, the web app from
 * the page the server sent; until then it is USD.
 */
let currency = DEFAULT_SHOP_CURRENCY;
let digits = 2;
let locale = DEFAULT_SHOP_LOCALE;

/** Makes `code` (an ISO 4217 code with at most 2 decimals) the currency every amount is in. */
export function setShopCurrency(code: string, displayLocale?: string): void {
  digits = minorUnits(code);
  currency = code;
  if (displayLocale) setShopLocale(displayLocale);
}

/**
 * Makes `tag` (a BCP 47 locale) the one every amount is written in: "12,50 €" in de-DE. One per
 * process, like the currency, set where the currency is. A tag the runtime cannot format with
 * leaves en-US (a browser may know fewer locales than the server).
 */
export function setShopLocale(tag: string): void {
  locale = canonicalLocale(tag) ?? DEFAULT_SHOP_LOCALE;
}

/** The locale (BCP 47) amounts are written in. */
export function shopLocale(): string {
  return locale;
}

/** The shop's currency (ISO 4217) that every amount is in. */
export function shopCurrency(): string {
  return currency;
}

/** How many decimals the shop's currency has (2 for USD, 0 for JPY). */
export function shopMinorUnits(): number {
  return digits;
}

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value;
}

/**
 * "12.34" or 12.34 (an amount in the shop's currency, with at most its decimals) -> 1234; in JPY
 * "1200" -> 1200. Trailing zeros past the currency's decimals are fine ("1200.00" in JPY, as a
 * numeric(12,2) column gives it); other digits there are refused.
 */
export function toCents(amount: string | number): Cents {
  const text = typeof amount === "number" ? amount.toFixed(digits) : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  const fraction = match?.[3] ?? "";
  if (!match || /[1-9]/.test(fraction.slice(digits)))
    throw new RangeError(`Not an amount in ${currency} (at most ${digits} decimals): ${amount}`);
  const [, minus, whole = "0"] = match;
  const minor = Number(whole) * 10 ** digits + Number(fraction.slice(0, digits).padEnd(digits, "0") || "0");
  return assertCents(minus ? -minor : minor);
}

/**
 * A numeric column's value in minor units, rounded half up to the currency's decimals: a price
 * saved before the currency changed (12.50 before the shop chose JPY) reads as ¥13, not an error.
 */
export function fromColumn(value: string | number): Cents {
  const text = typeof value === "number" ? value.toFixed(2) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not an amount: ${value}`);
  const [, minus, whole = "0", fraction = ""] = match;
  const kept = Number(whole) * 10 ** digits + Number(fraction.slice(0, digits).padEnd(digits, "0") || "0");
  const rounded = kept + (Number(fraction[digits] ?? "0") >= 5 ? 1 : 0);
  return assertCents(minus ? -rounded : rounded);
}

/** 1234 -> 12.34 as a JSON number in the shop's currency (1200 yen -> 1200). */
export function toDollars(cents: Cents): number {
  return assertCents(cents) / 10 ** digits;
}

/** 1234 -> "12.34" (1200 yen -> "1200"), the form stored in numeric(12,2) columns. */
export function toDecimalString(cents: Cents): string {
  return toDecimal(assertCents(cents), currency);
}

/**
 * 1234567 -> "1,234,567" (a whole number with en-US thousands separators). By hand rather than
 * `toLocaleString("en-US")`, which builds a number format at every call (about 0.15 ms: a page
 * of product cards formats some fifty prices and counts at every render).
 */
export function groupThousands(whole: number | string): string {
  const digits = String(whole);
  const sign = digits.startsWith("-") ? "-" : "";
  return sign + digits.slice(sign.length).replace(/\B(?=(\d{3})+$)/g, ",");
}

/**
 * An amount as the shop writes it, in its currency: 1234 -> "$12.34" in USD, 1200 -> "¥1,200" in
 * JPY, 1234 -> "€12.34" in EUR, in the shop's locale ("12,34 €" in EUR in de-DE; en-US unless set).
 */
export function formatMoney(cents: Cents): string {
  if (currency !== "USD" || locale !== "en-US") return formatInCurrency(assertCents(cents), currency, locale);
  const sign = cents < 0 ? "-" : "";
  const [whole = "0", fraction] = toDecimalString(Math.abs(cents)).split(".");
  return `${sign}$${groupThousands(whole)}.${fraction}`;
}

/** The shop's currency's sign as the shop writes it: "$" in USD, "€" in EUR, "¥" in JPY. */
export function shopCurrencySign(): string {
  if (currency === "USD") return "$";
  const part = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol" })
    .formatToParts(0)
    .find((p) => p.type === "currency");
  return part?.value ?? currency;
}

/** A label written with "($)" in the shop's currency: "Price ($)" becomes "Price (€)" in EUR. */
export function moneyLabel(label: string): string {
  return label.replace("($)", `(${shopCurrencySign()})`);
}

/** cents x basisPoints / 10000, rounded half up (away from zero for negatives). */
export function percentOf(cents: Cents, basisPoints: number): Cents {
  assertCents(cents);
  const raw = (Math.abs(cents) * basisPoints) / 10000;
  const rounded = Math.floor(raw + 0.5 + 1e-9);
  return cents < 0 ? -rounded : rounded;
}
