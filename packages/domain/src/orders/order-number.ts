/** 'ORD-' + the last 8 characters of the order id, upper case (spec §9). */
export function orderNumber(orderId: string): string {
  return `ORD-${orderId.slice(-8).toUpperCase()}`;
}
