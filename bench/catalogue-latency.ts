/**
 * Start-up time on a fresh data folder, and catalogue latency against a trivial route, on the
 * embedded database (and on a PostgreSQL server when BENCH_DATABASE_URL is set).
 * Prints figures; asserts nothing. Run: npm run bench
 */
import autocannon from "autocannon";
import { startServer, withFreshServerDatabase } from "./lib/server-process.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function firstRequestMs(url: string) {
  const t = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  return performance.now() - t;
}

async function benchOne(label: string, env: Record<string, string>) {
  const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3900), env });
  try {
    const first = await firstRequestMs(`${server.baseUrl}/api/products`);
    const trivial = await load(`${server.baseUrl}/healthz`);
    const page1 = await load(`${server.baseUrl}/api/products`);
    const search = await load(`${server.baseUrl}/api/products?q=wireless%20headphnes&sort=price-low`);
    const filtered = await load(`${server.baseUrl}/api/products?category=Audio&brand=Sony&brand=Nike`);
    console.log(`\n## ${label}`);
    console.log(
      `start-up to first healthy answer (fresh data, migrate + seed): ${server.startupMs.toFixed(0)} ms`,
    );
    console.log(`first /api/products request after start: ${first.toFixed(1)} ms`);
    console.log(`| route | req/s | p50 ms | p99 ms | errors | req/s vs /healthz |`);
    console.log(`| --- | --- | --- | --- | --- | --- |`);
    for (const [name, r] of [
      ["/healthz (baseline)", trivial],
      ["/api/products (first page)", page1],
      ["/api/products?q=wireless headphnes&sort=price-low", search],
      ["/api/products?category=Audio&brand=Sony&brand=Nike", filtered],
    ] as const) {
      console.log(
        `| ${name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${(r.rps / trivial.rps).toFixed(2)} |`,
      );
    }
  } finally {
    await server.stop();
  }
}

console.log(`# Catalogue benchmark (${CONNECTIONS} connections, ${DURATION} s per route)`);
await benchOne("embedded PGlite", {});
const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  await withFreshServerDatabase(serverUrl, async (url) => {
    await benchOne("PostgreSQL server", { DATABASE_URL: url });
  });
}
