import { asc, inArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Queryable } from "./client.ts";

/** A table of work sent later and retried (an outbox): the columns a claim reads and moves. */
export type OutboxTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
};

/**
 * Claims up to `limit` due queued rows of an outbox for one attempt each: counts the attempt
 * and moves the row's next attempt `leaseMs` ahead, in one statement. Rows another sender is
 * claiming are skipped (FOR UPDATE SKIP LOCKED), and a claimed row is no longer due, so each
 * row goes to one sender; one whose sender died is due again when its lease ends. The oldest
 * due come first (`nextAttemptAt`, then `tieBreak` when given).
 */
export async function claimDueRows<T extends OutboxTable>(
  db: Queryable,
  table: T,
  options: { limit: number; leaseMs: number; tieBreak?: PgColumn },
): Promise<T["$inferSelect"][]> {
  const order = [asc(table.nextAttemptAt), ...(options.tieBreak ? [asc(options.tieBreak)] : [])];
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(sql`${table.status} = 'queued' and ${table.nextAttemptAt} <= now()`)
    .orderBy(...order)
    .limit(options.limit)
    .for("update", { skipLocked: true });
  const lease = {
    attempts: sql`${table.attempts} + 1`,
    nextAttemptAt: sql`now() + ${options.leaseMs} * interval '1 millisecond'`,
  } as PgUpdateSetSource<T>;
  const claimed = await db.update(table).set(lease).where(inArray(table.id, due)).returning();
  return claimed as T["$inferSelect"][];
}
