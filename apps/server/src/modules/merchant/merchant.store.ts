/**
 * The figures the merchant's dashboard reads across the shop's records (orders, negotiations,
 * approvals): read-only aggregates, money in cents (the sums decoded like the money columns).
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

/** What an order earned: its total less what was given back; a cancelled order earned nothing. */
const keptRevenue = sql`case when ${orders.status} = 'cancelled' then 0 else ${orders.total} - ${orders.refundedTotal} end`;

/** Every order's kept revenue, summed (refunds and cancels taken off). */
export async function totalRevenue(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ total: sql`coalesce(sum(${keptRevenue}), 0)`.mapWith(orders.total) })
    .from(orders);
  return row?.total ?? 0;
}

/** Orders, kept revenue and Ava's discount (the order's stored figure) per UTC day since `since`; days without orders are absent. */
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
    .where(gte(orders.createdAt, since))
    .groupBy(day);
}

/** Negotiations started since `since` in which the shopper said at least one thing. */
const talkedSince = (since: Date) => and(gte(negotiations.startedAt, since), gt(negotiations.rounds, 0));

export async function countNegotiationsTalkedIn(db: Queryable, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(negotiations).where(talkedSince(since));
  return row?.n ?? 0;
}

/** Of those, the ones that ended in a deal: their final percent (basis points). */
export async function dealsSince(db: Queryable, since: Date) {
  return db
    .select({
      // final_discount_pct is numeric(5,2): times 100 it is exactly a whole number of basis points.
      percentBp: sql<number>`coalesce(round(${negotiations.finalDiscountPct} * 100), 0)::int`,
    })
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

/** Per channel ('web', 'agent'): negotiations talked in since `since`, and the final percents (bp) of their deals. */
export async function negotiationsByChannelSince(db: Queryable, since: Date) {
  const counted = await db
    .select({ channel: negotiations.channel, n: count() })
    .from(negotiations)
    .where(talkedSince(since))
    .groupBy(negotiations.channel);
  const deals = await db
    .select({
      channel: negotiations.channel,
      percentBp: sql<number>`coalesce(round(${negotiations.finalDiscountPct} * 100), 0)::int`,
    })
    .from(negotiations)
    .where(
      and(
        talkedSince(since),
        eq(negotiations.status, "completed"),
        isNotNull(negotiations.appliedDiscountAmount),
      ),
    );
  return counted.map((row) => ({
    channel: row.channel,
    negotiations: row.n,
    dealPercents: deals.filter((d) => d.channel === row.channel).map((d) => d.percentBp),
  }));
}
