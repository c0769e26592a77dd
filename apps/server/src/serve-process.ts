import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { createApp } from "./app.ts";
import { keepConnectionsAlive } from "./http/keep-alive.ts";
import { inTurns } from "./http/request-turns.ts";
import { handleShutdownSignals } from "./graceful-shutdown.ts";
import { DataDirLockedError } from "./platform/db/data-dir-lock.ts";
import { unreachableDatabaseSentence } from "./platform/db/db-errors.ts";
import type { Env } from "./env.ts";
import { listenOnOwnSocket } from "./platform/cluster/own-socket.ts";
import {
  LISTENING_MESSAGE,
  PORT_SHARING_VAR,
  SETUP_CODE_VAR,
  workerNumber,
} from "./platform/cluster/workers.ts";
import { createLogger } from "./platform/logger.ts";
import { publicUrl, startRuntime } from "./server-runtime.ts";

/**
 * One server process: opens the database, serves the port, runs the background jobs, and stops
 * gracefully on SIGTERM / SIGINT (graceful-shutdown.ts). Alone, or as one of the WORKERS of a cluster (then the port is
 * shared through the primary and the log lines carry the worker's number).
 */
export async function serveProcess(env: Env, processStarted: number): Promise<void> {
  const logger = createLogger(env.LOG_LEVEL);
  const worker = workerNumber();
  let runtime: Awaited<ReturnType<typeof startRuntime>>;
  try {
    runtime = await startRuntime(env, logger, {
      // Every worker stores the primary's code; worker 1 prints it.
      setupCode: process.env[SETUP_CODE_VAR],
      announceSetupCode: worker === null || worker === 1,
    });
  } catch (error) {
    // A refusal the owner can act on (the data folder is held by another server) is one sentence.
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    // So is a database server that is not up yet (a container started before PostgreSQL).
    const unreachable = env.DATABASE_URL ? unreachableDatabaseSentence(error) : null;
    if (unreachable) {
      logger.fatal(unreachable);
      process.exit(1);
    }
    throw error;
  }
  const { deps, jobs, startupMs } = runtime;
  const app = createApp(deps);

  // Requests take turns (request-turns.ts): a flood arriving at once does not stall the process.
  const server = createAdaptorServer({ fetch: inTurns(app.fetch), hostname: env.HOST }) as HttpServer;
  keepConnectionsAlive(server);
  try {
    await listen(server, env);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    logger.fatal(
      `port ${env.PORT} on ${env.HOST} is in use by another process: stop it, or set another PORT`,
    );
    process.exit(1);
  }
  logger.info(
    {
      port: (server.address() as AddressInfo).port,
      startupMs,
      sinceProcessStartMs: Math.round(performance.now() - processStarted),
    },
    `Haggle is ready on ${publicUrl(env)}`,
  );
  jobs.start();

  handleShutdownSignals({
    server,
    readiness: deps.readiness,
    logger,
    release: async () => {
      await jobs.stop();
      await deps.events.close();
      await deps.mailSender?.close();
      await deps.answers.close();
      await deps.database.close();
    },
  });
}

/**
 * Listens on the port: through node:cluster (its primary's socket), or, when the primary says so
 * (`reuseport`), on a socket of this worker's own, which the primary hears of by a message
 * (node:cluster's `listening` event is for the sockets it shares).
 */
async function listen(server: HttpServer, env: Env): Promise<void> {
  if (process.env[PORT_SHARING_VAR] === "reuseport") {
    await listenOnOwnSocket(server, env.PORT, env.HOST);
    process.send?.(LISTENING_MESSAGE);
    return;
  }
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
