import { invalid } from "../errors.ts";
import { type QuoteLine, unitPrice } from "./quote-cart.ts";

/**
 * The most one order can come to: what an order's money columns (numeric(12,2)) hold. A cart
 * beyond it is refused with a sentence, before checkout or a negotiation tries to store it.
 */
export const MAX_ORDER_TOTAL_CENTS = 999_999_999_999;

export const CART_TOO_LARGE_MESSAGE =
  "This cart comes to more than $9,999,999,999.99, the most one order can hold. Remove some items to continue.";

/** Refuses (400) an amount no order can hold: a cart's total at checkout, its subtotal when negotiating. */
export function assertOrderableAmount(cents: number): void {
  if (!Number.isFinite(cents) || cents > MAX_ORDER_TOTAL_CENTS)
    throw invalid(CART_TOO_LARGE_MESSAGE, "CART_TOO_LARGE");
}

/** The cart's subtotal at the prices it would be charged, checked against the same limit. */
export function assertOrderableCart(
  lines: readonly Pick<QuoteLine, "price" | "priceSnapshot" | "quantity">[],
): void {
  assertOrderableAmount(lines.reduce((sum, line) => sum + unitPrice(line) * line.quantity, 0));
}
