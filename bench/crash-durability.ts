/**
 * The kill -9 and two-process checks of durable commits and the DATA_DIR lock, re-run on demand:
 *
 * 1. Crash cycles: the real server (a child process) on the embedded database, then (with
 *    BENCH_DATABASE_URL) on a fresh PostgreSQL database; shoppers check out concurrently; the
 *    server is killed with SIGKILL mid-load, started again on the same data, and every order it
 *    had acknowledged (HTTP 201) is looked up in its shopper's history. Three cycles each.
 * 2. Two processes: a second server started on the DATA_DIR a running server holds must refuse
 *    to start with a clear message, and the first keeps serving with its orders intact.
 *
 * Prints tables; exits 1 if an acknowledged order was lost or the second server started.
 * Run: npm run bench:crash --workspace @haggle/bench  (BENCH_SHOPPERS, BENCH_CRASH_AFTER_MS, BENCH_CRASH_CYCLES,
 * BENCH_PORT, BENCH_DATABASE_URL)
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type RunningServer,
  startExpectingRefusal,
  startServer,
  withFreshServerDatabase,
} from "./lib/server-process.ts";
import { CHECKOUT_BODY, productsInStock, type Shopper, signUpShoppers } from "./lib/shopper.ts";

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 50);
const CYCLES = Number(process.env.BENCH_CRASH_CYCLES ?? 3);
/** How long the load runs before the kill, on average (each cycle varies it by ±25%). */
const CRASH_AFTER_MS = Number(process.env.BENCH_CRASH_AFTER_MS ?? 15000);
const PORT = Number(process.env.BENCH_PORT ?? 3941);
const ENV = { SIGN_UP_RATE_LIMIT_PER_IP: "100000" };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface CycleRow {
  database: string;
  cycle: number;
  acknowledged: number;
  acknowledgedSoFar: number;
  foundAfterRestart: number;
  lost: number;
  sessionsLost: number;
}

/** Every acknowledged order id per shopper, and whether each one is in the shopper's history. */
async function missingOrders(shoppers: Shopper[], acknowledged: Map<Shopper, Set<string>>) {
  let found = 0;
  let lost = 0;
  let sessionsLost = 0;
  for (const shopper of shoppers) {
    const history = await shopper.request("GET", "/api/orders");
    if (history.status !== 200) {
      sessionsLost++;
      lost += acknowledged.get(shopper)?.size ?? 0;
      continue;
    }
    const ids = new Set((history.json as { id: string }[]).map((o) => o.id));
    found += ids.size;
    for (const id of acknowledged.get(shopper) ?? []) if (!ids.has(id)) lost++;
  }
  return { found, lost, sessionsLost };
}

/** Shoppers loop "add a product, check out" until `stop()` says so; 201s are recorded. */
function driveCheckouts(shoppers: Shopper[], pool: string[], acknowledged: Map<Shopper, Set<string>>) {
  let stopped = false;
  let count = 0;
  const running = Promise.all(
    shoppers.map(async (s, i) => {
      let n = i * 7;
      while (!stopped) {
        try {
          const productId = pool[n++ % pool.length] as string;
          if ((await s.call("POST", "/api/cart/items", { productId })) !== 200) continue;
          const order = await s.request("POST", "/api/checkout", CHECKOUT_BODY, {
            "idempotency-key": randomUUID(),
          });
          // A 201 read after the kill was sent is still an acknowledgement the server made.
          if (order.status === 201) {
            acknowledged.get(s)?.add((order.json as { id: string }).id);
            count++;
          }
        } catch {
          // the server is gone (killed): this request was never acknowledged
          await sleep(50);
        }
      }
    }),
  );
  return {
    /** Stops the loops; resolves with the orders acknowledged meanwhile. */
    stop: async () => {
      stopped = true;
      await running;
      return count;
    },
  };
}

async function crashCycles(
  label: string,
  env: Record<string, string>,
  dataDir?: string,
): Promise<CycleRow[]> {
  let server: RunningServer = await startServer({ port: PORT, env, dataDir });
  const rows: CycleRow[] = [];
  try {
    const pool = await productsInStock(server.baseUrl, 1);
    const shoppers = await signUpShoppers(server.baseUrl, SHOPPERS, `crash.${label.split(" ")[0]}`);
    const acknowledged = new Map(shoppers.map((s) => [s, new Set<string>()]));
    let soFar = 0;
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const load = driveCheckouts(shoppers, pool, acknowledged);
      await sleep(CRASH_AFTER_MS * (0.75 + Math.random() * 0.5));
      // The kill lands while checkouts are in flight.
      const killed = server.kill9();
      const acked = await load.stop();
      await killed;
      soFar += acked;
      server = await startServer({ port: PORT, env, dataDir });
      const { found, lost, sessionsLost } = await missingOrders(shoppers, acknowledged);
      rows.push({
        database: label,
        cycle,
        acknowledged: acked,
        acknowledgedSoFar: soFar,
        foundAfterRestart: found,
        lost,
        sessionsLost,
      });
    }
  } finally {
    await server.stop();
  }
  return rows;
}

