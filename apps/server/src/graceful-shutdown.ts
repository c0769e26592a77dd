import type { Server } from "node:http";
import type { Logger } from "./platform/logger.ts";
import type { Readiness } from "./platform/lifecycle/readiness.ts";

/** In-flight requests get this long after SIGTERM before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 8_000;
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
}

/**
 * What SIGTERM and SIGINT do: stop being ready (GET /readyz answers 503) and end the realtime
 * streams with a hint to reconnect; stop accepting connections and close each kept-alive one
 * after its current answer; let in-flight requests (a checkout, a streaming reply) finish for up
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
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Answers under way when the signal came leave their connections idle, not closed: close those
    // as they become idle. Each sweep may cut a request just written to an idle connection (the
    // balancer answers it 502), so once a second, not more.
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 1000);
    await closed;
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
