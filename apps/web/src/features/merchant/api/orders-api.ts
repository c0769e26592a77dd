import {
  type MerchantOrder,
  type MerchantOrderList,
  MerchantOrderListSchema,
  MerchantOrderSchema,
} from "@haggle/contract/merchant";
import type { Order } from "@haggle/contract/orders";
import type { MerchantOrderStatus } from "@haggle/domain/orders/order-status";
import { apiFetch } from "@/lib/api-client";
import { merchantQueryKey } from "../hooks/use-merchant-events";

export type OrderStatusFilter = Order["status"] | "all";
export type ForwardStatus = MerchantOrderStatus;

export interface OrderListParams {
  status: OrderStatusFilter;
  page: number;
  pageSize: number;
}

export const ordersQueryKey = [...merchantQueryKey, "orders"] as const;

export function orderListQueryKey(params: OrderListParams) {
  return [...ordersQueryKey, "list", params] as const;
}

/** GET /api/merchant/orders: every shopper's orders, newest first. */
export function fetchMerchantOrders(
  { status, page, pageSize }: OrderListParams,
  signal?: AbortSignal,
): Promise<MerchantOrderList> {
  const search = new URLSearchParams();
  if (status !== "all") search.set("status", status);
  search.set("page", String(page));
  search.set("pageSize", String(pageSize));
  return apiFetch(`/api/merchant/orders?${search}`, {
    schema: MerchantOrderListSchema,
    ...(signal ? { signal } : {}),
  });
}

/** PATCH /api/merchant/orders/:id {status}: orders only move forward; the shopper hears of it live. */
export function moveOrderForward(orderId: string, status: ForwardStatus): Promise<MerchantOrder> {
  return apiFetch(`/api/merchant/orders/${encodeURIComponent(orderId)}`, {
    method: "PATCH",
    body: { status },
    schema: MerchantOrderSchema,
  });
}

/** POST /api/merchant/orders/:id/mark-paid: a manually paid order's money arrived. */
export function markOrderPaid(orderId: string): Promise<MerchantOrder> {
  return apiFetch(`/api/merchant/orders/${encodeURIComponent(orderId)}/mark-paid`, {
    method: "POST",
    schema: MerchantOrderSchema,
  });
}

/** POST /api/merchant/orders/:id/cancel: the order is called off, what was paid is refunded. */
export function cancelMerchantOrder(orderId: string): Promise<MerchantOrder> {
  return apiFetch(`/api/merchant/orders/${encodeURIComponent(orderId)}/cancel`, {
    method: "POST",
    schema: MerchantOrderSchema,
  });
}

/** POST /api/merchant/orders/:id/refund: some units of some lines, or (no lines) everything left. */
export function refundMerchantOrder(
  orderId: string,
  lines: { orderItemId: string; quantity: number }[] | null,
): Promise<MerchantOrder> {
  return apiFetch(`/api/merchant/orders/${encodeURIComponent(orderId)}/refund`, {
    method: "POST",
    body: lines ? { lines } : {},
    schema: MerchantOrderSchema,
  });
}
