import type { MerchantOrder, MerchantOrderList, UpdateOrderStatusSchema } from "@haggle/contract/merchant";
import type { OrderStatusSchema } from "@haggle/contract/orders";
import { orderStatusMoveError } from "@haggle/domain/orders/advance-order-status";
import { count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../platform/db/client.ts";
import { orders, profiles, user } from "../../platform/db/schema.ts";
import { conflict, notFound } from "../../http/http-error.ts";
import { publishEvent } from "../../platform/realtime/event-bus.ts";
import { type OrderRow, withLines } from "./orders.service.ts";

type Status = z.infer<typeof OrderStatusSchema>;
type NewStatus = z.infer<typeof UpdateOrderStatusSchema>["status"];

function orderQuery(db: Db | Tx) {
  return db
    .select({
      order: orders,
      profileName: profiles.name,
      profileEmail: profiles.email,
      userName: user.name,
      userEmail: user.email,
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.userId, orders.userId))
    .leftJoin(user, eq(user.id, orders.userId));
}

type Row = Awaited<ReturnType<ReturnType<typeof orderQuery>["execute"]>>[number];

async function toMerchantOrders(db: Db | Tx, rows: Row[]): Promise<MerchantOrder[]> {
  const dtos = await withLines(
    db,
    rows.map((r) => r.order as OrderRow),
  );
  return dtos.map((dto, i) => {
    const row = rows[i]!;
    return {
      ...dto,
      customer: {
        name: row.profileName ?? row.userName ?? "",
        email: row.profileEmail ?? row.userEmail ?? "",
      },
    };
  });
}

/** Every shopper's orders, newest first, with the customer's name and email. */
export async function listMerchantOrders(
  db: Db,
  query: { status?: Status | undefined; page: number; pageSize: number },
): Promise<MerchantOrderList> {
  const where = query.status ? eq(orders.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    orderQuery(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return {
    items: await toMerchantOrders(db, rows),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Moves an order forward (409 when it would stay or go back) and tells the shopper's pages in
 * the same transaction: the event is delivered only if the change commits.
 */
export async function advanceOrder(db: Db, orderId: string, status: NewStatus): Promise<MerchantOrder> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!current) throw notFound("No order has that id.");
    const refused = orderStatusMoveError(current.status, status);
    if (refused) throw conflict(refused, "ORDER_STATUS");
    await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await publishEvent(tx, { type: "order.updated", orderId, status, userId: current.userId });
    const rows = await orderQuery(tx).where(eq(orders.id, orderId));
    const [order] = await toMerchantOrders(tx, rows);
    if (!order) throw notFound("No order has that id.");
    return order;
  });
}
