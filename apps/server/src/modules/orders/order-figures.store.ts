/**
 * The orders' figures the merchant's dashboard reads: read-only aggregates, money in cents (the
 * sums decoded like the money columns).
 */
import { UNCOUNTED_ORDER_STATUSES } from "@haggle/domain/merchant/counted-order";
import { and, asc, desc, gte, isNotNull, notInArray, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { orders } from "../../platform/db/schema/orders.ts";

/** The orders that count for every figure (the domain's keptRevenue, orderCounts): those still standing. */
const counted = notInArray(orders.status, [...UNCOUNTED_ORDER_STATUSES]);
/** What an order that counts earned: its total less what was given back. */
const keptRevenue = sql`${orders.total} - ${orders.refundedTotal}`;

/**
 * Whether the shop has any order at all (whatever its status): its currency is then fixed. Holds
 * the orders table against new orders until the transaction ends (SHARE mode: it first waits for
 * the checkouts writing one, then sees them), so a currency change and the shop's first order
 * cannot both pass: the change sees the order, or the order's insert sees the new currency.
 */
export async function hasAnyOrderLocked(tx: Tx): Promise<boolean> {
  await tx.execute(sql`lock table ${orders} in share mode`);
  const [row] = await tx.select({ id: orders.id }).from(orders).limit(1);
  return row !== undefined;
}

/** The kept revenue of every order that counts, summed. */
export async function totalRevenue(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ total: sql`coalesce(sum(${keptRevenue}), 0)`.mapWith(orders.total) })
    .from(orders)
    .where(counted);
  return row?.total ?? 0;
}

/**
 * Orders that count, their kept revenue and Ava's discount (the order's stored figure) per UTC day
 * since `since`; days without such orders are absent.
 */
export async function orderTotalsByDay(db: Queryable, since: Date) {
  const day = sql`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      date: sql<string>`${day}`,
      orders: sql<number>`count(*)::int`,
      revenue: sql`sum(${keptRevenue})`.mapWith(orders.total),
      discount: sql`sum(${orders.negotiatedDiscount})`.mapWith(orders.negotiatedDiscount),
    })
    .from(orders)
    .where(and(gte(orders.createdAt, since), counted))
    .groupBy(day);
}

/**
 * The discount codes orders that count used since `since`, most used first (then by code), at most
 * `limit`: each code's orders, what it took off the goods and the revenue of those orders.
 */
export async function codeUsesSince(db: Queryable, since: Date, limit: number) {
  const uses = sql<number>`count(*)::int`;
  return db
    .select({
      code: sql<string>`${orders.discountCode}`,
      orders: uses,
      discount: sql`sum(${orders.codeDiscount})`.mapWith(orders.codeDiscount),
      revenue: sql`sum(${keptRevenue})`.mapWith(orders.total),
    })
    .from(orders)
    .where(and(gte(orders.createdAt, since), counted, isNotNull(orders.discountCode)))
    .groupBy(orders.discountCode)
    .orderBy(desc(uses), asc(orders.discountCode))
    .limit(limit);
}
