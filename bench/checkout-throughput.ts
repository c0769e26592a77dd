/**
 * Checkouts per second with 50 concurrent shoppers, each looping "add a product, check out",
 * on the embedded database and (with BENCH_DATABASE_URL) on a PostgreSQL server.
 * Prints figures; asserts nothing. Run: npm run bench:checkout
 */
import { randomUUID } from "node:crypto";
import { startServer, withFreshServerDatabase } from "./lib/server-process.ts";

/** Where every benchmark order ships; paid manually (the default, no provider to wait for). */
const CHECKOUT_BODY = {
  address: {
    name: "Bench Shopper",
    line1: "1 Market Street",
    city: "San Francisco",
    region: "CA",
    postalCode: "94105",
    country: "US",
  },
  paymentMethod: "manual",
};

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

class Shopper {
  private cookie = "";
  constructor(private readonly baseUrl: string) {}
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", origin: this.baseUrl, cookie: this.cookie, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie().map((c) => c.split(";")[0]);
    if (setCookie.length > 0) this.cookie = setCookie.join("; ");
    await res.arrayBuffer();
    return res.status;
  }
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
    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, async (_, i) => {
        const s = new Shopper(server.baseUrl);
        const status = await s.call("POST", "/api/auth/sign-up/email", {
          email: `bench.${Date.now()}.${i}@example.com`,
          password: "secret123",
          name: `Bench ${i}`,
        });
        if (status !== 200) throw new Error(`sign-up failed: ${status}`);
        return s;
      }),
    );
    const latencies: number[] = [];
    let orders = 0;
    let refused = 0;
    const deadline = performance.now() + SECONDS * 1000;
    const started = performance.now();
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
    console.log(
      `| ${label} | ${SHOPPERS} | ${orders} | ${refused} | ${(orders / elapsed).toFixed(1)} | ${percentile(latencies, 50).toFixed(0)} | ${percentile(latencies, 99).toFixed(0)} |`,
    );
  } finally {
    await server.stop();
  }
}

console.log(`# Checkout throughput (${SECONDS} s of "add a product, check out" per shopper)\n`);
console.log("| database | shoppers | orders | refused | checkouts/s | checkout p50 ms | checkout p99 ms |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
await benchOne("embedded PGlite", { SIGN_UP_RATE_LIMIT_PER_IP: "100000" });
const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  await withFreshServerDatabase(serverUrl, async (url) => {
    await benchOne("PostgreSQL server", {
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: "20",
      SIGN_UP_RATE_LIMIT_PER_IP: "100000",
    });
  });
}
