import { settingCents } from "../merchant/seller-config.ts";
import type { Cents } from "../pricing/money.ts";
import { offerInDecision } from "./decide-counter-offer.ts";
import type { BasisPoints, ShopperAsk, VoiceInput } from "./negotiation-types.ts";
import { minorUnitsOf } from "../text/figures.ts";
import { hundredthsOf, normalizeForFigures, type NumberToken, scanNumbers } from "./parse-shopper-message.ts";
import { pointsToBasisPoints, safeInt } from "./voice-phrases.ts";

/**
 * The figure check that keeps any voice (built-in or LLM) from stating a number the decision
 * did not produce. The negotiation limits and escalation ceilings are deliberately never
 * allowed: they are the shop's side of the haggle.
 */

/**
 * Every dollar amount ("$1,234.56", "$12", "12 dollars", "USD 12", "$1k"; euros and pounds too,
 * as a different currency is never right) and every percentage ("12%", "12.5 %", "12 percent",
 * "fifteen percent", "half off") a text states, as absolute cents and basis points. A figure
 * with more decimals than cents or basis points is kept exactly (fractional), so it matches
 * nothing. A bare number joined to a figure by "-", "–" or "to" ("10-15%", "$10 to 15") takes
 * that figure's unit.
 */
export function figuresIn(text: string): { money: Cents[]; percents: BasisPoints[] } {
  const s = normalizeForFigures(String(text));
  const tokens = scanNumbers(s);
  const units: NumberToken["unit"][] = tokens.map((t) => t.unit);
  const joined = (a: NumberToken, b: NumberToken) =>
    /^ ?(?:-|–|to) ?(?:\$|€|£)?$/u.test(s.slice(a.end, b.start));
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < tokens.length; i++) {
      if (units[i] !== "bare") continue;
      const t = tokens[i]!;
      const next = tokens[i + 1];
      const prev = tokens[i - 1];
      if (next && units[i + 1] !== "bare" && joined(t, next)) units[i] = units[i + 1]!;
      else if (prev && units[i - 1] !== "bare" && joined(prev, t)) units[i] = units[i - 1]!;
    }
  }
  const money: Cents[] = [];
  const percents: BasisPoints[] = [];
  tokens.forEach((t, i) => {
    if (units[i] === "money") money.push(minorUnitsOf(t));
    else if (units[i] === "percent") percents.push(hundredthsOf(t));
  });
  percents.push(...wordedDiscounts(s));
  return { money, percents };
}

