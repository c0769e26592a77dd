import cluster, { type Worker } from "node:cluster";
import { createServer } from "node:net";
import type { Env } from "./env.ts";
import { newSetupCode } from "./modules/admin/index.ts";
import { reusePortSupport } from "./platform/cluster/own-socket.ts";
import {
  HEALTHY_LIFE_MS,
  LISTENING_MESSAGE,
  PORT_SHARING_VAR,
  type PortSharing,
  portSharing,
  restartDelayMs,
  SETUP_CODE_VAR,
  schedulingPolicy,
  WORKER_NUMBER_VAR,
} from "./platform/cluster/workers.ts";
import type { Logger } from "./platform/logger.ts";

/** How long the workers get to finish their requests and close after SIGTERM (each bounds its own at 10 s). */
const STOP_GRACE_MS = 15_000;
/** PostgreSQL's default max_connections, for the start-up warning about the connections all workers open. */
const DEFAULT_MAX_CONNECTIONS = 100;

interface Slot {
  worker: Worker | null;
  startedAt: number;
  quickDeaths: number;
  restart: NodeJS.Timeout | null;
}

/**
 * The cluster's primary (WORKERS > 1, PostgreSQL server only; docs/decisions/0016-workers.md):
 * it opens no database and serves nothing. It starts worker 1 alone (migrations, seeding and the
 * admin setup code happen once, and a configuration that cannot start stops here instead of
 * looping), then the others; every worker listens on the one port (`howToSharePort`: each on a
 * socket of its own by default on Linux, else through the primary). A worker that dies is started again, after a pause that grows while it
 * keeps dying young. SIGTERM / SIGINT: each worker stops gracefully, then the primary exits.
 */
export async function runPrimary(env: Env, count: number, logger: Logger): Promise<void> {
  const log = logger.child({ role: "primary", pid: process.pid });
  const started = performance.now();
  announceStart(env, count, log);
  const sharing = await howToSharePort(env, log);
  // Before the first fork: node:cluster reads it once, when it sets the primary up.
  cluster.schedulingPolicy = schedulingPolicy(sharing);
  // One code for every worker (each stores its hash; they must agree). Unused when the shop has an admin.
  const pool = workerPool({ [SETUP_CODE_VAR]: newSetupCode(), [PORT_SHARING_VAR]: sharing }, log);
  process.on("SIGTERM", () => pool.stop("SIGTERM"));
  process.on("SIGINT", () => pool.stop("SIGINT"));

  // Worker 1 first: it migrates and seeds; if it cannot start, neither can the others.
  const firstCode = await listeningOrExitCode(pool.fork(1));
  if (firstCode !== null) {
    if (!pool.stopping()) {
      log.fatal({ code: firstCode }, "the first worker could not start (its log is above): stopping");
      process.exit(firstCode || 1);
    }
    return;
  }
  if (pool.stopping()) return;
  await Promise.all(Array.from({ length: count - 1 }, (_, i) => listeningOrExitCode(pool.fork(i + 2))));
  if (!pool.stopping())
    log.info(
      { workers: count, portSharing: sharing, startupMs: Math.round(performance.now() - started) },
      `${count} server processes are serving on port ${env.PORT}`,
    );
}

/** Says how many workers start, and warns when together they may open more connections than PostgreSQL allows by default. */
function announceStart(env: Env, count: number, log: Logger): void {
  const connections = count * (env.DATABASE_POOL_SIZE + 2);
  log.info(
    { workers: count, port: env.PORT },
    `starting ${count} server processes on port ${env.PORT}, each with up to ${env.DATABASE_POOL_SIZE} + 2 connections to PostgreSQL`,
  );
  if (connections > DEFAULT_MAX_CONNECTIONS * 0.8)
    log.warn(
      { workers: count, connections },
      `${count} workers may open ${connections} connections to PostgreSQL (default max_connections is ${DEFAULT_MAX_CONNECTIONS}): lower WORKERS or DATABASE_POOL_SIZE, or raise max_connections`,
    );
}

