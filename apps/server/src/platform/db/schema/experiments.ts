import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

// --- the holdout experiment ("measure Ava") ------------------------------------

/**
 * One measurement period: from `started_at` until `stopped_at` (null while it runs), a share of
 * the shoppers (basis points) held out from Ava. At most one runs at a time; starting another
 * starts a new period with a fresh assignment (docs/decisions/0017-holdout-experiment.md).
 */
export const holdoutExperiments = pgTable(
  "holdout_experiments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    holdoutShareBp: integer("holdout_share_bp").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
  },
  (t) => [
    check("holdout_experiments_share", sql`${t.holdoutShareBp} between 0 and 10000`),
    uniqueIndex("holdout_experiments_one_running_uq").on(sql`(true)`).where(sql`${t.stoppedAt} is null`),
  ],
);

/**
 * A visitor with a cart: the account, its group (a pure function of account and experiment,
 * stored with the moment it was first seen with a cart in the period), from which its orders count.
 */
export const holdoutAssignments = pgTable(
  "holdout_assignments",
  {
    experimentId: uuid("experiment_id")
      .notNull()
      .references(() => holdoutExperiments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    group: text("group_name").notNull(),
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.experimentId, t.userId] }),
    check("holdout_assignments_group", sql`${t.group} in ('ava', 'holdout')`),
  ],
);
