/**
 * The shop's currency (ISO 4217). Every amount is an integer in the currency's minor unit (cents
 * for USD and EUR, yen for JPY, fils for KWD); a decimal form appears only at the edges.
 */

/** Currencies whose ISO 4217 minor unit is not 2 (the rest have 2). */
const MINOR_UNITS_NOT_TWO: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

let known: ReadonlySet<string> | null = null;

/** Whether `code` is an ISO 4217 currency this runtime can format (three capital letters). */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  known ??= new Set(Intl.supportedValuesOf("currency"));
  return known.has(code);
}

/** How many decimals the currency's minor unit has: USD 2, JPY 0, KWD 3. */
export function minorUnits(currency: string): number {
  if (!isCurrencyCode(currency)) throw new RangeError(`Not an ISO 4217 currency code: ${currency}`);
  return MINOR_UNITS_NOT_TWO[currency] ?? 2;
}

/** "12.34" in EUR → 1234; "1200" in JPY → 1200; more decimals than the currency has is refused. */
export function toMinor(decimal: string, currency: string): number {
  const digits = minorUnits(currency);
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match || (match[3] ?? "").length > digits)
    throw new RangeError(`Not an amount in ${currency} (at most ${digits} decimals): ${decimal}`);
  const [, minus, whole = "0", fraction = ""] = match;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Too large an amount: ${decimal}`);
  return minus ? -minor : minor;
}

/** 1234 in EUR → "12.34"; 1200 in JPY → "1200"; 1500 in KWD → "1.500". */
export function toDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a whole amount of minor units: ${minor}`);
  const digits = minorUnits(currency);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const unit = 10 ** digits;
  return `${sign}${Math.trunc(abs / unit)}.${String(abs % unit).padStart(digits, "0")}`;
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * The amount as the locale writes it: 1234 EUR in de-DE → "12,34 €", 1200 JPY in ja-JP → "￥1,200".
 * Formats are built once per locale and currency (building one costs far more than using it).
 */
export function formatInCurrency(minor: number, currency: string, locale = "en-US"): string {
  const digits = minorUnits(currency);
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  // Through the decimal string, so an amount never passes through a float division.
  return format.format(toDecimal(minor, currency) as unknown as number);
}

/** The shop's currency until the merchant chooses another. */
export const DEFAULT_SHOP_CURRENCY = "USD";

/**
 * Why `code` cannot be the shop's currency, as a sentence (null: it can). Money columns keep at
 * most 2 decimals, so a currency whose minor unit has 3 or 4 (KWD, CLF) is refused (decision 0072).
 */
export function shopCurrencyRefusal(code: string): string | null {
  if (!isCurrencyCode(code))
    return `"${code}" is not a currency code: use three capital letters from ISO 4217, such as USD, EUR or JPY.`;
  const digits = minorUnits(code);
  if (digits > 2)
    return `The shop can't sell in ${code} yet: its amounts have ${digits} decimals, and prices are kept with at most 2.`;
  return null;
}

/**
 * Roughly how many of a currency's major units buy what one US dollar does, as a power of ten:
 * the merchant's input limits (written in dollars: a price up to 1,000,000, flat shipping up to
 * 1,000) are this many times larger in it (¥100,000 of flat shipping in JPY). A sanity bound
 * against typos, not a rate: currencies not listed are near the dollar (EUR, GBP, CHF, CAD, AUD).
 */
const UNITS_PER_DOLLAR: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    [
      "AED",
      "BRL",
      "CNY",
      "CZK",
      "DKK",
      "EGP",
      "HKD",
      "ILS",
      "MAD",
      "MXN",
      "MYR",
      "NOK",
      "PLN",
      "RON",
      "SAR",
      "SEK",
      "THB",
      "TRY",
      "TWD",
      "UAH",
      "ZAR",
    ].map((c) => [c, 10]),
  ),
  ...Object.fromEntries(
    ["DZD", "HUF", "INR", "ISK", "JPY", "KES", "KZT", "PHP", "PKR", "RSD", "RUB"].map((c) => [c, 100]),
  ),
  ...Object.fromEntries(
    ["ARS", "CLP", "COP", "KRW", "MMK", "NGN", "TZS", "UGX", "XAF", "XOF"].map((c) => [c, 1000]),
  ),
  ...Object.fromEntries(
    ["GNF", "IDR", "IRR", "LAK", "LBP", "PYG", "SLL", "UZS", "VND"].map((c) => [c, 10_000]),
  ),
};

/**
 * The most a merchant's amount input takes: the most that is sensible in dollars, in `currency`
 * (1,000 dollars of flat shipping is ¥100,000), and never more than a money column holds with
 * room for a cart of them (1,000,000,000).
 */
export function inputMaximum(maxInDollars: number, currency: string): number {
  return Math.min(maxInDollars * (UNITS_PER_DOLLAR[currency] ?? 1), 1_000_000_000);
}
