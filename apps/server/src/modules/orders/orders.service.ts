import type { Order } from "@haggle/contract/orders";
import { displayOrderStatus, orderNumber } from "@haggle/domain/orders/order-number";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.ts";
import { orderLines, orders } from "../../platform/db/schema.ts";
import { moneyOut } from "../catalog/product-dto.ts";

export type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

function toOrderDto(row: OrderRow, lines: LineRow[]): Order {
  return {
    id: row.id,
    number: orderNumber(row.id),
    createdAt: row.createdAt.toISOString(),
    status: displayOrderStatus(row.status),
    paymentStatus: row.paymentStatus,
    items: lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      quantity: l.quantity,
      listPrice: moneyOut(l.listPrice),
      unitPrice: moneyOut(l.unitPrice),
    })),
    subtotal: moneyOut(row.subtotal),
    discountApplied: moneyOut(row.discountApplied),
    extraDiscount: moneyOut(row.extraDiscount),
    shipping: moneyOut(row.shipping),
    tax: moneyOut(row.tax),
    total: moneyOut(row.total),
    negotiationId: row.negotiationId,
  };
}

/** Order answers for rows, in their order, each with its lines (one query for all lines). */
export async function withLines(db: Db | Tx, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderLines.position), asc(orderLines.id));
  return rows.map((row) =>
    toOrderDto(
      row,
      lines.filter((l) => l.orderId === row.id),
    ),
  );
}

/** A shopper's order; another shopper's id reads as not found. */
export async function loadOrder(db: Db, userId: string, orderId: string): Promise<Order | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  const [order] = await withLines(db, rows);
  return order ?? null;
}

export async function listOrders(db: Db, userId: string): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return withLines(db, rows);
}