/**
 * How the workers will share the port (`portSharing`): `reuseport` (asked for) falls back to the
 * default, the workers taking connections from the port's one socket, in one log line, where this platform or Node cannot make the sockets, or on PORT=0 (each socket
 * would get a port of its own). With `reuseport`, a port already held stops the start here: a
 * process that shares it too (another shop's workers) would otherwise be given half the
 * connections without an error, so the primary first binds the port alone, then lets it go.
 */
async function howToSharePort(env: Env, log: Logger): Promise<PortSharing> {
  const wanted = portSharing(process.env.NODE_CLUSTER_SCHED_POLICY, process.platform);
  if (wanted !== "reuseport") return wanted;
  const support = reusePortSupport();
  const reason = !support.ok ? support.reason : env.PORT === 0 ? "PORT=0" : null;
  if (reason !== null) {
    log.warn(
      { reason },
      `workers cannot each listen with SO_REUSEPORT (${reason}): they take connections from the port's one socket`,
    );
    return "none";
  }
  const refused = await listenAloneError(env.PORT, env.HOST);
  if (refused) {
    log.fatal(
      refused.code === "EADDRINUSE"
        ? `port ${env.PORT} on ${env.HOST} is in use by another process: stop it, or set another PORT`
        : `cannot listen on port ${env.PORT} on ${env.HOST}: ${refused.message}`,
    );
    process.exit(1);
  }
  return "reuseport";
}

/** Why a socket of this process alone (no SO_REUSEPORT) cannot listen on the port now, or null (then it is closed at once). */
function listenAloneError(port: number, host: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", resolve);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

/**
 * Null once the worker listens (node:cluster's event for a socket it shares, the worker's message
 * for one of its own); its exit code (1 when none) if it exits first.
 */
function listeningOrExitCode(worker: Worker): Promise<number | null> {
  return new Promise((resolve) => {
    worker.once("listening", () => resolve(null));
    worker.on("message", (message) => {
      if (message === LISTENING_MESSAGE) resolve(null);
    });
    worker.once("exit", (code) => resolve(code ?? 1));
  });
}

/**
 * The numbered worker slots: `fork(n)` starts worker n, a worker that dies is started again after
 * a pause that grows while it keeps dying young, and `stop` ends them all gracefully (then exits).
 */
function workerPool(workerEnv: Record<string, string>, log: Logger) {
  const slots = new Map<number, Slot>();
  let stopping = false;

  function fork(n: number): Worker {
    const slot = slots.get(n) ?? { worker: null, startedAt: 0, quickDeaths: 0, restart: null };
    slots.set(n, slot);
    slot.restart = null;
    slot.startedAt = Date.now();
    const worker = cluster.fork({ ...workerEnv, [WORKER_NUMBER_VAR]: String(n) });
    slot.worker = worker;
    worker.once("exit", (code, signal) => exited(n, worker, code, signal));
    return worker;
  }

  function exited(n: number, worker: Worker, code: number | null, signal: string | null) {
    const slot = slots.get(n);
    if (!slot || slot.worker !== worker) return;
    slot.worker = null;
    if (stopping) {
      if ([...slots.values()].every((s) => s.worker === null)) {
        log.info("every worker stopped");
        process.exit(0);
      }
      return;
    }
    const lived = Date.now() - slot.startedAt;
    slot.quickDeaths = lived < HEALTHY_LIFE_MS ? slot.quickDeaths + 1 : 0;
    const delay = restartDelayMs(slot.quickDeaths);
    log.warn(
      { worker: n, workerPid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay },
      `worker ${n} exited (${signal ?? `code ${code}`}); starting it again${delay ? ` in ${delay / 1000} s` : ""}`,
    );
    slot.restart = setTimeout(() => fork(n), delay);
  }

  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "stopping every worker gracefully");
    let alive = 0;
    for (const slot of slots.values()) {
      if (slot.restart) clearTimeout(slot.restart);
      slot.restart = null;
      if (slot.worker && !slot.worker.isDead()) {
        alive++;
        slot.worker.process.kill(signal);
      } else slot.worker = null;
    }
    if (alive === 0) process.exit(0);
    setTimeout(() => {
      log.warn("workers still running after 15 s: killing them");
      for (const slot of slots.values()) slot.worker?.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  }

  return { fork, stop, stopping: () => stopping };
}
