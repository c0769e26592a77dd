import { type Cents, formatMoney } from "../pricing/money.ts";
import type { HoldoutGroup } from "./holdout-assignment.ts";

/**
 * The holdout experiment's figures: for each group, since the experiment started,
 * what its visitors with a cart bought, and how far apart the groups are with a 95% confidence
 * interval. Money sums are exact integer cents; means are rounded to the cent (half up) once,
 * at the end. The intervals are normal approximations: Welch's (unequal variances) for revenue
 * per cart, and the two-proportion (unpooled Wald) interval for conversion; both ask for enough
 * data before they speak (see enoughData).
 */

/** One visitor with a cart: an account assigned in the experiment, and what its orders since came to. */
export interface HoldoutVisitor {
  group: HoldoutGroup;
  /** Orders placed since the assignment, in the experiment's period. */
  orders: number;
  /** What those orders earned: their totals less refunds, a cancelled order nothing. */
  revenue: Cents;
  /** Ava's negotiated discount on those orders (the order's stored figure). */
  discount: Cents;
}

export interface GroupFigures {
  visitors: number;
  /** Visitors with at least one order. */
  buyers: number;
  orders: number;
  /** buyers / visitors, 0 to 1, four decimals; 0 without visitors. */
  conversion: number;
  revenue: Cents;
  /** revenue / orders, to the cent; 0 without orders. */
  averageOrderValue: Cents;
  /** revenue / visitors, to the cent; 0 without visitors. */
  revenuePerCart: Cents;
  discount: Cents;
}

export interface Interval {
  /** Ava's group minus the holdout. */
  difference: number;
  low: number;
  high: number;
}

export interface HoldoutComparison {
  ava: GroupFigures;
  holdout: GroupFigures;
  /** Whether both groups hold enough visitors and buyers for the intervals to mean something. */
  enoughData: boolean;
  /** Revenue per cart, Ava minus holdout, in cents (rounded to the cent); null without enough data. */
  revenuePerCart: Interval | null;
  /** Conversion, Ava minus holdout, in points of share (0.05 = 5 points, four decimals); null without enough data. */
  conversion: Interval | null;
  sentence: string;
}

/** Two-sided 95%: the standard normal's 97.5th percentile. */
export const Z_95 = 1.959964;
/** Each group needs this many visitors with a cart ... */
export const MIN_VISITORS_PER_GROUP = 30;
/** ... and this many buyers, before the figures are compared. */
export const MIN_BUYERS_PER_GROUP = 5;

