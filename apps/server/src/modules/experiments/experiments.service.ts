import type { Experiment, ExperimentAnswer } from "@haggle/contract/experiments";
import { conflict } from "@haggle/domain/errors";
import { DEFAULT_HOLDOUT_SHARE_BP } from "@haggle/domain/merchant/holdout-assignment";
import { compareHoldout, type HoldoutVisitor } from "@haggle/domain/merchant/holdout-figures";
import type { Db, Queryable } from "../../platform/db/client.ts";
import { isUniqueViolation } from "../../platform/db/db-errors.ts";
import { publishEvent } from "../../platform/realtime/event-bus.ts";
import {
  type ExperimentRow,
  findLatestExperiment,
  insertExperiment,
  stopRunningExperiment,
} from "./experiments.store.ts";

/**
 * The holdout experiment ("measure Ava"; docs/decisions/0017-holdout-experiment.md):
 * the merchant starts and stops measurement periods; shoppers become visitors with a cart when
 * their cart first holds something in the period; held-out shoppers cannot negotiate.
 */

/**
 * What each visitor of an experiment ordered: the orders module's to count (it sits above this
 * one, so app.ts hands its function in).
 */
export type HoldoutVisitorsOf = (
  db: Queryable,
  experiment: { id: string; stoppedAt: Date | null },
) => Promise<HoldoutVisitor[]>;

async function experimentDto(
  db: Queryable,
  row: ExperimentRow,
  visitorsOf: HoldoutVisitorsOf,
): Promise<Experiment> {
  const comparison = compareHoldout(await visitorsOf(db, row));
  return {
    id: row.id,
    holdoutPct: row.holdoutShareBp / 100,
    startedAt: row.startedAt.toISOString(),
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
    running: row.stoppedAt === null,
    ...comparison,
  };
}

/** The running experiment with its figures, else the last one stopped, else none. */
export async function experimentAnswer(db: Db, visitorsOf: HoldoutVisitorsOf): Promise<ExperimentAnswer> {
  const row = await findLatestExperiment(db);
  return { experiment: row ? await experimentDto(db, row, visitorsOf) : null };
}

const ALREADY_RUNNING = "An experiment is already running: stop it before starting a new one.";

/** Starts a new measurement period (a fresh assignment); 409 while one runs. */
export async function startExperiment(
  db: Db,
  holdoutPct: number | undefined,
  visitorsOf: HoldoutVisitorsOf,
): Promise<ExperimentAnswer> {
  const shareBp = holdoutPct === undefined ? DEFAULT_HOLDOUT_SHARE_BP : Math.round(holdoutPct * 100);
  try {
    const row = await db.transaction(async (tx) => {
      const inserted = await insertExperiment(tx, shareBp);
      await publishEvent(tx, { type: "experiment.updated", experimentId: inserted.id });
      return inserted;
    });
    return { experiment: await experimentDto(db, row, visitorsOf) };
  } catch (error) {
    if (isUniqueViolation(error, "holdout_experiments_one_running_uq"))
      throw conflict(ALREADY_RUNNING, "EXPERIMENT_RUNNING");
    throw error;
  }
}

/** Stops the running experiment (its figures stay, counted up to now); 409 when none runs. */
export async function stopExperiment(
  db: Db,
  visitorsOf: HoldoutVisitorsOf,
  now = new Date(),
): Promise<ExperimentAnswer> {
  const row = await db.transaction(async (tx) => {
    const stopped = await stopRunningExperiment(tx, now);
    if (!stopped) throw conflict("No experiment is running.", "NO_EXPERIMENT");
    await publishEvent(tx, { type: "experiment.updated", experimentId: stopped.id });
    return stopped;
  });
  return { experiment: await experimentDto(db, row, visitorsOf) };
}
