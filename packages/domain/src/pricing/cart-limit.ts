import { invalid } from "../errors.ts";
import { type Cents, formatMoney, shopMinorUnits } from "./money.ts";
import { type QuoteLine, unitPrice } from "./quote-cart.ts";

/**
 * The most one order can come to, in the shop currency's minor unit: what an order's money
 * columns (numeric(12,2): under 10,000,000,000 of the major unit) hold, so 999,999,999,999 cents
 * in USD and 9,999,999,999 yen in JPY. A cart beyond it is refused with a sentence, before
 * checkout or a negotiation tries to store it.
 */
export function maxOrderTotal(): Cents {
  return 10 ** (10 + shopMinorUnits()) - 1;
}

/** "This cart comes to more than $9,999,999,999.99, ...": the limit in the shop's currency. */
export function cartTooLargeMessage(): string {
  return `This cart comes to more than ${formatMoney(maxOrderTotal())}, the most one order can hold. Remove some items to continue.`;
}

/** Refuses (400) an amount no order can hold: a cart's total at checkout, its subtotal when negotiating. */
export function assertOrderableAmount(cents: number): void {
  if (!Number.isFinite(cents) || cents > maxOrderTotal())
    throw invalid(cartTooLargeMessage(), "CART_TOO_LARGE");
}

/** The cart's subtotal at the prices it would be charged, checked against the same limit. */
export function assertOrderableCart(
  lines: readonly Pick<QuoteLine, "price" | "priceSnapshot" | "quantity">[],
): void {
  assertOrderableAmount(lines.reduce((sum, line) => sum + unitPrice(line) * line.quantity, 0));
}