/** numerator / denominator rounded half up to a whole number (both non-negative integers). */
function roundedRatio(numerator: number, denominator: number): number {
  if (denominator <= 0) return 0;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

const four = (x: number) => Math.round(x * 10_000) / 10_000;

export function groupFigures(visitors: readonly HoldoutVisitor[]): GroupFigures {
  let buyers = 0;
  let orders = 0;
  let revenue = 0;
  let discount = 0;
  for (const v of visitors) {
    if (v.orders > 0) buyers += 1;
    orders += v.orders;
    revenue += v.revenue;
    discount += v.discount;
  }
  const n = visitors.length;
  return {
    visitors: n,
    buyers,
    orders,
    conversion: n > 0 ? four(buyers / n) : 0,
    revenue,
    // Revenue can be negative only through data the shop never writes; the sign is kept.
    averageOrderValue: Math.sign(revenue) * roundedRatio(Math.abs(revenue), orders),
    revenuePerCart: Math.sign(revenue) * roundedRatio(Math.abs(revenue), n),
    discount,
  };
}

/** Mean and sample variance (n - 1) of whole cents; the sums stay exact integers. */
function meanAndVariance(values: readonly number[]): { mean: number; variance: number } {
  const n = values.length;
  if (n === 0) return { mean: 0, variance: 0 };
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / n;
  let squares = 0;
  for (const v of values) squares += (v - mean) ** 2;
  return { mean, variance: n > 1 ? squares / (n - 1) : 0 };
}

/** Welch's interval for the difference of two means (a - b), normal critical value. */
export function welchInterval(a: readonly number[], b: readonly number[], z = Z_95): Interval {
  const ma = meanAndVariance(a);
  const mb = meanAndVariance(b);
  const difference = ma.mean - mb.mean;
  const se = Math.sqrt(ma.variance / Math.max(1, a.length) + mb.variance / Math.max(1, b.length));
  return { difference, low: difference - z * se, high: difference + z * se };
}

/** The two-proportion (unpooled Wald) interval for pA - pB. */
export function twoProportionInterval(
  successesA: number,
  totalA: number,
  successesB: number,
  totalB: number,
  z = Z_95,
): Interval {
  const pa = totalA > 0 ? successesA / totalA : 0;
  const pb = totalB > 0 ? successesB / totalB : 0;
  const se = Math.sqrt(
    (totalA > 0 ? (pa * (1 - pa)) / totalA : 0) + (totalB > 0 ? (pb * (1 - pb)) / totalB : 0),
  );
  const difference = pa - pb;
  return { difference, low: difference - z * se, high: difference + z * se };
}

const centsInterval = (i: Interval): Omit<Interval, "difference"> => ({
  low: Math.round(i.low),
  high: Math.round(i.high),
});
const shareInterval = (i: Interval): Interval => ({
  difference: four(i.difference),
  low: four(i.low),
  high: four(i.high),
});

/** "$1.20 more", "$0.40 less", "the same". */
function moreOrLess(cents: number): string {
  if (cents === 0) return "the same";
  return `${formatMoney(Math.abs(cents))} ${cents > 0 ? "more" : "less"}`;
}

/** The plain sentence the dashboard shows above the figures. */
export function holdoutSentence(comparison: Omit<HoldoutComparison, "sentence">): string {
  const { ava, holdout, revenuePerCart } = comparison;
  if (!comparison.enoughData || !revenuePerCart) {
    return (
      `Not enough data yet: each group needs at least ${MIN_VISITORS_PER_GROUP} visitors with a cart and ` +
      `${MIN_BUYERS_PER_GROUP} buyers (now ${ava.visitors} and ${ava.buyers} with Ava, ` +
      `${holdout.visitors} and ${holdout.buyers} held out).`
    );
  }
  const { difference, low, high } = revenuePerCart;
  const range = `95% CI ${low < 0 ? "-" : ""}${formatMoney(Math.abs(low))} to ${high < 0 ? "-" : ""}${formatMoney(Math.abs(high))}`;
  const verdict =
    low > 0
      ? "Ava earns more than she gives away."
      : high < 0
        ? "Shoppers without Ava spend more: consider a more protective stance."
        : "The difference is not yet clear of zero.";
  const spend = difference === 0 ? "spend the same per cart" : `spend ${moreOrLess(difference)} per cart`;
  return `Ava's shoppers ${spend} (${range}). ${verdict}`;
}

/** The whole comparison, from the visitors of both groups. */
export function compareHoldout(visitors: readonly HoldoutVisitor[]): HoldoutComparison {
  const inAva = visitors.filter((v) => v.group === "ava");
  const heldOut = visitors.filter((v) => v.group === "holdout");
  const ava = groupFigures(inAva);
  const holdout = groupFigures(heldOut);
  const enoughData = [ava, holdout].every(
    (g) => g.visitors >= MIN_VISITORS_PER_GROUP && g.buyers >= MIN_BUYERS_PER_GROUP,
  );
  const base = {
    ava,
    holdout,
    enoughData,
    revenuePerCart: enoughData
      ? {
          ...centsInterval(
            welchInterval(
              inAva.map((v) => v.revenue),
              heldOut.map((v) => v.revenue),
            ),
          ),
          // The difference of the two figures shown, so the sentence and the table agree to the cent.
          difference: ava.revenuePerCart - holdout.revenuePerCart,
        }
      : null,
    conversion: enoughData
      ? shareInterval(twoProportionInterval(ava.buyers, ava.visitors, holdout.buyers, holdout.visitors))
      : null,
  };
  return { ...base, sentence: holdoutSentence(base) };
}
