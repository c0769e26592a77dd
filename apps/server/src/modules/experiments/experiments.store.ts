/**
 * The holdout experiment's records: the measurement periods, the visitors with a cart
 * assigned in each, and what their orders came to. Money in cents (sums decoded like the money
 * columns).
 */
import { type HoldoutGroup, holdoutGroupOf } from "@haggle/domain/merchant/holdout-assignment";
import type { HoldoutVisitor } from "@haggle/domain/merchant/holdout-figures";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { holdoutAssignments, holdoutExperiments } from "../../platform/db/schema/experiments.ts";
import { orders } from "../../platform/db/schema/orders.ts";

export type ExperimentRow = typeof holdoutExperiments.$inferSelect;

export async function findRunningExperiment(db: Queryable): Promise<ExperimentRow | null> {
  const [row] = await db
    .select()
    .from(holdoutExperiments)
    .where(isNull(holdoutExperiments.stoppedAt))
    .limit(1);
  return row ?? null;
}

/** The running experiment, else the one stopped last. */
export async function findLatestExperiment(db: Queryable): Promise<ExperimentRow | null> {
  const running = await findRunningExperiment(db);
  if (running) return running;
  const [row] = await db
    .select()
    .from(holdoutExperiments)
    .orderBy(desc(holdoutExperiments.startedAt))
    .limit(1);
  return row ?? null;
}

/** Starts a period; the partial unique index refuses a second running one (the caller maps that to 409). */
export async function insertExperiment(db: Queryable, holdoutShareBp: number): Promise<ExperimentRow> {
  const [row] = await db.insert(holdoutExperiments).values({ holdoutShareBp }).returning();
  if (!row) throw new Error("insert into holdout_experiments returned no row");
  return row;
}

export async function stopRunningExperiment(db: Queryable, at: Date): Promise<ExperimentRow | null> {
  const [row] = await db
    .update(holdoutExperiments)
    .set({ stoppedAt: at })
    .where(isNull(holdoutExperiments.stoppedAt))
    .returning();
  return row ?? null;
}

/** The account's group in the running experiment, or null when none runs. */
export async function runningGroupOf(
  db: Queryable,
  userId: string,
): Promise<{ experiment: ExperimentRow; group: HoldoutGroup } | null> {
  const experiment = await findRunningExperiment(db);
  if (!experiment) return null;
  return { experiment, group: holdoutGroupOf(userId, experiment.id, experiment.holdoutShareBp) };
}

/** Records a visitor with a cart once per experiment; true when this call recorded it. */
export async function insertAssignment(
  db: Queryable,
  experimentId: string,
  userId: string,
  group: HoldoutGroup,
): Promise<boolean> {
  const rows = await db
    .insert(holdoutAssignments)
    .values({ experimentId, userId, group })
    .onConflictDoNothing()
    .returning({ userId: holdoutAssignments.userId });
  return rows.length > 0;
}

export async function isAssigned(db: Queryable, experimentId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: holdoutAssignments.userId })
    .from(holdoutAssignments)
    .where(and(eq(holdoutAssignments.experimentId, experimentId), eq(holdoutAssignments.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** What a kept order earned: its total less refunds (cancelled orders are not joined at all). */
const keptRevenue = sql`${orders.total} - ${orders.refundedTotal}`;

/**
 * Every visitor with a cart of the experiment, with the orders placed from its assignment until
 * the experiment stopped (cancelled orders left out: they bought nothing).
 */
export async function experimentVisitors(
  db: Queryable,
  experiment: ExperimentRow,
): Promise<HoldoutVisitor[]> {
  const until = experiment.stoppedAt;
  const rows = await db
    .select({
      group: holdoutAssignments.group,
      orders: sql<number>`count(${orders.id})::int`,
      revenue: sql`coalesce(sum(${keptRevenue}), 0)`.mapWith(orders.total),
      discount: sql`coalesce(sum(${orders.negotiatedDiscount}), 0)`.mapWith(orders.negotiatedDiscount),
    })
    .from(holdoutAssignments)
    .leftJoin(
      orders,
      and(
        eq(orders.userId, holdoutAssignments.userId),
        sql`${orders.createdAt} >= ${holdoutAssignments.assignedAt}`,
        sql`${orders.status} <> 'cancelled'`,
        until ? sql`${orders.createdAt} < ${until.toISOString()}` : undefined,
      ),
    )
    .where(eq(holdoutAssignments.experimentId, experiment.id))
    .groupBy(holdoutAssignments.userId, holdoutAssignments.group);
  return rows.map((r) => ({
    group: r.group === "holdout" ? "holdout" : "ava",
    orders: Number(r.orders),
    revenue: r.revenue,
    discount: r.discount,
  }));
}
