import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The checkout whose server runs: this one, or BENCH_SERVER_ROOT (another worktree, to compare). */
const root = process.env.BENCH_SERVER_ROOT ?? path.resolve(import.meta.dirname, "../..");

export interface RunningServer {
  baseUrl: string;
  /** The server's own process id (node, not a wrapper), for reading its memory from /proc. */
  pid: number;
  /** Milliseconds from spawning the process to the first healthy /healthz answer. */
  startupMs: number;
  stop(): Promise<void>;
  /** kill -9: no shutdown at all, as in a crash or a power cut of the process. */
  kill9(): Promise<void>;
}

/** The server's environment as serverChild sets it (the number of processes among it). */
function serverEnv(env: Record<string, string> | undefined): Record<string, string | undefined> {
  return { WORKERS: env?.DATABASE_URL ? (process.env.WORKERS ?? "1") : "1", ...env };
}

/** The worker (X-Haggle-Worker) answering one /healthz on a new connection, or null. */
function healthzWorker(baseUrl: string): Promise<string | null> {
  return new Promise((resolve) => {
    const req = request(`${baseUrl}/healthz`, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode === 200 ? String(res.headers["x-haggle-worker"]) : null));
    });
    req.on("error", () => resolve(null));
    req.end();
  });
}

/**
 * Waits until each of a cluster's `count` workers has answered: the primary serves once its first
 * worker listens, and a bench started then would measure the others' start-up (their loading,
 * their memory growing from a half-started process) as if it were the load's.
 */
async function everyWorkerAnswering(baseUrl: string, count: number, child: ChildProcess) {
  const seen = new Set<string>();
  const deadline = Date.now() + 120_000;
  while (seen.size < count) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`only workers ${[...seen].join(", ")} of ${count} answered`);
    const worker = await healthzWorker(baseUrl);
    if (worker !== null) seen.add(worker);
    else await new Promise((r) => setTimeout(r, 50));
  }
}

function serverChild(
  port: number,
  dataDir: string,
  env: Record<string, string> | undefined,
  stdio: "inherit" | "pipe",
  serverRoot = root,
) {
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (open it in
  // Chrome's DevTools, Performance tab), to see where a bench's time goes.
  const profile = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  // BENCH_LOOP_MONITOR=<file>: the server's main thread appends a line a second there (loop delay,
  // collections, requests, bytes read per closed connection: lib/loop-monitor.ts).
  const monitor = process.env.BENCH_LOOP_MONITOR
    ? ["--import", path.resolve(import.meta.dirname, "loop-monitor.ts")]
    : [];
  return spawn(process.execPath, [...profile, "--import", "tsx", ...monitor, "apps/server/src/index.ts"], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
      // One server process unless the bench is run with WORKERS=N (on a PostgreSQL server only:
      // the embedded database is one process).
      ...serverEnv(env),
    },
    stdio: ["ignore", stdio === "pipe" ? "pipe" : "ignore", stdio],
  });
}

/** Starts the real server (tsx apps/server/src/index.ts: the code `npm start` runs bundled) as a child process. */
export async function startServer(options: {
  port: number;
  env?: Record<string, string>;
  /** The embedded database's folder, kept after stop (a restart on the same data); else a fresh one, removed. */
  dataDir?: string;
  /** The checkout whose server runs, when a bench compares two in one run (else BENCH_SERVER_ROOT or this one). */
  root?: string;
}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "haggle-bench-"));
  const started = performance.now();
  const child: ChildProcess = serverChild(options.port, dataDir, options.env, "inherit", options.root);
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
  const workers = Number(serverEnv(options.env).WORKERS);
  if (workers > 1) await everyWorkerAnswering(baseUrl, workers, child);
  return {
    baseUrl,
    pid: child.pid ?? 0,
    startupMs,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    kill9: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * Starts a server that is expected to refuse to start (e.g. on a DATA_DIR another server holds):
 * its exit code and what it printed, or `exitCode: null` if it was still running (and answering
 * /healthz) after `waitMs`, in which case it is stopped.
 */
export async function startExpectingRefusal(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  waitMs?: number;
}): Promise<{ exitCode: number | null; output: string; served: boolean }> {
  const child = serverChild(options.port, options.dataDir, options.env, "pipe");
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const deadline = Date.now() + (options.waitMs ?? 30_000);
  let served = false;
  while (child.exitCode === null && Date.now() < deadline) {
    served ||= await fetch(`http://127.0.0.1:${options.port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    await new Promise((r) => setTimeout(r, 200));
  }
  if (child.exitCode === null) {
    child.kill("SIGTERM");
    await exited;
    return { exitCode: null, output, served };
  }
  return { exitCode: await exited, output, served };
}

/**
 * Runs `body` with a fresh database on the PostgreSQL server at `adminUrl`, dropped afterwards
 * (kept, and its name printed, when `keep`).
 */
export async function withFreshServerDatabase<T>(
  adminUrl: string,
  body: (url: string) => Promise<T>,
  keep = false,
): Promise<T> {
  const { default: pg } = await import("pg");
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? "haggle_bench"}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await body(url.toString());
  } finally {
    if (keep) console.log(`(kept the database ${url.toString()})`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** `count` fresh databases for `body` (one server each, e.g. to compare settings side by side), dropped after it. */
export async function withFreshServerDatabases(
  adminUrl: string,
  count: number,
  body: (urls: string[]) => Promise<void>,
  urls: string[] = [],
): Promise<void> {
  if (urls.length === count) return body(urls);
  await withFreshServerDatabase(adminUrl, (url) =>
    withFreshServerDatabases(adminUrl, count, body, [...urls, url]),
  );
}

/** CPU seconds (user + system) the process has used, from /proc/<pid>/stat. */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (comm) ".
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Waits until the server uses less than `share` of one core over `windowMs` (a fresh shop embeds
 * its seeded products in the background after it answers), at most `maxMs`. Answers the seconds
 * waited, or null where /proc cannot be read.
 */
export async function waitForIdleServer(
  pid: number,
  { share = 0.05, windowMs = 2_000, maxMs = 120_000 } = {},
): Promise<number | null> {
  const started = performance.now();
  try {
    for (;;) {
      const before = cpuSecondsOf(pid);
      await new Promise((r) => setTimeout(r, windowMs));
      const used = cpuSecondsOf(pid) - before;
      if (used / (windowMs / 1000) < share || performance.now() - started > maxMs)
        return (performance.now() - started) / 1000;
    }
  } catch {
    return null;
  }
}
