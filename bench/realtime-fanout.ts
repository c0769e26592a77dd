/**
 * Realtime fan-out: how many GET /api/realtime subscribers one server process holds, and how
 * fast an event reaches all of them across processes. Two real server processes (A and B) on
 * one fresh PostgreSQL database; merchants subscribe on B in growing steps; events are
 * published with pg_notify on the server's channel from a separate connection (the path every
 * server-side publish takes), plus real escalations on A for the cross- vs same-process baseline.
 * Prints figures; asserts nothing. Run: npm run bench:realtime -w @haggle/bench
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import pg from "pg";
import { type RunningServer, startServer, withFreshServerDatabase } from "./lib/server-process.ts";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const STEPS = (process.env.BENCH_REALTIME_STEPS ?? "100,500,1000,2000,4000,8000").split(",").map(Number);
const EVENTS_PER_STEP = Number(process.env.BENCH_REALTIME_EVENTS ?? 20);
const MERCHANTS = 20;
/** Whole-bench budget: no new step starts after it; each step's opening has its own bound. */
const BUDGET_MS = 4 * 60_000;
const OPEN_STEP_TIMEOUT_MS = 60_000;
const DELIVERY_TIMEOUT_MS = 10_000;
const EVENTS_CHANNEL = "haggle_events";

const benchStarted = performance.now();

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function rssMiB(pid: number) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : 0;
}

async function call(baseUrl: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", origin: baseUrl, ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookie = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const text = await res.text();
  return { status: res.status, cookie: setCookie.join("; "), json: text ? JSON.parse(text) : null };
}

