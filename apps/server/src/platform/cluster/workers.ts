import cluster from "node:cluster";

/**
 * How many server processes to run: WORKERS when given; else one per core on a PostgreSQL
 * server and one on the embedded database, which only one process can open (parseEnv refuses
 * WORKERS above 1 without DATABASE_URL).
 */
export function serverProcessCount(
  env: { WORKERS?: number | undefined; DATABASE_URL?: string | undefined },
  cores: number,
): number {
  if (env.DATABASE_URL === undefined) return 1;
  return env.WORKERS ?? Math.max(1, cores);
}

/** A worker that lived at least this long before dying was healthy: its restart is not delayed. */
export const HEALTHY_LIFE_MS = 30_000;

/**
 * The pause before restarting a worker that died: none after a healthy life, then 1 s, 2 s,
 * 4 s ... at most 30 s for each further death in a row that came soon after its start (a worker
 * that cannot start must not spin the CPU).
 */
export function restartDelayMs(quickDeathsInARow: number): number {
  if (quickDeathsInARow <= 0) return 0;
  return Math.min(30_000, 1000 * 2 ** (quickDeathsInARow - 1));
}

/** The environment variable in which the primary gives each worker its number (1..WORKERS). */
export const WORKER_NUMBER_VAR = "HAGGLE_WORKER";
/** The one-time admin setup code the primary chose, so that every worker stores the same one. */
export const SETUP_CODE_VAR = "HAGGLE_SETUP_CODE";

/** This process's worker number when it is one of several (1..WORKERS), else null. */
export function workerNumber(): number | null {
  if (!cluster.isWorker) return null;
  const n = Number(process.env[WORKER_NUMBER_VAR]);
  return Number.isInteger(n) && n > 0 ? n : (cluster.worker?.id ?? null);
}

/**
 * How the primary shares the port's connections among the workers. Node's default on Linux is
 * round robin: the primary accepts each connection and hands it to a worker, one at a time per
 * worker, waiting for that worker's event loop to take it before the next. A burst of hundreds
 * of connections (bodies that never end) then queues every later connection, a liveness probe's
 * included, behind a hand-off per burst connection: a second and more before the worker even
 * sees the probe, though its event loop is free most of that time. With the operating system
 * sharing the port (`NODE_CLUSTER_SCHED_POLICY=none`), each worker accepts what is waiting in one
 * go and the probe is answered in the loop turn after its bytes arrive, but the share is the
 * kernel's: 20 keep-alive connections opened at once were seen split 19 to 1, which halves what
 * two workers can serve. Round robin stays the default; `none` is the operator's choice.
 */
export function schedulingPolicy(setting: string | undefined): number {
  return setting === "none" ? cluster.SCHED_NONE : cluster.SCHED_RR;
}
