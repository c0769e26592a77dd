/**
 * Checkouts per second with 50 concurrent shoppers, each looping "add a product, check out",
 * on the embedded database and (with BENCH_DATABASE_URL) on a PostgreSQL server.
 * Prints figures; asserts nothing. Run: npm run bench:checkout
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { startServer, withFreshServerDatabase } from "./lib/server-process.ts";
import { CHECKOUT_BODY, signUpShoppers } from "./lib/shopper.ts";

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

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

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function benchOne(label: string, env: Record<string, string>) {
  const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3901), env });
  try {
    const list = (await (
      await fetch(`${server.baseUrl}/api/products?pageSize=200&sort=featured`)
    ).json()) as {
      items: { id: string; stockLevel: number }[];
    };
    const pool = list.items.filter((p) => p.stockLevel >= 20).map((p) => p.id);
    const shoppers = await signUpShoppers(server.baseUrl, SHOPPERS);
    const latencies: number[] = [];
    let orders = 0;
    let refused = 0;
    const deadline = performance.now() + SECONDS * 1000;
    const started = performance.now();
    const cpuBefore = cpuMs(server.pid);
    await Promise.all(
      shoppers.map(async (s, i) => {
        let n = i;
        while (performance.now() < deadline) {
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
    console.log(
      `| ${label} | ${SHOPPERS} | ${orders} | ${refused} | ${(orders / elapsed).toFixed(1)} | ${percentile(latencies, 50).toFixed(0)} | ${percentile(latencies, 99).toFixed(0)} | ${cpuPerOrder.toFixed(1)} |`,
    );
  } finally {
    await server.stop();
  }
}

console.log(`# Checkout throughput (${SECONDS} s of "add a product, check out" per shopper)\n`);
console.log(
  "| database | shoppers | orders | refused | checkouts/s | checkout p50 ms | checkout p99 ms | server CPU ms per order (add + checkout) |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
// BENCH_SKIP_EMBEDDED=1: the PostgreSQL server alone (e.g. to compare WORKERS=1 and WORKERS=2).
if (!process.env.BENCH_SKIP_EMBEDDED)
  await benchOne("embedded PGlite", { SIGN_UP_RATE_LIMIT_PER_IP: "100000" });
const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  await withFreshServerDatabase(serverUrl, async (url) => {
    await benchOne(`PostgreSQL server, WORKERS=${process.env.WORKERS ?? 1}`, {
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: "20",
      SIGN_UP_RATE_LIMIT_PER_IP: "100000",
    });
  });
}
