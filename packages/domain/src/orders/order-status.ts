/**
 * An order's statuses in the order it moves through them (spec §4): it only ever moves forward.
 * `cancelled` ends it (a payment that failed or was not made in time, or a cancel).
 */
export const ORDER_STATUSES = [
  "pending",
  "confirmed",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses a merchant may move an order to; pending and confirmed are the checkout's. */
export const MERCHANT_ORDER_STATUSES = [
  "processing",
  "shipped",
  "delivered",
] as const satisfies readonly OrderStatus[];
export type MerchantOrderStatus = (typeof MERCHANT_ORDER_STATUSES)[number];

export function isOrderStatus(status: string): status is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status);
}

/** Unknown statuses are shown as pending. */
export function displayOrderStatus(status: string): OrderStatus {
  return isOrderStatus(status) ? status : "pending";
}
