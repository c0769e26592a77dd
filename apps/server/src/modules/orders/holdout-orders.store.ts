/**
 * What the holdout experiment's visitors ordered, for its report: the orders module counts its
 * own orders against the experiment's assignments (read through the experiments' read view).
 * Money in cents (sums decoded like the money columns).
 */
import type { HoldoutVisitor } from "@haggle/domain/merchant/holdout-figures";
import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { orders } from "../../platform/db/schema/orders.ts";
import { holdoutAssignmentsRead as assignments } from "../experiments/index.ts";

/** What a kept order earned: its total less refunds (cancelled orders are not joined at all). */
const keptRevenue = sql`${orders.total} - ${orders.refundedTotal}`;

/**
 * Every visitor with a cart of the experiment, with the orders placed from its assignment until
 * the experiment stopped (cancelled orders left out: they bought nothing).
 */
export async function holdoutVisitorOrders(
  db: Queryable,
  experiment: { id: string; stoppedAt: Date | null },
): Promise<HoldoutVisitor[]> {
  const until = experiment.stoppedAt;
  const rows = await db
    .select({
      group: assignments.group,
      orders: sql<number>`count(${orders.id})::int`,
      revenue: sql`coalesce(sum(${keptRevenue}), 0)`.mapWith(orders.total),
      discount: sql`coalesce(sum(${orders.negotiatedDiscount}), 0)`.mapWith(orders.negotiatedDiscount),
    })
    .from(assignments)
    .leftJoin(
      orders,
      and(
        eq(orders.userId, assignments.userId),
        sql`${orders.createdAt} >= ${assignments.assignedAt}`,
        sql`${orders.status} <> 'cancelled'`,
        until ? sql`${orders.createdAt} < ${until.toISOString()}` : undefined,
      ),
    )
    .where(eq(assignments.experimentId, experiment.id))
    .groupBy(assignments.userId, assignments.group);
  return rows.map((r) => ({
    group: r.group === "holdout" ? "holdout" : "ava",
    orders: Number(r.orders),
    revenue: r.revenue,
    discount: r.discount,
  }));
}
