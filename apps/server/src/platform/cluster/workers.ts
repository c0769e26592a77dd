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

/** The environment variable in which the primary tells each worker how to listen (a `PortSharing`). */
export const PORT_SHARING_VAR = "HAGGLE_PORT_SHARING";
/** The message a worker that listens on a socket of its own sends the primary once it listens. */
export const LISTENING_MESSAGE = "haggle:listening";

/**
 * How the workers share the port's connections:
 * - `none` (the default): every worker accepts from the port's one socket, which the primary
 *   opened (node:cluster's `SCHED_NONE`): whichever worker's loop is free takes what is waiting,
 *   so a liveness probe that arrives with a burst of connections is answered in a free worker's
 *   next loop turn (the bodies flood: every round's worst `/healthz` 21-91 ms, quiet). The share
 *   is the kernel's wake-ups': even on a quiet machine (20 keep-alive connections opened at once:
 *   14/6 at worst in 12 tries), uneven when one worker is starved of CPU (0/20 was seen at load 19,
 *   the free worker taking them all).
 * - `reuseport`: each worker listens on a socket of its own, bound to the same port with
 *   `SO_REUSEPORT`, and the kernel gives each new connection to one of them by a hash of its
 *   addresses, busy or not: connections opened at once split as coin tosses do, whatever the
 *   load, but a probe hashed to a busy worker waits for it (the flood: 59-439 ms). Linux only:
 *   elsewhere `SO_REUSEPORT` does not balance (on macOS the last socket bound takes every one).
 * - `rr` (node:cluster's own default on Linux): the primary accepts each connection and hands it
 *   to a worker over IPC, one at a time per worker, waiting for that worker's loop to take it; a
 *   burst of hundreds of connections queues every later one, a probe's included, behind its
 *   hand-offs (the flood: 52-892 ms).
 * `NODE_CLUSTER_SCHED_POLICY` (Node's own setting name) chooses `rr` or `reuseport`; unset, or
 * any other value, `none`.
 */
export type PortSharing = "reuseport" | "rr" | "none";

export function portSharing(setting: string | undefined, platform: NodeJS.Platform): PortSharing {
  if (setting === "rr") return setting;
  return setting === "reuseport" && platform === "linux" ? "reuseport" : "none";
}

/** node:cluster's policy for a sharing: `none` shares the primary's socket, the others keep round robin (unused with `reuseport`, where no worker asks the primary for a socket). */
export function schedulingPolicy(sharing: PortSharing): number {
  return sharing === "none" ? cluster.SCHED_NONE : cluster.SCHED_RR;
}

/** Whether this Node's `listen()` takes `reusePort` (22.12 and later, 23.1 and later); older ones need a socket made outside. */
export function hasBuiltInReusePort(nodeVersion: string): boolean {
  const [major = 0, minor = 0] = nodeVersion.replace(/^v/, "").split(".").map(Number);
  return major > 23 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12);
}
