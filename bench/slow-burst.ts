/**
 * Slow work and the rest of the shop: a burst of concurrent slow catalogue
 * searches on the embedded database while /healthz and a kept (cached) catalogue answer are
 * timed every 50 ms, until every search has answered. With PGlite on the request thread a slow
 * search stalls every other request; on its own thread the trivial routes keep answering.
 *
 * Generated products (seeded, deterministic) are loaded into a fresh data folder first, as
 * bench:scale does. Prints figures; asserts nothing.
 *
 * Run: npm run bench:burst -w @haggle/bench
 * Environment: BENCH_BURST_PRODUCTS (20000), BENCH_BURST_SEARCHES (10), BENCH_PORT (3970),
 * BENCH_SERVER_ROOT (another checkout's server, e.g. to compare with the main branch).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { insertGeneratedProductsSql, openDatabase } from "../apps/server/src/testing.ts";
import { startServer } from "./lib/server-process.ts";

const PRODUCTS = Number(process.env.BENCH_BURST_PRODUCTS ?? 20_000);
const SEARCHES = Number(process.env.BENCH_BURST_SEARCHES ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3970);
const BATCH = 25_000;
/** Typo searches (the costliest kind), each different so no answer is served from the cache. */
const WORDS = [
  "headphnes",
  "speakr",
  "keybord",
  "moniter",
  "wirless",
  "chargr",
  "lapptop",
  "camra",
  "blendr",
  "jackt",
];

async function timed(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `n=${sorted.length} p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "haggle-burst-"));
try {
  const loadStarted = performance.now();
  const database = await openDatabase({ dataDir, statementTimeoutMs: 0 });
  try {
    for (let n = 1; n <= PRODUCTS; n += BATCH)
      await database.db.execute(insertGeneratedProductsSql(n, Math.min(BATCH, PRODUCTS - n + 1)));
    await database.db.execute(sql`vacuum analyze products`);
  } finally {
    await database.close();
  }
  const loadMs = performance.now() - loadStarted;
  const server = await startServer({ port: PORT, dataDir, env: { SEED_ON_START: "true" } });
  try {
    const base = server.baseUrl;
    const kept = "/api/products?category=Audio&sort=price-low";
    await timed(`${base}${kept}`);
    const quiet = [];
    for (let i = 0; i < 20; i++) quiet.push((await timed(`${base}/healthz`)).ms);

    let running = true;
    const searchStarted = performance.now();
    const searches = Array.from({ length: SEARCHES }, (_, i) =>
      timed(`${base}/api/products?q=${WORDS[i % WORDS.length]}${i >= WORDS.length ? `+${i}` : ""}`),
    );
    const all = Promise.all(searches).finally(() => {
      running = false;
    });
    const health: number[] = [];
    const cached: number[] = [];
    while (running) {
      const [h, c] = await Promise.all([timed(`${base}/healthz`), timed(`${base}${kept}`)]);
      health.push(h.ms);
      cached.push(c.ms);
      await new Promise((r) => setTimeout(r, 50));
    }
    const answers = await all;
    const burstMs = performance.now() - searchStarted;
    const statuses = answers.map((a) => a.status).join(",");
    console.log(
      `# Slow-search burst, embedded PGlite, ${PRODUCTS.toLocaleString("en")} generated products (+180; loaded in ${(loadMs / 1000).toFixed(1)} s)`,
    );
    console.log(`server: ${process.env.BENCH_SERVER_ROOT ?? "this checkout"}`);
    console.log(`/healthz, quiet: ${summary(quiet)}`);
    console.log(
      `${SEARCHES} concurrent typo searches: all answered in ${burstMs.toFixed(0)} ms; statuses ${statuses}; ${summary(answers.map((a) => a.ms))}`,
    );
    console.log(`/healthz during the burst: ${summary(health)}`);
    console.log(`kept catalogue answer during the burst: ${summary(cached)}`);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
