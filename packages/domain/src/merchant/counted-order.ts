import { CLOSED_ORDER_STATUSES, isClosedOrderStatus } from "../orders/order-status.ts";
import type { Cents } from "../pricing/money.ts";

/**
 * An order that counts for the merchant's figures (order counts, revenue, negotiated discount,
 * per day and in total): one that still stands. A cancelled order, or one whose money was all
 * given back, counts for none of them, so "$X revenue from N orders" speaks of the same orders.
 */
export const UNCOUNTED_ORDER_STATUSES = CLOSED_ORDER_STATUSES;

export function orderCounts(status: string): boolean {
  return !isClosedOrderStatus(status);
}

/** What an order that counts earned: its total less what was given back; nothing otherwise. */
export function keptRevenue(order: { status: string; total: Cents; refundedTotal: Cents }): Cents {
  return orderCounts(order.status) ? order.total - order.refundedTotal : 0;
}
