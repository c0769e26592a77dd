/**
 * Checkouts per second with 20 and 100 concurrent shoppers, each looping "add a product, check
 * out", on the embedded database and (with BENCH_DATABASE_URL) on a PostgreSQL server, before
 * and after (BENCH_BEFORE_ROOT) interleaved; then statements per checkout on PostgreSQL.
 * Prints figures; asserts nothing. Run: npm run bench:checkout
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import { exportCommit } from "./lib/export-commit.ts";
import { startStatementCounter, throughCounter } from "./lib/pg-statement-counter.ts";
import { startServer, waitForIdleServer, withFreshServerDatabase } from "./lib/server-process.ts";
import { CHECKOUT_BODY, productsInStock, signUpShoppers } from "./lib/shopper.ts";

/** BENCH_SHOPPERS: the shopper counts, one round each ("20,100"). */
const SHOPPER_COUNTS = (process.env.BENCH_SHOPPERS ?? "20,100").split(",").filter(Boolean).map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * BENCH_ORDERS: each round places this many orders (adds begun, in all) instead of running for
 * BENCH_SECONDS, so a loaded machine's round still holds enough orders for its CPU per order to
 * be the code's cost rather than the round's fixed costs.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 0);
const PORT = Number(process.env.BENCH_PORT ?? 3901);
/**
 * The "before" server, run before this one in every round: BENCH_BEFORE_ROOT (or
 * BENCH_BEFORE_DIR), another checkout (e.g. main's worktree); or BENCH_BEFORE_REF, a commit
 * of this repository (e.g. `main`, `HEAD~1`) exported into a temporary folder for the run.
 */
const BEFORE_ROOT =
  process.env.BENCH_BEFORE_ROOT ??
  process.env.BENCH_BEFORE_DIR ??
  (process.env.BENCH_BEFORE_REF ? exportCommit(process.env.BENCH_BEFORE_REF) : undefined);

/**
 * CPU time (user + system, ms) the server process has used: per order, it is the cost of a
 * checkout on this machine whatever else runs beside it (throughput is not, on a busy machine).
 * On the embedded database it includes the database's own work; on a PostgreSQL server it does not.
 */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  // With WORKERS > 1 the process is the cluster's primary: its workers (its children) do the work.
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  const workers =
    children === "" ? 0 : children.split(/\s+/).reduce((sum, child) => sum + cpuMs(Number(child)), 0);
  return (ticks * 1000) / 100 + workers;
}

