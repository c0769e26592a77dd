import type { Server } from "node:http";
import { Server as NetServer } from "node:net";
import type { Logger } from "./platform/logger.ts";
import type { Readiness } from "./platform/lifecycle/readiness.ts";

/** In-flight requests get this long after SIGTERM before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 8_000;
/**
 * Idle kept-alive connections are left to their client this long after SIGTERM, then closed. A
 * connection the server closes may cross a request the client just sent on it, which a balancer
 * can retry on another replica only when it is idempotent. The compose balancer keeps no idle
 * connection (containers/nginx.conf); other clients and balancers get this long to close theirs.
 */
export const IDLE_CLOSE_DELAY_MS = 3_000;
/** The process is gone by then whatever hangs (orchestrators wait 10 s before SIGKILL). */
export const SHUTDOWN_DEADLINE_MS = 10_000;

export interface ShutdownPlan {
  server: Server;
  readiness: Readiness;
  logger: Logger;
  /** Closes what the process holds (jobs, the event bus, mail, caches, the database), in order. */
  release: () => Promise<void>;
  /** Ends the process (tests pass their own). */
  exit?: (code: number) => void;
  graceMs?: number;
  deadlineMs?: number;
  idleCloseDelayMs?: number;
}

/**
 * What SIGTERM and SIGINT do: stop being ready (GET /readyz answers 503) and end the realtime
 * streams with a hint to reconnect; stop accepting connections and close each kept-alive one
 * after its current answer, or when still idle after IDLE_CLOSE_DELAY_MS; let in-flight requests (a checkout, a streaming reply) finish for up
 * to SHUTDOWN_GRACE_MS; close the database; exit 0.
 * Whatever still hangs at SHUTDOWN_DEADLINE_MS, the process exits 1. Returns `shutdown`, which
 * the signals call, for tests.
 */
export function handleShutdownSignals(plan: ShutdownPlan): (signal: string) => Promise<void> {
  const exit = plan.exit ?? ((code: number) => process.exit(code));
  let stopping: Promise<void> | null = null;
  const shutdown = (signal: string) => {
    stopping ??= stop(signal);
    return stopping;
  };
  async function stop(signal: string) {
    const { server, logger } = plan;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const deadline = setTimeout(() => {
      logger.error("shutdown did not finish in time; exiting");
      exit(1);
    }, plan.deadlineMs ?? SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    const grace = setTimeout(() => {
      logger.warn("in-flight requests did not finish in time; closing their connections");
      server.closeAllConnections();
    }, plan.graceMs ?? SHUTDOWN_GRACE_MS);
    grace.unref();
    plan.readiness.drain();
    // A balancer keeps its connections alive and sends the next request on them: answer each with
    // `Connection: close`, so every connection ends after its answer instead of at its idle timeout.
    server.prependListener("request", (_req, res) => {
      if (!res.headersSent) res.setHeader("connection", "close");
    });
    // Stop accepting connections. (http's close would also close the idle ones at once: not yet.)
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    // Then close the idle connections the clients left, once a second (each sweep may cut a request
    // just written to one); connections still answering end after their answer (`Connection: close`).
    let sweep: NodeJS.Timeout | undefined;
    const sweeping = setTimeout(() => {
      server.closeIdleConnections();
      sweep = setInterval(() => server.closeIdleConnections(), 1000);
    }, plan.idleCloseDelayMs ?? IDLE_CLOSE_DELAY_MS);
    await closed;
    clearTimeout(sweeping);
    clearInterval(sweep);
    clearTimeout(grace);
    try {
      await plan.release();
    } catch (error) {
      logger.error({ err: error }, "closing after the last request failed");
      clearTimeout(deadline);
      exit(1);
      return;
    }
    clearTimeout(deadline);
    logger.info("stopped");
    exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return shutdown;
}
