/**
 * A flash sale on one product: 200 shoppers, each with that product in the cart, check out at
 * once for its last 50 units, while 20 other shoppers keep buying other products. Checks that
 * exactly 50 orders hold the product and its stock ends at 0 (never oversold), and reports the
 * other shoppers' checkout p50/p99 before and during the race (are they queued behind the hot
 * row?). On a PostgreSQL server (BENCH_DATABASE_URL; the stock is set there with SQL), before and
 * after (BENCH_BEFORE_ROOT) in one run. Exits 1 when a version oversells or leaves stock.
 * Run: BENCH_DATABASE_URL=postgres://… npm run bench:checkout-hot -w @haggle/bench
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { startServer, waitForIdleServer, withFreshServerDatabase } from "./lib/server-process.ts";
import { CHECKOUT_BODY, productsInStock, type Shopper, signUpShoppers } from "./lib/shopper.ts";

const HOT_SHOPPERS = Number(process.env.BENCH_HOT_SHOPPERS ?? 200);
const UNITS = Number(process.env.BENCH_HOT_UNITS ?? 50);
const OTHER_SHOPPERS = Number(process.env.BENCH_OTHER_SHOPPERS ?? 20);
/** Seconds the other shoppers buy alone first (their baseline). */
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3901);
const BEFORE_ROOT = process.env.BENCH_BEFORE_ROOT ?? process.env.BENCH_BEFORE_DIR;
const serverUrl = process.env.BENCH_DATABASE_URL;

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Other shoppers buying other products until `until()` says stop: each checkout's latency. */
async function buyOthers(shoppers: Shopper[], pool: string[], until: () => boolean) {
  const latencies: number[] = [];
  let errors = 0;
  const statuses = new Map<number, number>(); // the errors' statuses, to tell a sold-out 409 from a failure
  await Promise.all(
    shoppers.map(async (s, i) => {
      let n = i;
      while (!until()) {
        const productId = pool[n++ % pool.length]!;
        if ((await s.call("POST", "/api/cart/items", { productId })) !== 200) continue;
        const t = performance.now();
        const status = await s.call("POST", "/api/checkout", CHECKOUT_BODY, {
          "idempotency-key": randomUUID(),
        });
        latencies.push(performance.now() - t);
        if (status !== 201) {
          errors++;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }
    }),
  );
  return {
    latencies,
    errors: errors === 0 ? "0" : `${errors}: ${[...statuses].map(([s, n]) => `${n}×${s}`).join(" ")}`,
  };
}

const ms = (values: number[], p: number) => percentile(values, p).toFixed(0);

async function race(adminUrl: string, root: string | undefined, version: string) {
  await withFreshServerDatabase(adminUrl, async (url) => {
    const server = await startServer({
      port: PORT,
      root,
      env: { DATABASE_URL: url, DATABASE_POOL_SIZE: "20", SIGN_UP_RATE_LIMIT_PER_IP: "100000" },
    });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      await waitForIdleServer(server.pid, { maxMs: 60_000 });
      const pool = await productsInStock(server.baseUrl);
      const [probe] = await signUpShoppers(server.baseUrl, 1, "probe");
      // The hot product: the first one bought bare (a product without options), out of the others' pool.
      let hot: string | undefined;
      for (const id of pool) {
        if ((await probe!.call("POST", "/api/cart/items", { productId: id })) === 200) {
          hot = id;
          break;
        }
      }
      if (!hot) throw new Error("no product without options in stock");
      const others = pool.filter((id) => id !== hot);
      await db.query("update products set stock_level = $2 where id = $1", [hot, UNITS]);
      const racers = await signUpShoppers(server.baseUrl, HOT_SHOPPERS, "racer");
      for (const s of racers) {
        if ((await s.call("POST", "/api/cart/items", { productId: hot })) !== 200)
          throw new Error("racer's add refused");
      }
      const buyers = await signUpShoppers(server.baseUrl, OTHER_SHOPPERS, "other");

      const baselineEnd = performance.now() + BASELINE_SECONDS * 1000;
      const baseline = await buyOthers(buyers, others, () => performance.now() > baselineEnd);

      let racing = true;
      const during = buyOthers(buyers, others, () => !racing);
      const hotLatencies: number[] = [];
      const statuses = new Map<number, number>();
      const started = performance.now();
      await Promise.all(
        racers.map(async (s) => {
          const t = performance.now();
          const status = await s.call("POST", "/api/checkout", CHECKOUT_BODY, {
            "idempotency-key": randomUUID(),
          });
          hotLatencies.push(performance.now() - t);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }),
      );
      const raceMs = performance.now() - started;
      racing = false;
      const otherDuring = await during;

      const stock = await db.query(
        `select p.stock_level as product, v.stock_level as variant,
           (select count(distinct l.order_id) from order_lines l where l.product_id = p.id)::int as orders,
           (select coalesce(sum(l.quantity), 0) from order_lines l where l.product_id = p.id)::int as units
         from products p join product_variants v on v.product_id = p.id where p.id = $1`,
        [hot],
      );
      const row = stock.rows[0] as { product: number; variant: number; orders: number; units: number };
      const exact = row.orders === UNITS && row.units === UNITS && row.product === 0 && row.variant === 0;
      const answers = [...statuses].map(([s, n]) => `${n}×${s}`).join(" ");
      console.log(
        `| ${version} | ${HOT_SHOPPERS} for ${UNITS} | ${answers} | ${row.orders} | ${row.product} / ${row.variant} | ${exact ? "yes" : "NO"} | ${raceMs.toFixed(0)} | ${ms(hotLatencies, 50)} / ${ms(hotLatencies, 99)} | ${ms(baseline.latencies, 50)} / ${ms(baseline.latencies, 99)} (${baseline.latencies.length}) | ${ms(otherDuring.latencies, 50)} / ${ms(otherDuring.latencies, 99)} (${otherDuring.latencies.length}, ${otherDuring.errors} errors) | ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")} |`,
      );
      if (!exact) process.exitCode = 1;
    } finally {
      await db.end();
      await server.stop();
    }
  });
}

if (!serverUrl) {
  console.error("BENCH_DATABASE_URL is required (the stock is set on the PostgreSQL server with SQL).");
  process.exit(2);
}
const versions: [string, string | undefined][] = BEFORE_ROOT
  ? [
      ["before", BEFORE_ROOT],
      ["after", undefined],
    ]
  : [["now", undefined]];
console.log(
  `# One hot product: ${HOT_SHOPPERS} shoppers for its last ${UNITS} units, ${OTHER_SHOPPERS} others buying other products\n`,
);
console.log(
  "| version | race | checkout answers | orders of the hot product | its stock after (product / variant) | exact | race ms | hot checkout p50 / p99 ms | others' p50 / p99 ms before the race (checkouts) | others' p50 / p99 ms during the race (checkouts) | load average |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const [version, root] of versions) await race(serverUrl, root, version);