async function signUp(baseUrl: string, label: string) {
  const email = `${label}.${Date.now()}.${randomUUID().slice(0, 6)}@example.com`;
  const res = await call(baseUrl, "", "POST", "/api/auth/sign-up/email", {
    email,
    password: "secret123",
    name: label,
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status}`);
  const me = await call(baseUrl, res.cookie, "GET", "/api/me");
  return { cookie: res.cookie, userId: me.json.user.id as string };
}

type Arrivals = Map<string, { server: "A" | "B"; at: number }[]>;

/** One open GET /api/realtime stream that notes when each approval.created (by negotiationId) arrives. */
class Subscriber {
  private request: http.ClientRequest | null = null;
  closed = false;

  constructor(
    private readonly arrivals: Arrivals,
    readonly server: "A" | "B",
  ) {}

  open(baseUrl: string, cookie: string, agent: http.Agent): Promise<void> {
    return new Promise((resolve, reject) => {
      const url = new URL("/api/realtime", baseUrl);
      let ready = false;
      const req = http.get(url, { agent, headers: { cookie, accept: "text/event-stream" } }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`realtime answered ${res.statusCode}`));
          return;
        }
        res.setEncoding("utf8");
        let buffer = "";
        res.on("data", (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
            if (block.startsWith("event: ready")) {
              ready = true;
              resolve();
            } else if (block.startsWith("event: approval.created")) {
              const data = block.slice(block.indexOf("data: ") + 6);
              const token = (JSON.parse(data) as { negotiationId: string }).negotiationId;
              this.arrivals.get(token)?.push({ server: this.server, at });
            }
          }
        });
        res.on("close", () => {
          this.closed = true;
          if (!ready) reject(new Error("realtime stream closed before ready"));
        });
      });
      req.on("error", (error) => {
        this.closed = true;
        reject(error);
      });
      // Destroyed before an answer (the bench stopping): settle, or the wave would wait forever.
      req.on("close", () => {
        this.closed = true;
        if (!ready) reject(new Error("realtime request closed before ready"));
      });
      this.request = req;
    });
  }

  close() {
    this.request?.destroy();
    this.closed = true;
  }
}

/** Waits until `count` subscribers heard the token (or the timeout); latencies per server. */
async function deliveries(arrivals: Arrivals, token: string, count: number, sentAt: number) {
  const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
  for (;;) {
    const got = arrivals.get(token) ?? [];
    if (got.length >= count || performance.now() > deadline) {
      arrivals.delete(token);
      const of = (server: "A" | "B") => got.filter((g) => g.server === server).map((g) => g.at - sentAt);
      return { A: of("A"), B: of("B") };
    }
    await new Promise((r) => setTimeout(r, 2));
  }
}

const held = (subscribers: Subscriber[], server: "A" | "B") =>
  subscribers.filter((s) => s.server === server && !s.closed).length;

async function openMany(
  subscribers: Subscriber[],
  count: number,
  server: RunningServer,
  label: "A" | "B",
  cookies: string[],
  agent: http.Agent,
  arrivals: Arrivals,
) {
  const deadline = performance.now() + OPEN_STEP_TIMEOUT_MS;
  while (held(subscribers, label) < count) {
    if (performance.now() > deadline)
      throw new Error(`opening ${count} subscribers took over ${OPEN_STEP_TIMEOUT_MS / 1000} s`);
    const open = held(subscribers, label);
    // Opened in waves of 100: each open costs the server a session and a role lookup.
    const wave = Math.min(100, count - open);
    const results = await Promise.allSettled(
      Array.from({ length: wave }, (_, i) => {
        const s = new Subscriber(arrivals, label);
        subscribers.push(s);
        return s.open(server.baseUrl, cookies[(open + i) % cookies.length]!, agent);
      }),
    );
    const failed = results.filter((r) => r.status === "rejected");
    if (failed.length > 0)
      throw new Error(
        `${failed.length} of ${wave} subscriptions failed: ${(failed[0] as PromiseRejectedResult).reason}`,
      );
  }
}

function fmt(n: number) {
  return n < 10 ? n.toFixed(1) : n.toFixed(0);
}

/** pg_notify of a valid approval.created from the bench's own connection, as the server's publishEvent does. */
async function publish(notifier: pg.Client) {
  const token = randomUUID();
  const event = {
    type: "approval.created",
    approvalId: randomUUID(),
    negotiationId: token,
    requestedDiscountPct: 20,
    requestedDiscountAmount: 80,
    shopperName: "Bench Shopper",
  };
  const sentAt = performance.now();
  await notifier.query("SELECT pg_notify($1, $2)", [EVENTS_CHANNEL, JSON.stringify(event)]);
  return { token, sentAt };
}

/** What every stage of the bench shares: both servers, the merchants' cookies, the open subscribers. */
interface Fanout {
  a: RunningServer;
  b: RunningServer;
  notifier: pg.Client;
  subscribers: Subscriber[];
  cookies: string[];
  agent: http.Agent;
  arrivals: Arrivals;
}

/** The merchant accounts that subscribe, signed up on B and given the merchant role; answers their cookies. */
async function signUpMerchants(b: RunningServer, notifier: pg.Client): Promise<string[]> {
  const merchants = await Promise.all(
    Array.from({ length: MERCHANTS }, (_, i) => signUp(b.baseUrl, `merchant${i}`)),
  );
  for (const m of merchants) {
    await notifier.query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'merchant')", [m.userId]);
  }
  return merchants.map((m) => m.cookie);
}

/** A shopper on A with a cart of one in-stock product of about $400; answers the shopper's cookie. */
async function shopperWithCart(a: RunningServer): Promise<string> {
  const shopper = await signUp(a.baseUrl, "shopper");
  const products = (await call(a.baseUrl, "", "GET", "/api/products?pageSize=200")).json.items as {
    id: string;
    price: number;
    inStock: boolean;
  }[];
  const product = products
    .filter((p) => p.inStock)
    .sort((x, y) => Math.abs(x.price - 400) - Math.abs(y.price - 400))[0]!;
  await call(a.baseUrl, shopper.cookie, "POST", "/api/cart/items", { productId: product.id });
  return shopper.cookie;
}

/** Baseline: real escalations by a shopper on A, heard by 100 merchants on A and 100 on B. */
async function measureRealEscalations(f: Fanout) {
  const { a, b, subscribers, cookies, agent, arrivals } = f;
  const shopperCookie = await shopperWithCart(a);
  await openMany(subscribers, 100, a, "A", cookies, agent, arrivals);
  await openMany(subscribers, 100, b, "B", cookies, agent, arrivals);
  const each = { A: [] as number[], B: [] as number[] };
  const last = { A: [] as number[], B: [] as number[] };
  const turnMs: number[] = [];
  for (let i = 0; i < 10; i++) {
    const negotiationId = (await call(a.baseUrl, shopperCookie, "POST", "/api/negotiations", {})).json
      .id as string;
    arrivals.set(negotiationId, []);
    const sentAt = performance.now();
    const turn = await fetch(`${a.baseUrl}/functions/v1/negotiate-cart`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: a.baseUrl, cookie: shopperCookie },
      body: JSON.stringify({
        negotiationId,
        messages: [{ role: "user", content: "Could you do 20% off?" }],
      }),
    });
    await turn.text();
    turnMs.push(performance.now() - sentAt);
    const got = await deliveries(arrivals, negotiationId, 200, sentAt);
    if (got.A.length < 100 || got.B.length < 100) {
      throw new Error(
        `escalation ${i} reached ${got.A.length} subscribers on A and ${got.B.length} on B of 100 each`,
      );
    }
    for (const server of ["A", "B"] as const) {
      each[server].push(...got[server]);
      last[server].push(Math.max(...got[server]));
    }
  }
  reportRealEscalations(turnMs, each, last);
  for (const s of subscribers) if (s.server === "A") s.close();
}

type PerServer = { A: number[]; B: number[] };

function reportRealEscalations(turnMs: number[], each: PerServer, last: PerServer) {
  console.log(
    "## Real escalations on A (a shopper's 20% ask, 10 turns), 100 merchants subscribed on each process\n",
  );
  console.log(
    `Turn (POST negotiate-cart to [DONE]) p50 ${fmt(percentile(turnMs, 50))} ms. Latency from the turn's start:\n`,
  );
  console.log("| subscribers | to each p50 ms | to each p95 ms | to the last p50 ms | to the last max ms |");
  console.log("| --- | --- | --- | --- | --- |");
  for (const server of ["A", "B"] as const) {
    const label = server === "A" ? "100 on A (same process)" : "100 on B (across processes)";
    console.log(
      `| ${label} | ${fmt(percentile(each[server], 50))} | ${fmt(percentile(each[server], 95))} | ${fmt(percentile(last[server], 50))} | ${fmt(Math.max(...last[server]))} |`,
    );
  }
  console.log(`\nB vs A, to each p50: ${(percentile(each.B, 50) / percentile(each.A, 50)).toFixed(2)}x\n`);
}

