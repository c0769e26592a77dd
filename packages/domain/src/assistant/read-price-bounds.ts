import type { Cents } from "../pricing/money.ts";
import { type MoneyAmount, readMoneyAmount } from "../text/figures.ts";
import type { Scanner } from "./request-scanner.ts";
import { NOT_MONEY_AFTER, P } from "./shopping-phrases.ts";

/** No price bound is read above $1,000,000: a bigger figure is a typo or a joke, not a budget. */
export const MAX_PRICE_CENTS = 100_000_000;
/** "around $40" searches from 75% to 125% of $40. */
const AROUND_LOW = 0.75;
const AROUND_HIGH = 1.25;

/** The price bounds one message states. */
export interface PriceBounds {
  minPrice: Cents | null;
  maxPrice: Cents | null;
  /** "around $30": the price aimed at; minPrice and maxPrice then hold the band around it. */
  targetPrice: Cents | null;
  /** "any price", "no budget": the bounds of the request so far go. */
  clearPrice: boolean;
}

/** A range of bare numbers is a price range when "range" or "budget" follows it or a price word leads it. */
const RANGE_AFTER = /^\s*(?:price )?(?:range|budget|price)(?![\p{L}\p{N}])/u;
const RANGE_WORD = /(?<![\p{L}])(?:price )?range(?![\p{L}])/gu;
const PRICE_BEFORE = /(?:^|[^\p{L}])(?:budget|prices?|priced|range|spend|spending)(?: is| of|:)?\s*$/u;

/** Whole cents within 0..MAX_PRICE_CENTS. */
export function clampPrice(cents: number): Cents {
  return Math.min(MAX_PRICE_CENTS, Math.max(0, Math.round(cents)));
}

/** The band searched for "around" a price. */
export function aroundBounds(target: Cents): Pick<PriceBounds, "minPrice" | "maxPrice" | "targetPrice"> {
  return {
    targetPrice: target,
    minPrice: clampPrice(target * AROUND_LOW),
    maxPrice: clampPrice(target * AROUND_HIGH),
  };
}

/** A price in the shop's currency; null for one written in another ("¥1200" in a euro shop: no rate to read it by). */
function amountOf(text: string): MoneyAmount | null {
  const amount = readMoneyAmount(text);
  if (amount?.foreign) return null;
  return amount && { ...amount, cents: clampPrice(amount.cents) };
}

/**
 * Takes the price phrases out of a message, in this order: "any price"; ranges ("between 50
 * and 80", "$50-$80"); "around $30"; upper bounds ("under $100", "$100 or less"); lower bounds
 * ("over $50", "$50+"); then a price with a currency and no bound word ("for $40" is a budget,
 * "a $40 gift" a target). A number without a currency is a price only after a bound word, and
 * never when a unit that is not money follows ("under 10 lbs", "over 4 stars").
 */
export function readPriceBounds(s: Scanner, bounds: PriceBounds): void {
  s.take(P.anyPrice, () => {
    bounds.clearPrice = true;
    return true;
  });
  const notMoneyAfter = (m: RegExpExecArray, at: number) =>
    NOT_MONEY_AFTER.test(s.text.slice(at + m[0].length));
  const moneyOnly = (m: RegExpExecArray, amountText: string, at: number) => {
    const amount = amountOf(amountText);
    if (!amount || (!amount.currency && notMoneyAfter(m, at))) return null;
    return amount;
  };

  let rangeSaid = false;
  for (const pattern of P.range) {
    s.take(pattern, (m, at) => {
      const a = amountOf(m[1] ?? "");
      const b = amountOf(m[2] ?? "");
      if (!a || !b) return false;
      // "in the 100-200 range", "budget 20-50", "prices 30 to 60": said to be prices.
      const keyword =
        /^(?:between|from)/.test(m[0]) ||
        RANGE_AFTER.test(s.text.slice(at + m[0].length)) ||
        PRICE_BEFORE.test(s.text.slice(Math.max(0, at - 20), at));
      if (!keyword && !a.currency && !b.currency) return false;
      if (!b.currency && notMoneyAfter(m, at)) return false;
      rangeSaid ||= RANGE_AFTER.test(s.text.slice(at + m[0].length));
      bounds.minPrice = Math.min(a.cents, b.cents);
      bounds.maxPrice = Math.max(a.cents, b.cents);
      bounds.targetPrice = null;
      return true;
    });
  }
  // "range" said of the prices is no word of what is sought.
  if (rangeSaid) s.take(RANGE_WORD, () => true);
  for (const pattern of P.around) {
    s.take(pattern, (m, at) => {
      const amount = moneyOnly(m, m[1] ?? "", at);
      if (!amount) return false;
      Object.assign(bounds, aroundBounds(amount.cents));
      return true;
    });
  }
  const bound = (key: "minPrice" | "maxPrice") => (m: RegExpExecArray, at: number) => {
    const amount = moneyOnly(m, m[1] ?? m[2] ?? "", at);
    if (!amount) return false;
    bounds[key] = amount.cents;
    bounds.targetPrice = null;
    return true;
  };
  for (const pattern of P.max) s.take(pattern, bound("maxPrice"));
  for (const pattern of P.min) s.take(pattern, bound("minPrice"));
  s.take(P.budget, (m, at) => {
    const amount = moneyOnly(m, m[1] ?? "", at);
    if (!amount?.currency) return false;
    bounds.maxPrice = amount.cents;
    return true;
  });
  s.take(P.bare, (m, at) => {
    const amount = moneyOnly(m, m[1] ?? "", at);
    if (!amount?.currency) return false;
    if (bounds.minPrice === null && bounds.maxPrice === null)
      Object.assign(bounds, aroundBounds(amount.cents));
    return true;
  });
  if (bounds.minPrice !== null && bounds.maxPrice !== null && bounds.minPrice > bounds.maxPrice) {
    [bounds.minPrice, bounds.maxPrice] = [bounds.maxPrice, bounds.minPrice];
  }
}
