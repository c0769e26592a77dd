import { displayOrderStatus, type OrderStatus } from "@haggle/domain/orders/order-status";

const LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** The badge text of an order status; an unknown status shows as Pending. */
export function orderStatusLabel(status: string): string {
  return LABELS[displayOrderStatus(status)];
}
