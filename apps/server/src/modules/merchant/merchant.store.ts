/**
 * The figures the merchant's dashboard reads across the shop's records (orders, negotiations,
 * approvals): read-only aggregates, money as numeric strings.
 */
import { and, count, eq, gt, gte, isNotNull, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { negotiationApprovals, negotiations, orders } from "../../platform/db/schema.ts";

/** Negotiations under way: active, and the shopper has said something (a page visit is not one). */
export async function countActiveNegotiations(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(negotiations)
    .where(and(eq(negotiations.status, "active"), gt(negotiations.rounds, 0)));
  return row?.n ?? 0;
}

export async function countPendingApprovals(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(negotiationApprovals)
    .where(eq(negotiationApprovals.status, "pending"));
  return row?.n ?? 0;
}

/** Every order's total, summed. */
export async function totalRevenue(db: Queryable): Promise<string> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${orders.total}), 0)::text` }).from(orders);
  return row?.total ?? "0";
}

/** Orders, revenue and order-level (negotiated) discount per UTC day since `since`; days without orders are absent. */
export async function orderTotalsByDay(db: Queryable, since: Date) {
  const day = sql`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      date: sql<string>`${day}`,
      orders: sql<number>`count(*)::int`,
      revenue: sql<string>`sum(${orders.total})::text`,
      discount: sql<string>`sum(${orders.extraDiscount})::text`,
    })
    .from(orders)
    .where(gte(orders.createdAt, since))
    .groupBy(day);
}

/** Negotiations started since `since` in which the shopper said at least one thing. */
const talkedSince = (since: Date) => and(gte(negotiations.startedAt, since), gt(negotiations.rounds, 0));

export async function countNegotiationsTalkedIn(db: Queryable, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(negotiations).where(talkedSince(since));
  return row?.n ?? 0;
}

/** Of those, the ones that ended in a deal: their final percent and applied discount. */
export async function dealsSince(db: Queryable, since: Date) {
  return db
    .select({ pct: negotiations.finalDiscountPct, amount: negotiations.appliedDiscountAmount })
    .from(negotiations)
    .where(
      and(
        talkedSince(since),
        eq(negotiations.status, "completed"),
        isNotNull(negotiations.appliedDiscountAmount),
      ),
    );
}

export async function countEscalationsSince(db: Queryable, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(negotiationApprovals)
    .where(gte(negotiationApprovals.createdAt, since));
  return row?.n ?? 0;
}
