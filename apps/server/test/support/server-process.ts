import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { logReader, registerAccountMailReader } from "./account-mail.ts";
import { copyOfShopDataFolder } from "./shop-data-templates.ts";
import { TEST_LIMITS, withFixtureAdmin } from "./test-server.ts";

const root = path.resolve(import.meta.dirname, "../../../..");

/** A port nobody listens on right now: bind to 0, read it, let it go. */
/**
 * A port free now, for a server a test starts (or starts again) later. It is chosen below the
 * system's ephemeral range (32768-60999 on Linux), so the local end of an outgoing connection
 * cannot take it in the meantime, as one did to a mail server coming back on its port.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (free) {
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      return port;
    }
  }
  throw new Error("no free port between 20000 and 32000 after 50 tries");
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** What the process printed on stdout so far (its pino log lines). */
  logs(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM, wait for the exit, remove its data folder. */
  stop(): Promise<void>;
}

/**
 * The real server as its own OS process (`node apps/server/dist/index.js`, what `npm start` runs;
 * the HTTP tier's global setup builds it first), ready once /healthz answers. Without
 * DATABASE_URL in `env` it gets a fresh embedded database.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "haggle-process-"));
  // An embedded shop starts from a copy of a data folder its first start would make (migrated,
  // and seeded unless SEED_ON_START=false), made once per version of the server's code.
  if (!env.DATABASE_URL) await copyOfShopDataFolder(dataDir, { seed: env.SEED_ON_START !== "false" });
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["apps/server/dist/index.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      STREAM_WORD_DELAY_MS: "0",
      AUTH_SECRET: "process-test-secret-0123456789-abcdef",
      // One process unless the test asks for a cluster (WORKERS defaults to the cores on PostgreSQL).
      WORKERS: "1",
      ...TEST_LIMITS,
      ...env,
      ADMIN_EMAILS: withFixtureAdmin(env),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let logs = "";
  child.stdout?.on("data", (d) => {
    logs += d;
  });
  child.stderr?.on("data", (d) => {
    logs += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // Generous: a loaded machine takes its time to start a process of the server.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server process exited with ${child.exitCode}:\n${logs}`);
    const ok = await fetch(`${baseUrl}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server process did not become healthy in 180 s:\n${logs}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const forgetReader = registerAccountMailReader(
    baseUrl,
    logReader(() => logs),
  );
  return {
    baseUrl,
    child,
    logs: () => logs,
    exited,
    stop: async () => {
      forgetReader();
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