/** CPU ms one process has used (user + system), 0 once it is gone. */
function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU ms used so far by the PostgreSQL backends connected to the bench's database (read from
 * /proc, so only when the server runs on this host), by backend: the database's share of an
 * order, which other jobs on the same PostgreSQL server do not blur (their backends are others').
 */
async function databaseCpu(url: string | undefined): Promise<Map<number, number> | null> {
  if (!url) return null;
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return new Map(rows.map((r) => [r.pid, processCpuMs(r.pid)]));
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/** CPU ms the database's backends used between two readings (a backend new since counts from 0). */
function databaseCpuBetween(
  before: Map<number, number> | null,
  after: Map<number, number> | null,
): number | null {
  if (!before || !after) return null;
  let used = 0;
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0);
  return used;
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A server of one checkout (`root`; this one when undefined) on one database. */
interface Round {
  label: string;
  root: string | undefined;
  env: Record<string, string>;
}

async function benchOne(round: Round, shopperCount: number, version: string) {
  const server = await startServer({ port: PORT, env: round.env, root: round.root });
  try {
    const pool = await productsInStock(server.baseUrl);
    const shoppers = await signUpShoppers(server.baseUrl, shopperCount);
    const latencies: number[] = [];
    let orders = 0;
    let refused = 0;
    let begun = 0;
    const deadline = performance.now() + SECONDS * 1000;
    const more = () => (ORDERS > 0 ? begun++ < ORDERS : performance.now() < deadline);
    const started = performance.now();
    const cpuBefore = cpuMs(server.pid);
    const dbCpuBefore = await databaseCpu(round.env.DATABASE_URL);
    await Promise.all(
      shoppers.map(async (s, i) => {
        let n = i;
        while (more()) {
          const productId = pool[n++ % pool.length]!;
          if ((await s.call("POST", "/api/cart/items", { productId })) !== 200) continue;
          const t = performance.now();
          const status = await s.call("POST", "/api/checkout", CHECKOUT_BODY, {
            "idempotency-key": randomUUID(),
          });
          latencies.push(performance.now() - t);
          if (status === 201) orders++;
          else refused++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpuPerOrder = (cpuMs(server.pid) - cpuBefore) / Math.max(orders, 1);
    const dbCpu = databaseCpuBetween(dbCpuBefore, await databaseCpu(round.env.DATABASE_URL));
    const dbCpuPerOrder = dbCpu === null ? "–" : (dbCpu / Math.max(orders, 1)).toFixed(1);
    console.log(
      `| ${round.label} | ${version} | ${shopperCount} | ${orders} | ${refused} | ${(orders / elapsed).toFixed(1)} | ${percentile(latencies, 50).toFixed(0)} | ${percentile(latencies, 99).toFixed(0)} | ${cpuPerOrder.toFixed(1)} | ${dbCpuPerOrder} | ${loadAverage()} |`,
    );
  } finally {
    await server.stop();
  }
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
}

/** Statement texts, one a line, shortened. */
function listTexts(texts: string[]): string {
  return texts.map((t) => `    ${t.replace(/\s+/g, " ").slice(0, 160)}`).join("\n");
}

/**
 * Statements per checkout on a PostgreSQL server: one shopper, checkouts one after another through
 * a proxy that counts what the server is sent while each checkout is answered (the median, so a
 * background job's poll does not count).
 */
async function statementsPerCheckout(adminUrl: string, root: string | undefined, version: string) {
  await withFreshServerDatabase(adminUrl, async (url) => {
    const counter = await startStatementCounter(url, PORT + 1);
    const server = await startServer({
      port: PORT,
      root,
      env: { DATABASE_URL: throughCounter(url, counter), SIGN_UP_RATE_LIMIT_PER_IP: "100000" },
    });
    try {
      await waitForIdleServer(server.pid, { maxMs: 30_000 });
      const pool = await productsInStock(server.baseUrl);
      const [shopper] = await signUpShoppers(server.baseUrl, 1);
      const statements: number[] = [];
      const parses: number[] = [];
      let next = 0;
      for (let i = 0; i < 30; i++) {
        // Two lines, as the profile in the README (a product with options cannot be added bare).
        const addTextsBefore = counter.texts.length;
        for (let lines = 0; lines < 2; next++) {
          const productId = pool[next % pool.length];
          if ((await shopper!.call("POST", "/api/cart/items", { productId })) === 200) lines++;
        }
        // BENCH_LIST_STATEMENTS=1: the statements of the last two adds to the cart, too.
        if (i === 29 && process.env.BENCH_LIST_STATEMENTS)
          console.log(`  two adds:\n${listTexts(counter.texts.slice(addTextsBefore))}\n  the checkout:`);
        const before = { ...counter.counts };
        const textsBefore = counter.texts.length;
        const status = await shopper!.call("POST", "/api/checkout", CHECKOUT_BODY, {
          "idempotency-key": randomUUID(),
        });
        if (status !== 201) throw new Error(`checkout answered ${status}`);
        statements.push(counter.counts.statements - before.statements);
        parses.push(counter.counts.parses - before.parses);
        // BENCH_LIST_STATEMENTS=1: the statements of the last checkout, to profile it.
        if (i === 29 && process.env.BENCH_LIST_STATEMENTS)
          console.log(listTexts(counter.texts.slice(textsBefore)));
      }
      console.log(`| ${version} | ${percentile(statements, 50)} | ${percentile(parses, 50)} |`);
    } finally {
      await server.stop();
      await counter.close();
    }
  });
}

const versions: [string, string | undefined][] = BEFORE_ROOT
  ? [
      ["before", BEFORE_ROOT],
      ["after", undefined],
    ]
  : [["now", undefined]];
const serverUrl = process.env.BENCH_DATABASE_URL;
const bench = { SIGN_UP_RATE_LIMIT_PER_IP: "100000" };

console.log(`# Checkout throughput (${SECONDS} s of "add a product, check out" per shopper)\n`);
console.log(
  "| database | version | shoppers | orders | refused | checkouts/s | checkout p50 ms | checkout p99 ms | server CPU ms per order (add + checkout) | PostgreSQL CPU ms per order | load average |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const shoppers of SHOPPER_COUNTS) {
  // BENCH_SKIP_EMBEDDED=1: the PostgreSQL server alone (e.g. to compare WORKERS=1 and WORKERS=2).
  if (!process.env.BENCH_SKIP_EMBEDDED) {
    for (const [version, root] of versions)
      await benchOne({ label: "embedded PGlite", root, env: bench }, shoppers, version);
  }
  if (serverUrl) {
    for (const [version, root] of versions) {
      await withFreshServerDatabase(serverUrl, (url) =>
        benchOne(
          {
            label: `PostgreSQL server, WORKERS=${process.env.WORKERS ?? 1}`,
            root,
            env: { ...bench, DATABASE_URL: url, DATABASE_POOL_SIZE: "20" },
          },
          shoppers,
          version,
        ),
      );
    }
  }
}
if (serverUrl && !process.env.BENCH_SKIP_STATEMENTS) {
  console.log(
    "\n| version | statements per checkout (two lines) | of them parsed again |\n| --- | --- | --- |",
  );
  for (const [version, root] of versions) await statementsPerCheckout(serverUrl, root, version);
}
