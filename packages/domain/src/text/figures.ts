import { type Cents, shopMinorUnits } from "../pricing/money.ts";
import { decimalCommasAsPoints, foreignCurrency, SIGN_AFTER, SIGN_BEFORE } from "./money-signs.ts";
import { SPELLED_AMOUNT, spelledNumberValue, spellFiguresAsDigits } from "./number-words.ts";

/**
 * Figures in what a shopper typed: digits with thousands separators and decimals ("1,299.99"),
 * money ("$20", "20 dollars", "fifty bucks", "USD 12", "1.5k") and percents ("15%", "fifteen
 * percent", "15 pct"). Two ways in, one reading: `scanNumbers` lists every figure of a text with
 * its unit (the negotiation parser and the voice's figure check), `MONEY_AMOUNT` is a price to
 * embed in a phrase pattern ("under (MONEY_AMOUNT)", the assistant's request parser) and
 * `readMoneyAmount` reads what it matched. Spelled numbers come from number-words.ts.
 */

/** Words for "percent" (after `%`), in English; regular-expression source. */
export const PERCENT_WORDS = "percent(?:age)?|per cent|pct";

/**
 * Lower case, NFKC (full-width digits and signs become ASCII), straight quotes, one space;
 * number words before a unit become digits ("fifteen percent" -> "15 percent") and "half off" /
 * "half price" becomes "50% off". Used by the negotiation parser and the voice's figure check
 * alike, so both read the same figures.
 */
export function normalizeForFigures(text: string): string {
  return spellFiguresAsDigits(
    decimalCommasAsPoints(
      text
        .normalize("NFKC")
        .toLowerCase()
        .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
        .replace(/[\u201c\u201d]/g, '"')
        .replace(/\u2212/g, "-")
        .replace(/\s+/g, " "),
    ),
  ).replace(/(?<![\p{L}])half(?: the)? (?:off|price)(?![\p{L}])/gu, "50% off");
}

export interface NumberToken {
  /** Span of the whole figure, currency sign and unit included. */
  start: number;
  end: number;
  /** Integer digits without grouping commas, and the decimal digits (possibly ""). */
  int: string;
  frac: string;
  /** "1.5k" */
  kilo: boolean;
  unit: "percent" | "money" | "bare";
  negative: boolean;
  /** The currency sign or word written with a money figure ("$", "€", "yen"); null without one. */
  sign: string | null;
}

const NUMBER = /(\d{1,3}(?:,\d{3})+(?![\d,])|\d+)(?:\.(\d+))?|\.(\d+)/g;
const KILO_AFTER = /\s?k(?![\p{L}\p{N}])/uy;
const PERCENT_AFTER = new RegExp(
  `\\s?-?(?:%|(?:${PERCENT_WORDS}|prozent|por ciento|pour cent|pourcent)(?![\\p{L}]))`,
  "uy",
);
const MONEY_AFTER = new RegExp(`\\s?(?:${SIGN_AFTER})`, "uy");
const MONEY_BEFORE = new RegExp(`(?:${SIGN_BEFORE})\\s?$`, "u");
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * Every number in an already normalized text (normalizeForFigures), with its unit ("15%",
 * "$1,299.50", "20 dollars", "USD 12", "$1k") and sign. A number glued to letters ("21st",
 * "v2", "2x") is not a figure.
 */
export function scanNumbers(s: string): NumberToken[] {
  const tokens: NumberToken[] = [];
  NUMBER.lastIndex = 0;
  for (let m = NUMBER.exec(s); m !== null; m = NUMBER.exec(s)) {
    const numStart = m.index;
    let end = numStart + m[0].length;
    const prev = s[numStart - 1] ?? "";
    const glued = WORD_CHAR.test(prev) || prev === ".";
    if (
      glued &&
      !/(?<![\p{L}])(?:usd|eur|gbp|jpy|cny|rmb)$/u.test(s.slice(Math.max(0, numStart - 4), numStart))
    )
      continue;
    const int = (m[1] ?? "0").replace(/,/g, "");
    const frac = m[2] ?? m[3] ?? "";

    let kilo = false;
    KILO_AFTER.lastIndex = end;
    const k = KILO_AFTER.exec(s);
    if (k) {
      kilo = true;
      end += k[0].length;
    }
    let unit: NumberToken["unit"] = "bare";
    let sign: string | null = null;
    PERCENT_AFTER.lastIndex = end;
    const pct = kilo ? null : PERCENT_AFTER.exec(s);
    if (pct) {
      unit = "percent";
      end += pct[0].length;
    } else {
      MONEY_AFTER.lastIndex = end;
      const money = MONEY_AFTER.exec(s);
      if (money) {
        unit = "money";
        sign = money[0].trim();
        end += money[0].length;
      }
    }
    if (unit === "bare" && !kilo && /^[\p{L}]/u.test(s.slice(end, end + 1))) continue;

    // Prefix: "-5", "$5", "-$5", "$-5", "USD 5".
    let start = numStart;
    let negative = false;
    const eatMinus = () => {
      let p = start;
      if (s[p - 1] === " ") p -= 1;
      if (s[p - 1] === "-" && !WORD_CHAR.test(s[p - 2] ?? "")) {
        negative = true;
        start = p - 1;
      }
    };
    eatMinus();
    const currency = MONEY_BEFORE.exec(s.slice(Math.max(0, start - 6), start));
    if (currency && unit !== "percent") {
      unit = "money";
      sign = currency[0].trim();
      start -= currency[0].length;
      if (!negative) eatMinus();
    }
    tokens.push({ start, end, int, frac, kilo, unit, negative, sign });
  }
  return tokens;
}

