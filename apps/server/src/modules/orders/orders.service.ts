import type { Order } from "@haggle/contract/orders";
import { orderNumber } from "@haggle/domain/orders/order-number";
import { displayOrderStatus } from "@haggle/domain/orders/order-status";
import { orderTimeline } from "@haggle/domain/orders/order-timeline";
import type { Db, Queryable } from "../../platform/db/client.ts";
import {
  findShopperOrder,
  listShopperOrders,
  loadOrderEvents,
  loadOrderLines,
  type OrderEventRow,
  type OrderLineRow,
  type OrderRow,
} from "./orders.store.ts";

/** The Order answer of an order's row, its lines (with their products' pictures) and its events. */
export function toOrderDto(
  row: OrderRow,
  lines: readonly OrderLineRow[],
  events: readonly Pick<OrderEventRow, "kind" | "at" | "amount" | "note">[],
): Order {
  return {
    id: row.id,
    number: orderNumber(row.id),
    createdAt: row.createdAt.toISOString(),
    status: displayOrderStatus(row.status),
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    address: row.shippingAddress ?? null,
    items: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      variantId: l.variantId,
      name: l.name,
      quantity: l.quantity,
      listPrice: l.listPrice,
      unitPrice: l.unitPrice,
      regularPrice: l.regularPrice,
      lineTotal: l.regularPrice * l.quantity,
      refundedQuantity: l.refundedQuantity,
      imageUrl: l.imageUrl || null,
      slug: l.slug || null,
      amount: l.amount,
      tax: l.tax,
      taxRatePercent: l.taxRateMilliPercent === null ? null : l.taxRateMilliPercent / 1000,
    })),
    timeline: orderTimeline(row.createdAt, events).map((e) => ({
      kind: e.kind,
      at: e.at.toISOString(),
      amount: e.amount,
      note: e.note,
    })),
    subtotal: row.subtotal,
    negotiatedDiscount: row.negotiatedDiscount,
    discountApplied: row.discountApplied,
    discountCode: row.discountCode,
    codeDiscount: row.codeDiscount,
    shipping: row.shipping,
    shippingMethod: row.shippingMethod,
    tax: row.tax,
    taxIncluded: row.taxIncluded,
    taxLabel: row.taxLabel,
    shippingTax: row.shippingTax,
    total: row.total,
    currency: row.currency,
    refundedTotal: row.refundedTotal,
    negotiationId: row.negotiationId,
  };
}

/** Order answers for rows, in their order, each with its lines and timeline (one query for each). */
export async function withLines(db: Queryable, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const lines = await loadOrderLines(db, ids);
  const events = await loadOrderEvents(db, ids);
  return rows.map((row) =>
    toOrderDto(
      row,
      lines.filter((l) => l.orderId === row.id),
      events.filter((e) => e.orderId === row.id),
    ),
  );
}

/** A shopper's order; another shopper's id reads as not found. */
export async function loadOrder(db: Db, userId: string, orderId: string): Promise<Order | null> {
  const row = await findShopperOrder(db, userId, orderId);
  const [order] = await withLines(db, row ? [row] : []);
  return order ?? null;
}

export async function listOrders(db: Db, userId: string): Promise<Order[]> {
  return withLines(db, await listShopperOrders(db, userId));
}
