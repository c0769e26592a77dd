import { type Cents, formatMoney } from "../pricing/money.ts";

/**
 * An applied negotiated price is not forever: an applied offer lapses with its expiry or when a
 * price it was computed on changes. Ava's discount was
 * computed on the shop's prices of the moment; once one of them moves, or the applied price
 * has been sitting in the cart too long, it no longer holds and the cart goes back to today's
 * prices. The shopper may negotiate again.
 */

/** Why an applied price lapsed. */
export type AppliedPriceLapse = "price-changed" | "expired";

export const APPLIED_PRICE_LAPSES: readonly AppliedPriceLapse[] = ["price-changed", "expired"];

/** A line of a cart holding an applied offer. */
export interface AppliedLine {
  /** The product's price now. */
  price: Cents;
  /** The shop price the applied offer was computed on for this line; null when it is not known. */
  negotiatedOn: Cents | null;
}

/**
 * Whether a price the applied offer was computed on has moved, up or down: a discount computed
 * on $100 is not a discount on $200, nor on $50. A line whose basis is unknown counts as moved:
 * nothing shows the price is the one the offer was made on.
 */
export function pricesMovedUnder(lines: readonly AppliedLine[]): boolean {
  return lines.some((line) => line.negotiatedOn === null || line.negotiatedOn !== line.price);
}

/** When an applied price stops holding on its own: ttlMinutes after it was applied. */
export function appliedPriceExpiry(appliedAt: Date, ttlMinutes: number): Date {
  return new Date(appliedAt.getTime() + ttlMinutes * 60_000);
}

/**
 * Has the cart's applied price lapsed, and why. A moved price is named first: it is what the
 * shopper sees change. An applied price whose time of application is unknown has lapsed.
 */
export function appliedPriceLapse(input: {
  appliedAt: Date | null;
  lines: readonly AppliedLine[];
  now: Date;
  ttlMinutes: number;
}): AppliedPriceLapse | null {
  if (pricesMovedUnder(input.lines)) return "price-changed";
  if (input.appliedAt === null) return "expired";
  if (appliedPriceExpiry(input.appliedAt, input.ttlMinutes).getTime() <= input.now.getTime())
    return "expired";
  return null;
}

/** What the cart tells the shopper after Ava's discount lapsed. */
export function appliedPriceLapseNotice(reason: AppliedPriceLapse): string {
  return reason === "price-changed"
    ? "Ava's discount lapsed because a price changed; your cart shows today's prices. You can negotiate again."
    : "Ava's discount expired before checkout; your cart shows today's prices. You can negotiate again.";
}

/** Checkout's refusal: nothing was charged, and what the cart costs now. */
export function appliedPriceLapseAtCheckout(reason: AppliedPriceLapse, total: Cents): string {
  const why =
    reason === "price-changed" ? "Ava's discount lapsed because a price changed" : "Ava's discount expired";
  return `${why}, so your order was not placed. Your cart now totals ${formatMoney(total)} at today's prices: check out again, or negotiate again with Ava.`;
}
