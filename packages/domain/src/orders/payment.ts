/**
 * How an order is paid. `manual` needs no
 * configuration: pay on delivery or by bank transfer, the merchant marks the order paid.
 * `stripe` exists when the shop has Stripe keys: the order waits for Stripe's signed word.
 */
export const PAYMENT_METHODS = ["manual", "stripe"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * `voided`: the order was cancelled before any money moved, so nothing is due. `expired`: a
 * provider's payment (Stripe) not made within PAYMENT_TIMEOUT_MINUTES; the order was cancelled.
 */
export const PAYMENT_STATUSES = [
  "pending",
  "paid",
  "failed",
  "refunded",
  "partially_refunded",
  "voided",
  "expired",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What the checkout page calls each method. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  manual: "Pay on delivery / bank transfer",
  stripe: "Card",
};

/** What a shopper reads about an order's payment. */
export function paymentStatusSentence(method: string, status: string): string {
  switch (status) {
    case "paid":
      return "Paid";
    case "failed":
      return "Payment failed";
    case "expired":
      return "Not paid in time";
    case "refunded":
      return "Refunded";
    case "partially_refunded":
      return "Partly refunded";
    case "voided":
      return "Nothing to pay: the order was cancelled";
    default:
      return method === "manual" ? "Payment due: on delivery or by bank transfer" : "Waiting for payment";
  }
}

/** Why the merchant cannot mark an order paid, or null when they can. */
export function markPaidError(order: { status: string; paymentStatus: string }): string | null {
  if (order.paymentStatus === "paid") return "This order is already paid.";
  if (order.status === "cancelled") return "This order was cancelled; a cancelled order cannot be paid.";
  if (order.paymentStatus === "voided") return "This order was cancelled; a cancelled order cannot be paid.";
  if (order.paymentStatus === "failed") return "This order's payment failed; it cannot be marked paid.";
  if (order.paymentStatus !== "pending") return "This order was refunded; it cannot be marked paid.";
  return null;
}
