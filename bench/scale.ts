/**
 * The catalogue at scale (issue #14): 1,000 / 10,000 / 100,000 generated products (seeded,
 * deterministic: apps/server/src/platform/db/seed/generated-catalogue.ts) on the embedded
 * database and on a PostgreSQL server, each measured over HTTP against the real server process:
 * the catalogue's first page, a one-word, a three-word and a typo search, and a category + brand
 * facet, at 1 and 10 connections, with the trivial route (/healthz) of the same run as the
 * baseline. Prints req/s, p50 and p99 and their ratios to the trivial route; asserts nothing.
 *
 * The products are loaded by a batched INSERT ... SELECT generate_series straight into the
 * database (then VACUUM ANALYZE, as autovacuum would after a bulk load), not through the CSV
 * import of issue #14 item 1, which does not exist yet. The 180 seeded products come on top.
 *
 * Run: npm run bench:scale
 * Environment: BENCH_SCALE_SIZES (1000,10000,100000), BENCH_SECONDS (5 per route and
 * connection count), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres; "none"
 * measures the embedded database alone), BENCH_SCALE_DATABASES (embedded,postgres),
 * BENCH_PORT (3960).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { insertGeneratedProductsSql, openDatabase } from "../apps/server/src/testing.ts";
import { startServer, withFreshServerDatabase } from "./lib/server-process.ts";

const SIZES = (process.env.BENCH_SCALE_SIZES ?? "1000,10000,100000").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DATABASES = (process.env.BENCH_SCALE_DATABASES ?? "embedded,postgres").split(",");
const PORT = Number(process.env.BENCH_PORT ?? 3960);
const BATCH = 25_000;

const ROUTES: [string, string][] = [
  ["trivial (/healthz)", "/healthz"],
  ["catalogue first page", "/api/products"],
  ["search, one word", "/api/products?q=headphones"],
  ["search, three words", "/api/products?q=norvik%20wireless%20headphones"],
  ["search, typo", "/api/products?q=headphnes"],
  ["facet category + brand", "/api/products?category=Audio&brand=Norvik"],
];

interface Figures {
  /** Requests answered within the run (a stalled server answers none: the run then shows 0, not an error). */
  answered: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, connections: number): Promise<Figures> {
  const r = await autocannon({ url, connections, duration: SECONDS });
  return {
    answered: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx + r.timeouts,
  };
}

/** Grows the catalogue to `size` generated products (those already there are kept). */
async function fill(options: { databaseUrl?: string; dataDir?: string }, from: number, size: number) {
  const database = await openDatabase({ ...options, statementTimeoutMs: 0 });
  try {
    const started = performance.now();
    for (let n = from; n <= size; n += BATCH)
      await database.db.execute(insertGeneratedProductsSql(n, Math.min(BATCH, size - n + 1)));
    await database.db.execute(sql`vacuum analyze products`);
    return performance.now() - started;
  } finally {
    await database.close();
  }
}

async function measure(label: string, size: number, env: Record<string, string>, loadMs: number) {
  const server = await startServer({ port: PORT, env: { SEED_ON_START: "true", ...env } });
  try {
    // Warm: the search vocabulary is loaded once per process (and then kept for minutes).
    for (const [, route] of ROUTES) await (await fetch(`${server.baseUrl}${route}`)).arrayBuffer();
    console.log(
      `\n## ${label}, ${size.toLocaleString("en")} generated products (+180 seeded; loaded in ${(loadMs / 1000).toFixed(1)} s)`,
    );
    console.log(
      "| route | connections | answered | req/s | p50 ms | p99 ms | errors | req/s ÷ trivial | p50 ÷ trivial |",
    );
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (const connections of [1, 10]) {
      let trivial: Figures | null = null;
      for (const [name, route] of ROUTES) {
        const f = await load(`${server.baseUrl}${route}`, connections);
        trivial ??= f;
        console.log(
          `| ${name} | ${connections} | ${f.answered} | ${f.rps.toFixed(1)} | ${f.p50} | ${f.p99} | ${f.errors} | ${(f.rps / trivial.rps).toFixed(3)} | ${(f.p50 / Math.max(trivial.p50, 1)).toFixed(1)} |`,
        );
      }
    }
  } finally {
    await server.stop();
  }
}

console.log(`# Catalogue at scale (${SECONDS} s per route, autocannon)`);
if (DATABASES.includes("embedded")) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "haggle-scale-"));
  try {
    let have = 0;
    for (const size of SIZES) {
      const loadMs = await fill({ dataDir }, have + 1, size);
      have = size;
      await measure("embedded PGlite", size, { DATA_DIR: dataDir }, loadMs);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (DATABASES.includes("postgres") && SERVER_URL !== "none") {
  await withFreshServerDatabase(SERVER_URL, async (url) => {
    let have = 0;
    for (const size of SIZES) {
      const loadMs = await fill({ databaseUrl: url }, have + 1, size);
      have = size;
      await measure("PostgreSQL server", size, { DATABASE_URL: url }, loadMs);
    }
  });
}
