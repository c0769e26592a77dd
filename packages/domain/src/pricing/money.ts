/**
 * Money in the domain is an integer number of cents. Dollars appear only at the edges
 * (database numeric columns, JSON), converted here exactly, never by float arithmetic on sums.
 */
export type Cents = number;

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value;
}

/** "12.34" or 12.34 (a dollar amount with at most 2 decimals) -> 1234. */
export function toCents(dollars: string | number): Cents {
  const text = typeof dollars === "number" ? dollars.toFixed(2) : dollars.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a dollar amount: ${dollars}`);
  const [, minus, whole = "0", fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return assertCents(minus ? -cents : cents);
}

/** 1234 -> 12.34 as a JSON number (exact: a whole number of cents divided once). */
export function toDollars(cents: Cents): number {
  return assertCents(cents) / 100;
}

/** 1234 -> "12.34", the form stored in numeric(12,2) columns. */
export function toDecimalString(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
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

/** 1234 -> "$12.34"; the spec shows prices with 2 decimals and a dollar sign. */
export function formatUsd(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  const [whole = "0", fraction] = toDecimalString(Math.abs(cents)).split(".");
  return `${sign}$${groupThousands(whole)}.${fraction}`;
}

/** cents x basisPoints / 10000, rounded half up (away from zero for negatives). */
export function percentOf(cents: Cents, basisPoints: number): Cents {
  assertCents(cents);
  const raw = (Math.abs(cents) * basisPoints) / 10000;
  const rounded = Math.floor(raw + 0.5 + 1e-9);
  return cents < 0 ? -rounded : rounded;
}
