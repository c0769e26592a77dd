import { OrderSchema } from "@haggle/contract/orders";
import { z } from "zod";
import { apiFetch } from "@/lib/api-client";

/**
 * An order as shown. The status is read as any string and shown through displayOrderStatus
 * (unknown -> pending), so a new status name on the server never hides an order.
 */
export const OrderViewSchema = OrderSchema.extend({ status: z.string() });
export type OrderView = z.infer<typeof OrderViewSchema>;

/** Every order answer is cached under this prefix; invalidate it after a checkout. */
export const ordersQueryKey = ["orders"] as const;

export function orderQueryKey(orderId: string) {
  return [...ordersQueryKey, "detail", orderId] as const;
}

export function orderListQueryKey() {
  return [...ordersQueryKey, "list"] as const;
}

export function fetchOrders(signal?: AbortSignal): Promise<OrderView[]> {
  return apiFetch("/api/orders", { schema: z.array(OrderViewSchema), ...(signal ? { signal } : {}) });
}

export function fetchOrder(orderId: string, signal?: AbortSignal): Promise<OrderView> {
  return apiFetch(`/api/orders/${encodeURIComponent(orderId)}`, {
    schema: OrderViewSchema,
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/orders/:id/cancel: the shopper calls an order off before it ships. */
export function cancelOrder(orderId: string): Promise<OrderView> {
  return apiFetch(`/api/orders/${encodeURIComponent(orderId)}/cancel`, {
    method: "POST",
    schema: OrderViewSchema,
  });
}
