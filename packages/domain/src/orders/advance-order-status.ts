import {
  displayOrderStatus,
  isClosedOrderStatus,
  type MerchantOrderStatus,
  ORDER_STATUSES,
} from "./order-status.ts";

/**
 * Orders only move forward: pending/confirmed -> processing -> shipped -> delivered; skipping
 * ahead is fine. Returns null when the move is allowed, else the sentence that says why not.
 * An unknown stored status counts as pending (as it is shown).
 */
export function orderStatusMoveError(current: string, next: MerchantOrderStatus): string | null {
  const from = displayOrderStatus(current);
  if (isClosedOrderStatus(from)) return `This order was ${from}; it does not move any more.`;
  if (ORDER_STATUSES.indexOf(next) > ORDER_STATUSES.indexOf(from)) return null;
  return from === next
    ? `This order is already ${from}; orders only move forward.`
    : `This order is already ${from}; orders only move forward, not back to ${next}.`;
}
