import { isOrderStatus, MERCHANT_ORDER_STATUSES, ORDER_STATUSES } from "@haggle/domain/orders/order-status";
import type { ForwardStatus } from "../api/orders-api";

export interface ForwardStep {
  status: ForwardStatus;
  /** The button's text. */
  label: string;
}

/** The one step an order can take next (pending/confirmed -> processing -> shipped -> delivered); null when delivered. */
export function nextOrderStep(status: string): ForwardStep | null {
  // An unknown stored status offers no step.
  if (!isOrderStatus(status)) return null;
  const at = ORDER_STATUSES.indexOf(status);
  const next = MERCHANT_ORDER_STATUSES.find((s) => ORDER_STATUSES.indexOf(s) > at);
  return next ? { status: next, label: `Mark ${next}` } : null;
}
