import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEvents } from "./support/realtime-client.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";
import {
  fillCart,
  loadCatalogue,
  nearestPrice,
  signUpMerchant,
  signUpShopper,
  startNegotiation,
} from "./support/shop-fixtures.ts";
import { createServerDatabase } from "./support/test-server.ts";
import { webDistWithHead } from "./support/web-dist.ts";

/** One request on a connection of its own (no keep-alive), so the cluster hands it to the next worker. */
function once(url: string, init: { method?: string; body?: string } = {}) {
  return new Promise<{ status: number; worker: string | null; text: string }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method ?? "GET",
        agent: false,
        headers: init.body ? { "content-type": "application/json" } : {},
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          text += d;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            worker: (res.headers["x-haggle-worker"] as string) ?? null,
            text,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/** The process ids of the primary's children: its workers. */
function workerPids(primary: number): number[] {
  const text = readFileSync(`/proc/${primary}/task/${primary}/children`, "utf8").trim();
  return text === "" ? [] : text.split(/\s+/).map(Number);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(what: string, probe: () => Promise<T | null> | T | null, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The workers that answered `/healthz` over fresh connections, until both did. */
async function bothWorkersAnswer(baseUrl: string, ms?: number): Promise<Set<string>> {
  const seen = new Set<string>();
  return until(
    "both workers answering /healthz",
    async () => {
      const r = await once(`${baseUrl}/healthz`).catch(() => null);
      if (r?.status === 200) seen.add(String(JSON.parse(r.text).worker));
      return seen.size >= 2 ? seen : null;
    },
    ms,
  );
}

/**
 * The real server with WORKERS=2 on a PostgreSQL database (docs/decisions/0016-workers.md): two
 * workers behind one port, realtime across them, one rate limit for both, a killed worker
 * replaced, SIGTERM stopping everything.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("WORKERS=2: two server processes on one port", () => {
  let server: ServerProcess;
  let drop: () => Promise<void>;

  // An upper bound: three server processes took over 120 s to start at load 34 (then through tsx).
  beforeAll(async () => {
    const created = await createServerDatabase();
    drop = created.drop;
    server = await startServerProcess({
      DATABASE_URL: created.url,
      WORKERS: "2",
      // The operator's choice of sockets of their own (the default, the port's one socket, is what
      // every other two-worker test runs): its sharing, its port guard and a worker's replacement.
      NODE_CLUSTER_SCHED_POLICY: "reuseport",
      ASSISTANT_RATE_LIMIT_PER_MINUTE: "6",
      WEB_DIST_DIR: webDistWithHead(),
    });
    // The second worker starts once the first listens; on a loaded machine it takes its time.
    await bothWorkersAnswer(server.baseUrl, 120_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${server.logs()}`);
    });
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it("answers from both workers, seeds once and says in its log which worker wrote each line", () => {
    const logs = server.logs();
    expect(logs).toContain("starting 2 server processes");
    expect(logs.match(/empty shop seeded/g)).toHaveLength(1);
    const ready = logs.split("\n").filter((l) => l.includes("Haggle is ready"));
    expect(ready.map((l) => JSON.parse(l).worker).sort()).toEqual([1, 2]);
    expect(new Set(ready.map((l) => JSON.parse(l).pid)).size).toBe(2);
  });

  it("with NODE_CLUSTER_SCHED_POLICY=reuseport, shares 20 keep-alive connections opened at once between both workers, each on a socket of its own on Linux", async () => {
    if (process.platform === "linux") expect(server.logs()).toContain('"portSharing":"reuseport"');
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const workers = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<string>((resolve, reject) => {
            request(`${server.baseUrl}/healthz`, { agent }, (res) => {
              res.resume();
              res.on("end", () => resolve(String(res.headers["x-haggle-worker"])));
            })
              .on("error", reject)
              .end();
          }),
      ),
    );
    agent.destroy();
    expect(new Set(workers)).toEqual(new Set(["1", "2"]));
  });

  it("delivers an event published by one worker to subscribers on both", async () => {
    const { http: shopper } = await signUpShopper(server.baseUrl, "Cluster Shopper");
    const catalogue = await loadCatalogue(server.baseUrl);
    await fillCart(shopper, [
      nearestPrice(
        catalogue.filter((p) => p.inStock),
        400,
      ),
    ]);
    const negotiationId = await startNegotiation(shopper);
    const merchant = await signUpMerchant(server.baseUrl);
    // Streams until one is held by each worker (each new stream takes a new connection).
    const streams = [];
    const byWorker = new Map<string, Awaited<ReturnType<typeof openEvents>>>();
    while (byWorker.size < 2 && streams.length < 12) {
      const stream = await openEvents(merchant);
      streams.push(stream);
      if (stream.worker && !byWorker.has(stream.worker)) byWorker.set(stream.worker, stream);
    }
    expect([...byWorker.keys()].sort()).toEqual(["1", "2"]);

    const turn = await shopper.say(negotiationId, "Could you do 20% off?");
    expect(turn.display).toMatch(/manager/i);
    for (const stream of byWorker.values())
      expect((await stream.next("approval.created")).negotiationId).toBe(negotiationId);
    for (const stream of streams) stream.close();
  });

  it("holds a per-address rate limit across both workers (6 a minute, not 6 each)", async () => {
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push(
        await once(`${server.baseUrl}/functions/v1/shop-assistant`, {
          method: "POST",
          body: JSON.stringify({ messages: [{ role: "user", content: "headphones" }] }),
        }),
      );
    expect(new Set(answers.map((a) => a.worker))).toEqual(new Set(["1", "2"]));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(6);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(6);
  });

  it("writes amounts in a locale one worker changed on both within the 2 s a worker trusts it", async () => {
    const merchant = await signUpMerchant(server.baseUrl);
    const locale = (l: string) =>
      merchant.request("PUT", "/api/merchant/currency", { currency: "USD", locale: l });
    expect((await locale("de-DE")).status).toBe(200);
    const changedAt = Date.now();
    const seen = new Map<string, number>();
    await until(
      "both workers' pages naming de-DE",
      async () => {
        const page = await once(`${server.baseUrl}/`);
        if (page.worker && page.text.includes('<meta name="shop-locale" content="de-DE">'))
          seen.set(page.worker, Date.now() - changedAt);
        return seen.size >= 2 ? seen : null;
      },
      10_000,
    );
    // 2 s of trust, and the load of a shared machine on top.
    expect(Math.max(...seen.values())).toBeLessThan(3_000);
    expect((await locale("en-US")).status).toBe(200);
  });

  it("starts a killed worker again", async () => {
    const primary = server.child.pid as number;
    const before = workerPids(primary);
    expect(before).toHaveLength(2);
    const victim = before[1] as number;
    process.kill(victim, "SIGKILL");
    const after = await until("a new worker", () => {
      const pids = workerPids(primary);
      return pids.length === 2 && !pids.includes(victim) ? pids : null;
    });
    expect(after).toContain(before[0]);
    await bothWorkersAnswer(server.baseUrl);
    expect(server.logs()).toMatch(/worker \d exited \(SIGKILL\); starting it again/);
  });

  it("stops every worker on SIGTERM and exits 0", async () => {
    const primary = server.child.pid as number;
    const workers = workerPids(primary);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    for (const pid of workers) expect(alive(pid)).toBe(false);
    expect(server.logs()).toContain("every worker stopped");
  });
});
