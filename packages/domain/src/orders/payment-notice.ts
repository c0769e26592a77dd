/**
 * What a payment provider's signed word about an order's payment does to the order.
 * Providers deliver their notices at least once
 * and in any order, so each decision depends only on how the order stands now:
 * - `succeeded` confirms a pending order and records it paid, once;
 * - `failed` (the shopper's payment was declined) and `canceled` (the payment was voided) cancel
 *   a pending order, and its stock returns;
 * - a payment that succeeds after the order was cancelled (not paid in time, or failed first)
 *   is given back at once: the order stays cancelled, its stock may have been sold since.
 * Anything else (a failure after success, a repeated success) changes nothing.
 */
export type PaymentNoticeKind = "succeeded" | "failed" | "canceled";

export type PaymentNoticeAction =
  /** Record the payment: paid now, and the order confirmed if it was pending. */
  | "confirm"
  /** Cancel the order, return its stock; the payment status says why. */
  | "cancel"
  /** Keep the order cancelled and refund the payment that arrived too late. */
  | "refund-late-payment"
  | "ignore";

export interface PaymentNoticeOrder {
  status: string;
  paymentStatus: string;
}

/** What a notice of `kind` does to an order standing as `order`. */
export function paymentNoticeAction(order: PaymentNoticeOrder, kind: PaymentNoticeKind): PaymentNoticeAction {
  const unpaid = order.paymentStatus === "pending";
  if (kind === "succeeded") {
    if (order.status === "cancelled") {
      // A payment the shop refused must go back, once: 'refunded' after the first time.
      return order.paymentStatus === "pending" ||
        order.paymentStatus === "failed" ||
        order.paymentStatus === "expired"
        ? "refund-late-payment"
        : "ignore";
    }
    return unpaid ? "confirm" : "ignore";
  }
  return unpaid && order.status === "pending" ? "cancel" : "ignore";
}

/** The payment status of an order cancelled because its payment failed, was voided or expired. */
export function unpaidCancelStatus(reason: PaymentNoticeKind | "expired"): "failed" | "expired" {
  return reason === "expired" ? "expired" : "failed";
}
