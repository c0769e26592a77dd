import { forbidden } from "@haggle/domain/errors";
import { HELD_OUT_MESSAGE } from "@haggle/domain/merchant/holdout-assignment";
import type { Db, Queryable } from "../../platform/db/client.ts";
import { publishEvent } from "../../platform/realtime/event-bus.ts";
import {
  type ExperimentRow,
  findRunningExperiment,
  insertAssignment,
  isAssigned,
  runningGroupOf,
} from "./experiments.store.ts";

/**
 * The holdout experiment where shoppers meet it, for the cart, negotiation, agents'
 * and accounts' modules: recording a visitor with a cart, and keeping held-out shoppers away
 * from Ava. (Not a service: other modules' services call it.)
 */

/**
 * A signed-in shopper's cart holds something: while an experiment runs, the account becomes one
 * of its visitors with a cart (once; the group is the stable function of account and experiment).
 * Called when an item is added, when the anonymous cart is merged at sign-in and when a cart
 * holding items is opened. Answers whether an experiment runs. `known`: the running experiment
 * (or null) when the caller read it already (the checkout reads it with the shop's terms).
 */
export async function noteCartVisitor(
  db: Db,
  userId: string,
  known?: ExperimentRow | null,
): Promise<boolean> {
  const running = await runningGroupOf(db, userId, known);
  if (!running) return false;
  await db.transaction(async (tx) => {
    const added = await insertAssignment(tx, running.experiment.id, userId, running.group);
    if (added) await publishEvent(tx, { type: "experiment.updated", experimentId: running.experiment.id });
  });
  return true;
}

/** Whether Ava negotiates with this account now (false while the running experiment holds it out). */
export async function negotiationOffered(db: Queryable, userId: string): Promise<boolean> {
  return (await runningGroupOf(db, userId))?.group !== "holdout";
}

/** Refuses a held-out shopper's negotiation (403 with a sentence), before anything changes. */
export async function assertNotHeldOut(db: Queryable, userId: string): Promise<void> {
  if (!(await negotiationOffered(db, userId))) throw forbidden(HELD_OUT_MESSAGE);
}

/** An order was placed: when its shopper is a visitor of the running experiment, merchants' figures move. */
export async function noteExperimentOrder(db: Db, userId: string): Promise<void> {
  const running = await findRunningExperiment(db);
  if (!running || !(await isAssigned(db, running.id, userId))) return;
  await publishEvent(db, { type: "experiment.updated", experimentId: running.id });
}