/** The first server from a DATA_DIR: the message a pino JSON line or a plain line carries. */
function messageOf(output: string): string {
  for (const line of output.split("\n")) {
    try {
      const parsed = JSON.parse(line) as { msg?: string };
      if (parsed.msg?.includes("in use")) return parsed.msg;
    } catch {
      if (line.includes("in use")) return line.trim();
    }
  }
  return output.trim().split("\n").slice(-3).join(" ").slice(0, 300) || "(nothing printed)";
}

async function twoProcesses(dataDir: string) {
  const first = await startServer({ port: PORT, env: ENV, dataDir });
  try {
    const shoppers = await signUpShoppers(first.baseUrl, 3, "crash.two");
    const acknowledged = new Map(shoppers.map((s) => [s, new Set<string>()]));
    const pool = await productsInStock(first.baseUrl, 1);
    for (const [i, s] of shoppers.entries()) {
      await s.call("POST", "/api/cart/items", { productId: pool[i] });
      const order = await s.request("POST", "/api/checkout", CHECKOUT_BODY, {
        "idempotency-key": randomUUID(),
      });
      if (order.status === 201) acknowledged.get(s)?.add((order.json as { id: string }).id);
    }
    const started = performance.now();
    const second = await startExpectingRefusal({ port: PORT + 1, dataDir, env: ENV });
    const seconds = (performance.now() - started) / 1000;
    const firstStillServes = await fetch(`${first.baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    await first.stop();
    const again = await startServer({ port: PORT, env: ENV, dataDir });
    const { lost } = await missingOrders(shoppers, acknowledged);
    await again.stop();
    const orders = [...acknowledged.values()].reduce((a, s) => a + s.size, 0);
    return { second, seconds, firstStillServes, orders, lost };
  } catch (error) {
    await first.stop().catch(() => {});
    throw error;
  }
}

const all: CycleRow[] = [];
console.log(
  `# Crash durability: kill -9 mid-checkout, ${CYCLES} cycles, ${SHOPPERS} shoppers, kill after ~${CRASH_AFTER_MS} ms of load\n`,
);
const embeddedDir = mkdtempSync(path.join(tmpdir(), "haggle-crash-"));
try {
  all.push(...(await crashCycles("embedded PGlite", ENV, embeddedDir)));
} finally {
  rmSync(embeddedDir, { recursive: true, force: true });
}
const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  await withFreshServerDatabase(serverUrl, async (url) => {
    all.push(
      ...(await crashCycles("PostgreSQL server", { ...ENV, DATABASE_URL: url, DATABASE_POOL_SIZE: "20" })),
    );
  });
}
console.log(
  "| database | cycle | acknowledged (201) | acknowledged so far | orders in the histories after restart | acknowledged and lost | sessions lost |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const r of all) {
  console.log(
    `| ${r.database} | ${r.cycle} | ${r.acknowledged} | ${r.acknowledgedSoFar} | ${r.foundAfterRestart} | ${r.lost} | ${r.sessionsLost} |`,
  );
}
for (const label of new Set(all.map((r) => r.database))) {
  const rows = all.filter((r) => r.database === label);
  const last = rows[rows.length - 1];
  console.log(
    `\n${label}: ${last?.acknowledgedSoFar ?? 0} acknowledged orders over ${rows.length} kill -9 cycles, lost: ${last?.lost ?? 0}`,
  );
}
if (!serverUrl) console.log("\n(PostgreSQL skipped: set BENCH_DATABASE_URL to an admin URL to run it too.)");

console.log("\n# Two processes on one DATA_DIR\n");
const twoDir = mkdtempSync(path.join(tmpdir(), "haggle-two-"));
let twoOk = false;
try {
  const two = await twoProcesses(twoDir);
  twoOk =
    two.second.exitCode !== null &&
    two.second.exitCode !== 0 &&
    !two.second.served &&
    two.firstStillServes &&
    two.lost === 0;
  console.log("| check | result |");
  console.log("| --- | --- |");
  console.log(
    `| second server on the same DATA_DIR | ${two.second.exitCode === null ? "STARTED (not refused)" : `refused: exit code ${two.second.exitCode} after ${two.seconds.toFixed(1)} s${two.second.served ? ", but it answered /healthz first" : ""}`} |`,
  );
  console.log(`| its message | ${messageOf(two.second.output).replaceAll("|", "/")} |`);
  console.log(`| first server still serving | ${two.firstStillServes ? "yes" : "NO"} |`);
  console.log(
    `| first server's acknowledged orders after its restart | ${two.orders} acknowledged, ${two.lost} lost |`,
  );
} finally {
  rmSync(twoDir, { recursive: true, force: true });
}
const lost = all.reduce((a, r) => a + (r.cycle === CYCLES ? r.lost : 0), 0);
if (lost > 0 || !twoOk) process.exitCode = 1;
