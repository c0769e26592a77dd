import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { parseEnv } from "./env.ts";
import { createLogger } from "./platform/logger.ts";
import { startRuntime } from "./server-runtime.ts";

/**
 * A whole shop served in this process on a free port of 127.0.0.1, on a temporary embedded
 * database (or the PostgreSQL database of `env.DATABASE_URL`), API only: for the reference agent
 * and the benches that drive the shop from the same process. `stop()` closes everything and
 * removes the temporary data folder.
 */
export async function startShopInProcess(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "haggle-shop-"));
  const config = parseEnv({
    PORT: "0",
    LOG_LEVEL: "error",
    STREAM_WORD_DELAY_MS: "0",
    NODE_ENV: "production",
    ...(env.DATABASE_URL ? {} : { DATA_DIR: dataDir }),
    ...env,
  });
  const logger = createLogger(config.LOG_LEVEL);
  type Fetch = (request: Request) => Response | Promise<Response>;
  let ready: (f: Fetch) => void = () => {};
  const fetchReady = new Promise<Fetch>((r) => {
    ready = r;
  });
  // The port is known only once listening, and the shop's public address must name it.
  const server = serve({
    fetch: async (request) => (await fetchReady)(request),
    port: 0,
    hostname: "127.0.0.1",
  });
  await new Promise<void>((r) => server.once("listening", () => r()));
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const { deps, jobs, setupCode } = await startRuntime(
    { ...config, PORT: port, PUBLIC_URL: baseUrl },
    logger,
  );
  deps.config.webDistDir = null;
  ready(createApp(deps).fetch as Fetch);
  return {
    baseUrl,
    dataDir,
    /** The one-time setup code the start printed (the shop starts unclaimed without ADMIN_EMAILS). */
    setupCode,
    db: deps.database.db,
    stop: async () => {
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise<void>((r) => server.close(() => r()));
      await jobs.stop();
      await deps.events.close();
      await deps.mailSender?.close();
      await deps.answers.close();
      await deps.database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
