import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface RunningServer {
  baseUrl: string;
  /** The server's own process id (node, not a wrapper), for reading its memory from /proc. */
  pid: number;
  /** Milliseconds from spawning the process to the first healthy /healthz answer. */
  startupMs: number;
  stop(): Promise<void>;
}

/** Starts the real server (tsx apps/server/src/index.ts: the code `npm start` runs bundled) as a child process. */
export async function startServer(options: {
  port: number;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "haggle-bench-"));
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "apps/server/src/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const startupMs = performance.now() - started;
  return {
    baseUrl,
    pid: child.pid ?? 0,
    startupMs,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `body` with a fresh database on the PostgreSQL server at `adminUrl`, dropped afterwards. */
export async function withFreshServerDatabase<T>(
  adminUrl: string,
  body: (url: string) => Promise<T>,
): Promise<T> {
  const { default: pg } = await import("pg");
  const name = `haggle_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await body(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
