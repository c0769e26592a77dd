/**
 * Discount codes: whether a code applies to a cart now, what it takes off, and how it meets Ava's
 * negotiated discount. Amounts in the currency's minor unit; a percent in basis points.
 */
import { percentOf, shopMinorUnits } from "../pricing/money.ts";

export type CodeBenefit =
  | { kind: "percent"; basisPoints: number }
  | { kind: "amount"; amount: number }
  | { kind: "free_shipping" };

export interface DiscountCode {
  code: string;
  benefit: CodeBenefit;
  minimumSubtotal: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Uses in all; null = unlimited. */
  totalUses: number | null;
  /** Uses per customer; null = unlimited. */
  usesPerCustomer: number | null;
  /** The products and categories it applies to; both empty = the whole cart. */
  productIds: readonly string[];
  categoryIds: readonly string[];
}

export interface CodeLine {
  productId: string;
  categoryIds: readonly string[];
  /** The line's amount before the code (unit price x quantity, after any line discount already taken). */
  amount: number;
}

export interface CodeContext {
  now: Date;
  lines: readonly CodeLine[];
  usedInAll: number;
  usedByCustomer: number;
  /** Writes an amount for a sentence ("$50.00"). */
  format(amount: number): string;
}

export type CodeVerdict =
  | {
      ok: true;
      /** What the code takes off the goods (0 for free shipping). */
      discount: number;
      freeShipping: boolean;
      /** The part of each line the code takes, in line order (sums to `discount`). */
      perLine: number[];
    }
  | { ok: false; reason: string; why: CodeRefusal };

/** Why a code does not apply, for protocols that name the reason by a code beside the sentence. */
export type CodeRefusal =
  | "inactive"
  | "not_started"
  | "expired"
  | "used_up"
  | "used_by_customer"
  | "minimum_not_met"
  | "not_applicable";

/** How a shopper types a code and how it is stored: trimmed, upper case, inner spaces dropped. */
export function normalizeCode(text: string): string {
  return text.trim().replace(/\s+/g, "").toUpperCase();
}

/** Spreads an amount over parts in proportion to their size, in whole units, the largest remainders first; sums exactly. */
export function spreadInProportion(amount: number, parts: readonly number[]): number[] {
  const total = parts.reduce((s, p) => s + p, 0);
  if (total === 0 || amount === 0) return parts.map(() => 0);
  const exact = parts.map((p) => (amount * p) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((s, p) => s + p, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

function applies(code: DiscountCode, line: CodeLine): boolean {
  if (code.productIds.length === 0 && code.categoryIds.length === 0) return true;
  return (
    code.productIds.includes(line.productId) || line.categoryIds.some((c) => code.categoryIds.includes(c))
  );
}

/** Whether the code applies to this cart now, and what it takes off; else the sentence the shopper reads. */
export function checkDiscountCode(code: DiscountCode, context: CodeContext): CodeVerdict {
  if (code.startsAt && context.now < code.startsAt)
    return { ok: false, reason: `The code ${code.code} is not active yet.`, why: "not_started" };
  if (code.endsAt && context.now >= code.endsAt)
    return { ok: false, reason: `The code ${code.code} has expired.`, why: "expired" };
  if (code.totalUses !== null && context.usedInAll >= code.totalUses)
    return { ok: false, reason: `The code ${code.code} has been used up.`, why: "used_up" };
  if (code.usesPerCustomer !== null && context.usedByCustomer >= code.usesPerCustomer)
    return { ok: false, reason: `You have already used the code ${code.code}.`, why: "used_by_customer" };
  const subtotal = context.lines.reduce((s, l) => s + l.amount, 0);
  if (code.minimumSubtotal !== null && subtotal < code.minimumSubtotal)
    return {
      ok: false,
      reason: `The code ${code.code} needs a subtotal of at least ${context.format(code.minimumSubtotal)}.`,
      why: "minimum_not_met",
    };
  const eligible = context.lines.map((line) => (applies(code, line) ? line.amount : 0));
  const base = eligible.reduce((s, a) => s + a, 0);
  if (base === 0)
    return { ok: false, reason: `The code ${code.code} doesn't apply to anything in your cart.`, why: "not_applicable" };
  const { benefit } = code;
  if (benefit.kind === "free_shipping")
    return { ok: true, discount: 0, freeShipping: true, perLine: eligible.map(() => 0) };
  const discount =
    benefit.kind === "percent"
      ? Math.min(base, percentOf(base, benefit.basisPoints))
      : Math.min(base, benefit.amount);
  return { ok: true, discount, freeShipping: false, perLine: spreadInProportion(discount, eligible) };
}

export interface DiscountsMet {
  /** Whether Ava's negotiated discount stays on the order. */
  keepNegotiated: boolean;
  /** What the code takes off, as it stands beside (or instead of) Ava's discount. */
  codeDiscount: number;
  /** A sentence for the shopper when one of the two gave way; null when both stand or there is no code. */
  note: string | null;
}

/**
 * A code meets Ava's discount. By default the shopper gets the better of the two, never both.
 * When the merchant lets them combine, both stand, but together never more than Ava's ceiling
 * unless the code alone is larger (then the whole is the code's amount).
 */
export function meetNegotiatedDiscount(input: {
  codeDiscount: number;
  negotiatedDiscount: number;
  /** Ava's ceiling for this cart, in minor units. */
  ceiling: number;
  combine: boolean;
}): DiscountsMet {
  const { codeDiscount, negotiatedDiscount, ceiling, combine } = input;
  if (negotiatedDiscount === 0) return { keepNegotiated: false, codeDiscount, note: null };
  if (!combine) {
    return codeDiscount > negotiatedDiscount
      ? {
          keepNegotiated: false,
          codeDiscount,
          note: "Your code saves more than the price you agreed with Ava, so the code applies instead.",
        }
      : {
          keepNegotiated: true,
          codeDiscount: 0,
          note: "The price you agreed with Ava saves more than this code, so the agreed price stays.",
        };
  }
  const cap = Math.max(ceiling, codeDiscount);
  if (negotiatedDiscount + codeDiscount <= cap) return { keepNegotiated: true, codeDiscount, note: null };
  return {
    keepNegotiated: true,
    codeDiscount: Math.max(0, cap - negotiatedDiscount),
    note: "Together with the price you agreed with Ava, the code is limited to the shop's largest discount.",
  };
}

/**
 * Ava's ceiling for a cart, in minor units: the escalation ceiling's percentage of the goods at the
 * shop's prices, and never more than its amount (a whole-currency setting).
 */
export function negotiationCeiling(itemsTotal: number, rules: { ceiling_pct: number; ceiling_amount: number }): number {
  const byPercent = percentOf(itemsTotal, Math.round(rules.ceiling_pct * 100));
  const byAmount = Number.isFinite(rules.ceiling_amount) ? Math.max(0, Math.round(rules.ceiling_amount * 10 ** shopMinorUnits())) : 0;
  return Math.min(byPercent, byAmount);
}
