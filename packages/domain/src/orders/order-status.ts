/**
 * An order's statuses: the first five in the order it moves through them (it only
 * ever moves forward), then the two it can end in from any of them.
 */
export const ORDER_STATUSES = [
  "pending",
  "confirmed",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where an order ends when it is called off or all its money given back: it moves no further. */
export const CLOSED_ORDER_STATUSES = ["cancelled", "refunded"] as const satisfies readonly OrderStatus[];

export function isClosedOrderStatus(status: string): boolean {
  return (CLOSED_ORDER_STATUSES as readonly string[]).includes(status);
}

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
