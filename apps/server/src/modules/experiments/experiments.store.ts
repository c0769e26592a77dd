/**
 * The holdout experiment's records: the measurement periods, the visitors with a cart
 * assigned in each (what their orders came to is the orders module's to count).
 */
import { type HoldoutGroup, holdoutGroupOf } from "@haggle/domain/merchant/holdout-assignment";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { preparedStatement } from "../../platform/db/prepared.ts";
import { holdoutAssignments, holdoutExperiments } from "../../platform/db/schema/experiments.ts";

export type ExperimentRow = typeof holdoutExperiments.$inferSelect;

export async function findRunningExperiment(db: Queryable): Promise<ExperimentRow | null> {
  const [row] = await runningExperimentStatement(db, {});
  return row ?? null;
}

// Every add to the cart and every checkout asks: its SQL is built once (preparedStatement).
const runningExperimentStatement = preparedStatement("experiments_running", (q) =>
  q.select().from(holdoutExperiments).where(isNull(holdoutExperiments.stoppedAt)).limit(1),
);

/**
 * The running experiment (or null) as one JSON value of a larger statement (the checkout's terms
 * read at once): `sql` reads it, `read` answers it as findRunningExperiment does.
 */
export const runningExperimentPart = {
  sql: sql`(select json_build_object('id', ${holdoutExperiments.id}, 'holdoutShareBp', ${holdoutExperiments.holdoutShareBp}, 'startedAt', ${holdoutExperiments.startedAt}) from ${holdoutExperiments} where ${holdoutExperiments.stoppedAt} is null limit 1)`,
  read: (value: unknown): ExperimentRow | null => {
    if (!value) return null;
    const row = value as { id: string; holdoutShareBp: number; startedAt: string };
    return {
      id: row.id,
      holdoutShareBp: row.holdoutShareBp,
      startedAt: new Date(row.startedAt),
      stoppedAt: null,
    };
  },
};

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

/** The account's group in the running experiment (`known` when the caller read it), or null when none runs. */
export async function runningGroupOf(
  db: Queryable,
  userId: string,
  known?: ExperimentRow | null,
): Promise<{ experiment: ExperimentRow; group: HoldoutGroup } | null> {
  const experiment = known === undefined ? await findRunningExperiment(db) : known;
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
