import { shopLocale } from "../pricing/money.ts";

/**
 * Dates and numbers as the shop writes them: in its locale (decision 0072: "29. November 2026"
 * and "1.234" in de-DE, "November 29, 2026" and "1,234" in en-US), as amounts already are. The
 * sentences around them stay English. Each format is built once per locale and options (building
 * one costs about 0.15 ms; a dashboard writes dozens).
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = shopLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = shopLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** 1234 -> "1,234" (en-US), "1.234" (de-DE). */
export function formatShopCount(n: number): string {
  return numberFormat({}).format(n);
}

/** 0.125 -> "12.5%" (en-US), "12,5 %" (de-DE); at most `digits` decimals, a sign when `signed`. */
export function formatShopPercent(ratio: number, digits = 1, signed = false): string {
  return numberFormat({
    style: "percent",
    maximumFractionDigits: digits,
    ...(signed ? { signDisplay: "always" } : {}),
  }).format(ratio);
}

/** A number with at most `digits` decimals: 2.5 -> "2.5" (en-US), "2,5" (de-DE); a sign when `signed`. */
export function formatShopNumber(n: number, digits = 2, signed = false): string {
  return numberFormat({ maximumFractionDigits: digits, ...(signed ? { signDisplay: "always" } : {}) }).format(
    n,
  );
}

/** How a date is written: long "November 29, 2026", short "Nov 29, 2026", day "Nov 29", dayLong "November 29". */
export type ShopDateStyle = "long" | "short" | "day" | "dayLong";

const DATE_STYLES: Record<ShopDateStyle, Intl.DateTimeFormatOptions> = {
  long: { year: "numeric", month: "long", day: "numeric" },
  short: { year: "numeric", month: "short", day: "numeric" },
  day: { month: "short", day: "numeric" },
  dayLong: { month: "long", day: "numeric" },
};

const asDate = (when: Date | string) => (typeof when === "string" ? new Date(when) : when);

/**
 * A date in the shop's locale, in `timeZone` (the reader's own when not given: a browser's; UTC
 * for a calendar day or a server's e-mail). An unreadable date is answered as it was given.
 */
export function formatShopDate(
  when: Date | string,
  style: ShopDateStyle = "long",
  timeZone?: string,
): string {
  const date = asDate(when);
  if (Number.isNaN(date.getTime())) return String(when);
  return dateFormat({ ...DATE_STYLES[style], ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** A date and time in the shop's locale: "Nov 29, 2026, 3:04 PM" (medium), "November 29, 2026 at 3:04 PM" (long). */
export function formatShopDateTime(
  when: Date | string,
  dateStyle: "medium" | "long" = "medium",
  timeZone?: string,
): string {
  const date = asDate(when);
  if (Number.isNaN(date.getTime())) return String(when);
  return dateFormat({ dateStyle, timeStyle: "short", ...(timeZone ? { timeZone } : {}) }).format(date);
}
