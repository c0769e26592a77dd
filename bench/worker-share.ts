/**
 * How a cluster's workers share connections opened at once: a client opens N keep-alive
 * connections together (one `GET /healthz` each, all in flight at once, as a reverse proxy's or a
 * load test's pool fills) and counts which worker (X-Haggle-Worker) answered on each. A keep-alive
 * connection stays with its worker, so an uneven share holds for the pool's life. One PostgreSQL
 * server with WORKERS=2 per way of sharing the port (`NODE_CLUSTER_SCHED_POLICY`), all started
 * first and then tried in turn, so that each try of each sees the same load. Prints figures;
 * asserts nothing.
 *
 * Run: BENCH_DATABASE_URL=postgres://… npm run bench:share -w @haggle/bench
 * Environment: BENCH_PORT_SHARING ("rr,none,reuseport"), BENCH_SHARE_CONNECTIONS (20),
 * BENCH_SHARE_TRIES (8), BENCH_PORT (3330: that port and the next ones, one per server), WORKERS (2).
 */
import { Agent, request } from "node:http";
import { loadavg } from "node:os";
import { type RunningServer, startServer, withFreshServerDatabases } from "./lib/server-process.ts";

const SHARINGS = (process.env.BENCH_PORT_SHARING ?? "rr,none,reuseport").split(",").filter(Boolean);
const CONNECTIONS = Number(process.env.BENCH_SHARE_CONNECTIONS ?? 20);
const TRIES = Number(process.env.BENCH_SHARE_TRIES ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 3330);
process.env.WORKERS ??= "2";

/** The worker that answered on each of `CONNECTIONS` keep-alive connections opened at once. */
async function oneTry(baseUrl: string): Promise<Map<string, number>> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const workers = await Promise.all(
    Array.from(
      { length: CONNECTIONS },
      () =>
        new Promise<string>((resolve, reject) => {
          request(`${baseUrl}/healthz`, { agent }, (res) => {
            res.resume();
            res.on("end", () => resolve(String(res.headers["x-haggle-worker"])));
          })
            .on("error", reject)
            .end();
        }),
    ),
  );
  agent.destroy();
  const share = new Map<string, number>();
  for (const w of workers) share.set(w, (share.get(w) ?? 0) + 1);
  return share;
}

/** "12/8": the connections each worker (1, 2, ...) took. */
function shareText(share: Map<string, number>): string {
  const count = Number(process.env.WORKERS);
  return Array.from({ length: count }, (_, i) => share.get(String(i + 1)) ?? 0).join("/");
}

const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) throw new Error("BENCH_DATABASE_URL: a PostgreSQL server (WORKERS above 1 needs one)");
await withFreshServerDatabases(adminUrl, SHARINGS.length, async (urls) => {
  const servers: { sharing: string; server: RunningServer; shares: string[]; worst: number }[] = [];
  try {
    for (const [i, sharing] of SHARINGS.entries()) {
      const env = { DATABASE_URL: urls[i]!, SEED_ON_START: "false", NODE_CLUSTER_SCHED_POLICY: sharing };
      servers.push({ sharing, server: await startServer({ port: PORT + i, env }), shares: [], worst: 0 });
    }
    const loads: number[] = [];
    for (let t = 0; t < TRIES; t++) {
      loads.push(loadavg()[0]!);
      for (const s of servers) {
        const share = await oneTry(s.server.baseUrl);
        s.shares.push(shareText(share));
        s.worst = Math.max(s.worst, ...share.values());
      }
    }
    console.log(
      `${CONNECTIONS} keep-alive connections opened at once, WORKERS=${process.env.WORKERS}, ${TRIES} tries each (load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)})`,
    );
    for (const s of servers)
      console.log(`${s.sharing.padEnd(10)} ${s.shares.join("  ")}  | most on one worker: ${s.worst}`);
  } finally {
    for (const { server } of servers) await server.stop();
  }
});