/** "it's free", "on the house", "for nothing": a price of nothing is 100% off. Free shipping ("shipping is free", "ships free") is not. */
const FREE =
  /(?<![\p{L}])(?:(?<!(?:feel|you're|you are|shipping(?: is|'s)?|ships?|delivery(?: is|'s)?|returns? (?:is|are)) )free(?! to )(?! (?:shipping|delivery|returns?|gift)(?![\p{L}]))|on the house|no charge|for nothing|costs? nothing|gratis)(?![\p{L}])/gu;
/** "1/2 off", "3/4 price", "1 / 3 discount": a fraction of the price. */
const FRACTION =
  /(?<![\p{N}./])(\d{1,3}) ?\/ ?(\d{1,3})(?![\p{N}/])(?= ?(?:off|price|discount|of the (?:price|cost|total))(?![\p{L}]))/gu;
const WORD_FRACTION =
  /(?<![\p{L}])(a|one|two|three|four) (half|third|quarter|fifth|tenth)s?(?= ?(?:off|discount|of the (?:price|cost|total))(?![\p{L}]))/gu;
const COUNT: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, four: 4 };
const PART: Record<string, number> = { half: 2, third: 3, quarter: 4, fifth: 5, tenth: 10 };

/**
 * Discounts stated in words rather than figures, as basis points: free (100%), "1/2 off" (50%),
 * "a third off" (33.33%), exactly so that no rounding of an allowed percent matches them by chance.
 */
function wordedDiscounts(s: string): BasisPoints[] {
  const found: BasisPoints[] = [];
  for (const _ of s.matchAll(FREE)) found.push(10_000);
  for (const m of s.matchAll(FRACTION)) {
    const [top, bottom] = [Number(m[1]), Number(m[2])];
    found.push(bottom === 0 ? 10_000 : (top * 10_000) / bottom);
  }
  for (const m of s.matchAll(WORD_FRACTION)) {
    found.push(((COUNT[m[1] as string] ?? 1) * 10_000) / (PART[m[2] as string] ?? 1));
  }
  return found;
}

// ---------------------------------------------------------------- what a voice may state

export interface AllowedFigures {
  money: Set<Cents>;
  percents: Set<BasisPoints>;
}

export function askOf(input: VoiceInput): ShopperAsk | null {
  const d = input.decision;
  if (d.kind === "offer" || d.kind === "accept-ask" || d.kind === "escalate" || d.kind === "decline")
    return d.ask;
  return null;
}

/** Rounding a percent to one decimal and to a whole number, both half up and down. */
function percentVariants(bp: number): number[] {
  return [
    bp,
    Math.round(bp / 10) * 10,
    Math.floor(bp / 10) * 10,
    Math.round(bp / 100) * 100,
    Math.floor(bp / 100) * 100,
  ];
}

/**
 * Every figure the decision, the quote, the config and the profile let a voice state: the
 * offer's discount, percent (and its roundings), subtotal and discounted subtotal; the quote's
 * figures; bundled products' prices; cart line prices (unit and x quantity) and their sum; the
 * free-shipping threshold and flat shipping; the tier extra points, the bundling bonus and the
 * tax rate as percents; the shopper's ask; an escalated request; the shopper's lifetime value;
 * and any figure inside a product, shopper or assistant name (naming a product is not a price).
 * Not the negotiation limits or escalation ceilings.
 */
export function allowedFigures(input: VoiceInput, scope: "built-in" | "llm" = "built-in"): AllowedFigures {
  const money = new Set<Cents>();
  const percents = new Set<BasisPoints>();
  const addMoney = (c: number) => money.add(Math.abs(safeInt(c)));
  const addPercent = (bp: number) => {
    for (const v of percentVariants(Math.abs(safeInt(bp)))) percents.add(v);
  };
  const addNamed = (name: unknown) => {
    if (typeof name !== "string") return;
    const figures = figuresIn(name);
    for (const m of figures.money) money.add(m);
    for (const p of figures.percents) percents.add(p);
  };

  const offer = offerInDecision(input.decision);
  if (offer) {
    addMoney(offer.discount);
    addMoney(offer.subtotal);
    addMoney(offer.subtotal - offer.discount);
    addPercent(offer.percent);
    for (const item of offer.newItems) {
      addMoney(item.price);
      addMoney(item.price * item.quantity);
      addNamed(item.name);
    }
  }
  const quote = input.quote;
  if (quote) {
    for (const c of [quote.subtotal, quote.discount, quote.shipping, quote.tax, quote.total]) addMoney(c);
    addMoney(quote.subtotal - quote.discount);
    if (quote.subtotal > 0) addPercent(Math.floor((quote.discount * 10000) / quote.subtotal));
  }
  // What would move Ava: the bundle she would offer is her own figure, as a bundle offer's is.
  for (const lever of input.levers ?? []) {
    if (lever.kind !== "bundle") continue;
    addMoney(lever.offer.discount);
    addPercent(lever.offer.percent);
    for (const item of lever.offer.newItems) {
      addMoney(item.price);
      addMoney(item.price * item.quantity);
      addNamed(item.name);
    }
  }
  if (input.decision.kind === "escalate") {
    addPercent(input.decision.requested.percent);
    addMoney(input.decision.requested.amount);
  }
  for (const line of input.lines) addNamed(line.name);
  addNamed(input.profile.name);
  addNamed(input.assistantName);
  // An LLM may state only the decision's own figures: a shipping threshold, a tax rate, a line
  // price or the shopper's ask could otherwise be dressed up as a discount ("$100 off!").
  if (scope === "llm") return { money, percents };

  let linesTotal = 0;
  for (const line of input.lines) {
    addMoney(line.price);
    addMoney(line.price * line.quantity);
    linesTotal += line.price * line.quantity;
    addNamed(line.name);
  }
  addMoney(linesTotal);

  const ask = askOf(input);
  if (ask?.kind === "percent") addPercent(ask.percent);
  if (ask?.kind === "amount") addMoney(ask.amount);
  if (ask?.kind === "total") addMoney(ask.total);
  if (ask?.kind === "item-price") addMoney(ask.price);

  const config = input.config;
  addMoney(settingCents(config.pricing.free_shipping_threshold));
  addMoney(settingCents(config.pricing.flat_shipping));
  addPercent(pointsToBasisPoints(config.pricing.tax_rate_pct));
  addPercent(pointsToBasisPoints(config.negotiation_limits.bundling_discount_bonus));
  for (const points of Object.values(config.tier_benefits.extra_points))
    addPercent(pointsToBasisPoints(points));

  addMoney(input.profile.lifetimeValue);
  return { money, percents };
}

/**
 * False when the text states a money or percent figure the decision does not allow. Money must
 * match to the cent; a percent may be any allowed percent rounded to one decimal or to a whole
 * number (12.34% allows "12.34%", "12.3%" and "12%").
 */
export function statesOnlyAllowedFigures(text: string, allowed: AllowedFigures): boolean {
  const { money, percents } = figuresIn(text);
  if (!money.every((m) => allowed.money.has(m))) return false;
  return percents.every((p) => {
    if (allowed.percents.has(p)) return true;
    for (const a of allowed.percents) {
      if (percentVariants(a).some((v) => Math.abs(v - p) < 1e-6)) return true;
    }
    return false;
  });
}
