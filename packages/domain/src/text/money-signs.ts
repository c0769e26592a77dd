import { shopCurrency } from "../pricing/money.ts";

/**
 * The currency signs and words a shopper writes beside a figure ("$20", "€12,50", "12,50 €",
 * "¥1200", "1200 yen", "£20"), and whether what they name is the shop's currency. A sign that
 * several currencies share ("$": USD, CAD, AUD, MXN...; "¥": JPY, CNY; "£") fits a shop whose
 * currency writes it; a code or a word that names one currency ("usd", "eur", "yen") fits only
 * that one. The text is lower case and NFKC (a full-width ￥ is already ¥).
 */

/** Signs written before a figure: "$20", "us$ 20", "€ 12", "usd 20"; regular-expression source. */
export const SIGN_BEFORE = "us\\$|\\$|€|£|¥|(?<![\\p{L}])(?:usd|eur|gbp|jpy|cny|rmb)";
/** Signs and words written after a figure: "20$", "12 €", "1200 yen", "20 dollars"; regular-expression source. */
export const SIGN_AFTER =
  "\\$|€|£|¥|円|(?:dollars?|bucks?|usd|d[oó]lares|euros?|eur|gbp|quid|yen|jpy|yuan|rmb|cny)(?![\\p{L}])";

/** What a sign names: one currency (`code`) or any currency written with a symbol (`symbol`). */
const SIGNS: readonly [RegExp, { code: string } | { symbol: string }][] = [
  [/^(?:us\$|usd)$/, { code: "USD" }],
  [/^(?:\$|dollars?|bucks?|d[oó]lares)$/, { symbol: "$" }],
  [/^(?:€|euros?|eur)$/, { code: "EUR" }],
  [/^gbp$/, { code: "GBP" }],
  [/^(?:£|quid)$/, { symbol: "£" }],
  [/^jpy$/, { code: "JPY" }],
  [/^(?:cny|rmb|yuan)$/, { code: "CNY" }],
  [/^(?:¥|円|yen)$/, { symbol: "¥" }],
];

const symbols = new Map<string, string>();

/** The sign a currency is written with where it is not ambiguous to its shop: USD "$", JPY "¥". */
function narrowSymbol(code: string): string {
  let symbol = symbols.get(code);
  if (symbol === undefined) {
    const part = new Intl.NumberFormat("en", {
      style: "currency",
      currency: code,
      currencyDisplay: "narrowSymbol",
    })
      .formatToParts(0)
      .find((p) => p.type === "currency");
    symbol = part?.value ?? code;
    symbols.set(code, symbol);
  }
  return symbol;
}

/**
 * Whether the sign written with a figure names another currency than the shop's: the code (or
 * symbol) it names, else null ("€" in a euro shop, "$" in a Canadian-dollar one, no sign at all).
 */
export function foreignCurrency(sign: string | null | undefined): string | null {
  const text = (sign ?? "").trim().toLowerCase();
  if (text === "") return null;
  const named = SIGNS.find(([pattern]) => pattern.test(text))?.[1];
  if (!named) return null;
  const shop = shopCurrency();
  if ("code" in named) return named.code === shop ? null : named.code;
  return narrowSymbol(shop) === named.symbol ? null : named.symbol;
}

/**
 * "12,50 €" -> "12.50 €", "€1.234,50" -> "€1234.50": a decimal comma beside a sign of a currency
 * written that way (euro, pound, yen), so the figure readers see one decimal point. A comma before
 * three digits stays a thousands separator ("€1,299" is 1299 euros).
 */
export function decimalCommasAsPoints(text: string): string {
  const whole = "(\\d{1,3}(?:\\.\\d{3})+|\\d+)";
  const point = (digits: string) => digits.replace(/\./g, "");
  return text
    .replace(
      new RegExp(`(?<![\\d.,])${whole},(\\d{1,2})(?![\\d,])(?=\\s?(?:€|£|¥|eur|euros?)(?![\\p{L}]))`, "gu"),
      (_m, int: string, frac: string) => `${point(int)}.${frac}`,
    )
    .replace(
      new RegExp(`((?:€|£|¥|(?<![\\p{L}])eur)\\s?)${whole},(\\d{1,2})(?![\\d,])`, "gu"),
      (_m, sign: string, int: string, frac: string) => `${sign}${point(int)}.${frac}`,
    );
}
