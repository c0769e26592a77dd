/** 'ORD-' + the last 8 characters of the order id, upper case. */
export function orderNumber(orderId: string): string {
  return `ORD-${orderId.slice(-8).toUpperCase()}`;
}