/**
 * The figure in hundredths: dollars -> cents, percent points -> basis points. Exact for up to
 * two decimals; more decimals give a fractional result (the caller rounds or rejects it).
 * Capped at Number.MAX_SAFE_INTEGER so that no figure is ever Infinity or imprecise.
 */
export function hundredthsOf(token: Pick<NumberToken, "int" | "frac" | "kilo">): number {
  let int = token.int.replace(/^0+(?=\d)/, "");
  let frac = token.frac;
  if (token.kilo) {
    int = `${int}${frac.slice(0, 3).padEnd(3, "0")}`.replace(/^0+(?=\d)/, "");
    frac = frac.slice(3);
  }
  if (int.length > 15) return Number.MAX_SAFE_INTEGER;
  const value = Number(int) * 100 + Number(frac.slice(0, 2).padEnd(2, "0")) + Number(`0.${frac.slice(2)}`);
  return Number.isFinite(value) ? Math.min(value, Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER;
}

/**
 * A money figure in the shop currency's minor unit: 1200 (yen) for "¥1200" in JPY, 1250 (cents)
 * for "€12.50" in EUR; fractional when it has more decimals than the currency (the caller rounds
 * or rejects it).
 */
export function minorUnitsOf(token: Pick<NumberToken, "int" | "frac" | "kilo">): number {
  return hundredthsOf(token) / 10 ** (2 - shopMinorUnits());
}

/** The currency a money figure's sign names when it is not the shop's ("¥" in a euro shop), else null. */
export function foreignCurrencyOf(token: Pick<NumberToken, "sign">): string | null {
  return foreignCurrency(token.sign);
}

const LN = "\\p{L}\\p{N}";
/** Digits of a price: "1,299.99", "50", "19.9", ".99"; at most nine integer digits and two decimals. */
const PRICE_DIGITS =
  "(?:\\d{1,3}(?:,\\d{3})+(?!\\d)|\\d{1,9},\\d{1,2}(?!\\d)|\\d{1,9})(?:\\.\\d{1,2})?|\\.\\d{1,2}";

/**
 * A price as a regular-expression source without capturing groups, for lower-case text:
 * "$1,299.99", "50 dollars", "USD 20", "1.5k", "fifty bucks", "a hundred". A currency is
 * optional, so the caller decides from the words around it whether a bare number is a price.
 */
export const MONEY_AMOUNT = `(?:\\$|usd ?|€|eur ?|£|gbp ?|¥|jpy ?)?\\s?(?:${PRICE_DIGITS}|${SPELLED_AMOUNT})(?:k(?![${LN}]))?(?:\\s?(?:dollars?|bucks|usd|\\$|€|euros?|eur|£|gbp|¥|円|yen|jpy)(?![${LN}]))?`;

export interface MoneyAmount {
  /** Whole cents, not negative; not capped (the caller caps to what it can use). */
  cents: Cents;
  /** A currency was written ("$", "dollars", "bucks", "usd", "€", "yen"): surely a price, not a count. */
  currency: boolean;
  /** The currency it names when that is not the shop's ("¥1200" in a euro shop: "¥"); absent when it is. */
  foreign?: string;
}

/** A sign or currency word of MONEY_AMOUNT, as readMoneyAmount takes it off the digits. */
const AMOUNT_SIGN = /\$|€|£|¥|円|usd|eur(?:os?)?|gbp|jpy|yen|dollars?|bucks/g;

/** What `MONEY_AMOUNT` matched, in cents; null when it is not a number after all. */
export function readMoneyAmount(raw: string): MoneyAmount | null {
  const text = raw.trim().toLowerCase();
  const signs = text.match(AMOUNT_SIGN) ?? [];
  const currency = signs.length > 0;
  const foreign = signs.map((sign) => foreignCurrency(sign)).find((code) => code !== null);
  let body = text.replace(AMOUNT_SIGN, "").trim();
  let multiplier = 1;
  if (/\dk$|^[a-z\s-]+k$/.test(body)) {
    multiplier = 1000;
    body = body.slice(0, -1).trim();
  }
  // "12,50": a comma before one or two final digits is a decimal comma (thousands take three).
  const digits = /^\d+,\d{1,2}$/.test(body) ? body.replace(",", ".") : body.replace(/,/g, "");
  const dollars = /^[\d.]+$/.test(digits) ? Number(digits) : spelledNumberValue(body);
  if (dollars === null || !Number.isFinite(dollars)) return null;
  const cents = Math.max(0, Math.round(dollars * multiplier * 10 ** shopMinorUnits()));
  return foreign ? { cents, currency, foreign } : { cents, currency };
}