/** Scale: N merchants subscribed on B, pg_notify from the bench's own connection. */
async function measureScale(f: Fanout, idleRss: number) {
  console.log(`## Subscribers held by process B, ${EVENTS_PER_STEP} pg_notify events per step\n`);
  console.log(`B's RSS with no subscriber: ${fmt(idleRss)} MiB.\n`);
  console.log(
    "| subscribers on B | held | B RSS MiB | RSS per subscriber KiB | to the last p50 ms | to the last p95 ms | to the last max ms | to each p50 ms | missed |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const target of STEPS) {
    if (performance.now() - benchStarted > BUDGET_MS) {
      console.log(`\n(stopped before ${target}: the ${BUDGET_MS / 60_000} min budget is spent)`);
      break;
    }
    try {
      await openMany(f.subscribers, target, f.b, "B", f.cookies, f.agent, f.arrivals);
    } catch (error) {
      console.log(
        `| ${target} | ${held(f.subscribers, "B")} | | | | | | | stopped: ${(error as Error).message} |`,
      );
      break;
    }
    await measureStep(f, target, idleRss);
  }
}

/** One step of the scale table: memory held, then the step's events timed to every subscriber on B. */
async function measureStep(f: Fanout, target: number, idleRss: number) {
  // Let the wave's session lookups settle before reading memory and timing events.
  await new Promise((r) => setTimeout(r, 1000));
  const n = held(f.subscribers, "B");
  const rss = rssMiB(f.b.pid);
  const lastMs: number[] = [];
  const eachMs: number[] = [];
  let missed = 0;
  for (let i = 0; i < EVENTS_PER_STEP; i++) {
    // A slow machine ends the step early rather than overrun the whole bench's bound.
    if (performance.now() - benchStarted > BUDGET_MS + 30_000 && lastMs.length >= 5) break;
    const { token, sentAt } = await publish(f.notifier);
    f.arrivals.set(token, []);
    const got = await deliveries(f.arrivals, token, n, sentAt);
    missed += n - got.B.length;
    if (got.B.length > 0) lastMs.push(Math.max(...got.B));
    eachMs.push(...got.B);
    await new Promise((r) => setTimeout(r, 20));
  }
  console.log(
    `| ${target} | ${n} | ${fmt(rss)} | ${fmt(((rss - idleRss) * 1024) / n)} | ${fmt(percentile(lastMs, 50))} | ${fmt(percentile(lastMs, 95))} | ${fmt(Math.max(...lastMs))} | ${fmt(percentile(eachMs, 50))} | ${missed} |`,
  );
}

async function main(databaseUrl: string) {
  const env = { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: "20", STREAM_WORD_DELAY_MS: "0" };
  const servers: RunningServer[] = [];
  const subscribers: Subscriber[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const notifier = new pg.Client({ connectionString: databaseUrl });
  let stopping: Promise<void> | null = null;
  const stopAll = () => {
    stopping ??= (async () => {
      for (const s of subscribers) s.close();
      agent.destroy();
      await notifier.end().catch(() => {});
      for (const s of servers) await s.stop().catch(() => {});
    })();
    return stopping;
  };
  // Interrupted: stop the servers now; the run then fails and the database is dropped on the way out.
  const onSignal = () => void stopAll();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const a = await startServer({ port: 3931, env });
    servers.push(a);
    const b = await startServer({ port: 3932, env: { ...env, SEED_ON_START: "false" } });
    servers.push(b);
    await notifier.connect();

    const cookies = await signUpMerchants(b, notifier);
    const fanout: Fanout = { a, b, notifier, subscribers, cookies, agent, arrivals: new Map() };
    const idleRss = rssMiB(b.pid);

    console.log(
      `# Realtime fan-out (two server processes, one PostgreSQL database, ${MERCHANTS} merchant accounts)\n`,
    );
    await measureRealEscalations(fanout);
    await measureScale(fanout, idleRss);
  } finally {
    await stopAll();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

const databaseUrlLabel = ADMIN_URL.replace(/\/\/[^@]*@/, "//");
console.error(
  `realtime fan-out on ${databaseUrlLabel}, steps ${STEPS.join(", ")}, budget ${BUDGET_MS / 1000} s`,
);
await withFreshServerDatabase(ADMIN_URL, main);
console.error(`done in ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
