/** 'ORD-' + the last 8 characters of the order id, upper case (spec §9). */
export function orderNumber(orderId: string): string {
  return `ORD-${orderId.slice(-8).toUpperCase()}`;
}

export const ORDER_STATUSES = ["pending", "confirmed", "processing", "shipped", "delivered"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Unknown statuses are shown as pending. */
export function displayOrderStatus(status: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : "pending";
}
