import { afterFailedAttempt, type MailRetryPolicy } from "@haggle/domain/mail/mail-retry";
import { asc, inArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Queryable } from "./client.ts";

/**
 * A table of work sent later and retried (an outbox: the e-mail outbox, the ACP order
 * webhooks): the columns its bookkeeping reads and moves. `status` is 'queued' while the work
 * is to be done, then 'sent' or 'failed' (given up, `lastError` says why).
 */
export type OutboxTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lastError: PgColumn;
  sentAt: PgColumn;
};

/** What a failed attempt led to: tried again after a wait, or given up. */
export type FailedAttempt = { status: "queued"; retryInMs: number } | { status: "failed" };

/**
 * The bookkeeping of one outbox, the same for every outbox: one claim, one set of status rules
 * and one retry policy, all on the database's clock (`now()`), never the process's.
 *
 * - `claimDue` claims up to `limit` due queued rows for one attempt each: counts the attempt
 *   and moves the row's next attempt `leaseMs` ahead, in one statement. Rows another sender is
 *   claiming are skipped (FOR UPDATE SKIP LOCKED), and a claimed row is no longer due, so each
 *   row goes to one sender; one whose sender died is due again when its lease ends. The oldest
 *   due come first (`nextAttemptAt`, then `tieBreak` when given).
 * - `markSent`, `markFailed` and `release` change a row only while it is still queued and still
 *   the claim of `attempts`: a later claim (the lease ran out) makes them change nothing.
 */
export interface Outbox<Row> {
  claimDue(db: Queryable, limit: number, leaseMs: number): Promise<Row[]>;
  /** The claim of `attempts` succeeded; false when a later claim owns the row (it may go twice). */
  markSent(db: Queryable, id: string, attempts: number): Promise<boolean>;
  /** The claim of `attempts` failed with `error`: due again after the policy's wait, or given up. */
  markFailed(
    db: Queryable,
    id: string,
    attempts: number,
    error: string,
    policy: MailRetryPolicy,
  ): Promise<FailedAttempt>;
  /** A claim given back unattempted (its sender is closing): due again now, the attempt not counted. */
  release(db: Queryable, id: string, attempts: number): Promise<void>;
  /** Milliseconds until the next queued row is due (0 when one is due now); null when none is queued. */
  msUntilNextDue(db: Queryable): Promise<number | null>;
}

export function outboxOf<T extends OutboxTable>(
  table: T,
  options: { tieBreak?: PgColumn } = {},
): Outbox<T["$inferSelect"]> {
  /** Still queued and still the claim of `attempts`. */
  const ownClaim = (id: string, attempts: number) =>
    sql`${table.id} = ${id} and ${table.attempts} = ${attempts} and ${table.status} = 'queued'`;
  const set = (values: Record<string, unknown>) => values as PgUpdateSetSource<T>;

  return {
    async claimDue(db, limit, leaseMs) {
      const order = [asc(table.nextAttemptAt), ...(options.tieBreak ? [asc(options.tieBreak)] : [])];
      const due = db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(sql`${table.status} = 'queued' and ${table.nextAttemptAt} <= now()`)
        .orderBy(...order)
        .limit(limit)
        .for("update", { skipLocked: true });
      const lease = set({
        attempts: sql`${table.attempts} + 1`,
        nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      });
      const claimed = await db.update(table).set(lease).where(inArray(table.id, due)).returning();
      return claimed as T["$inferSelect"][];
    },

    async markSent(db, id, attempts) {
      const rows = await db
        .update(table)
        .set(set({ status: "sent", sentAt: sql`now()`, lastError: null }))
        .where(ownClaim(id, attempts))
        .returning({ id: table.id });
      return rows.length > 0;
    },

    async markFailed(db, id, attempts, error, policy) {
      const next = afterFailedAttempt(attempts, policy);
      await db
        .update(table)
        .set(
          set(
            next.status === "failed"
              ? { status: "failed", lastError: error }
              : {
                  lastError: error,
                  nextAttemptAt: sql`now() + ${next.retryInMs} * interval '1 millisecond'`,
                },
          ),
        )
        .where(ownClaim(id, attempts));
      return next;
    },

    async release(db, id, attempts) {
      await db
        .update(table)
        .set(set({ attempts: sql`${table.attempts} - 1`, nextAttemptAt: sql`now()` }))
        .where(ownClaim(id, attempts));
    },

    async msUntilNextDue(db) {
      const [row] = await db
        .select({
          ms: sql<number | null>`(extract(epoch from (min(${table.nextAttemptAt}) - now())) * 1000)::float8`,
        })
        .from(table as PgTable)
        .where(sql`${table.status} = 'queued'`);
      const ms = row?.ms;
      return ms === null || ms === undefined ? null : Math.max(0, Number(ms));
    },
  };
}
