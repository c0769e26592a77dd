/**
 * Request bodies that never finish: N anonymous connections each send a large chunked body
 * (no Content-Length) and then hold the connection open, as an attacker would, while /healthz
 * is timed every 200 ms and each server process's memory (RSS, from /proc) is read. Two
 * targets: the picture upload (9.5 MB each, an upload route) and an ordinary JSON route
 * (/api/cart/items, 0.95 MB each). Prints figures; asserts nothing.
 *
 * Three processes, so that the figures are the server's and not the bench's: the server, the
 * attackers (their own process, at the lowest CPU priority, nice 19, by default), and the
 * /healthz prober (its own process at this one's priority, the server's). On a machine of few
 * cores, attackers at the server's priority take CPU the server then lacks: each round runs
 * once with the attackers at nice 19 (the server's own latency) and once at the server's
 * priority (an attacker on the same machine), unless BENCH_ATTACKER_NICE says otherwise.
 *
 * Run: npm run bench:bodies -w @haggle/bench
 * Environment: BENCH_BODY_CONNECTIONS ("100,250"), BENCH_BODY_HOLD_SECONDS (8),
 * BENCH_ATTACKER_NICE ("19,0": niceness added to the attackers', one round each),
 * BENCH_BODY_TARGETS ("upload,json": the routes flooded),
 * BENCH_DATABASE_URL (a PostgreSQL server; with WORKERS=2, two server processes), BENCH_SKIP_EMBEDDED,
 * BENCH_PORT (3312), BENCH_SERVER_ROOT (another checkout's server, e.g. to compare with main),
 * BENCH_SLOW_PROBE_MS (each /healthz slower than this printed with its time and worker),
 * BENCH_LOOP_MONITOR (a file: the server's main thread, a line a second, lib/loop-monitor.ts; each
 * round then also prints its collections, worst loop delay and bytes read),
 * BENCH_PORT_SHARING ("rr,reuseport": one PostgreSQL server per way its workers share the port,
 * interleaved round by round; ports BENCH_PORT, + 1, ...). Each round
 * also prints the CPU each server process used during it (user + system, from /proc).
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { fork } from "node:child_process";
import { getPriority, loadavg, setPriority } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { type RunningServer, startServer, withFreshServerDatabases } from "./lib/server-process.ts";

const CONNECTIONS = (process.env.BENCH_BODY_CONNECTIONS ?? "100,250").split(",").map(Number);
const HOLD_MS = Number(process.env.BENCH_BODY_HOLD_SECONDS ?? 8) * 1000;
const PORT = Number(process.env.BENCH_PORT ?? 3312);
const ATTACKER_NICE = (process.env.BENCH_ATTACKER_NICE ?? "19,0").split(",").map(Number);
const CHUNK_BYTES = 64 * 1024;
/** BENCH_SLOW_PROBE_MS: each /healthz slower than this is printed with its time and worker (to match a profile). */
const SLOW_PROBE_MS = process.env.BENCH_SLOW_PROBE_MS ? Number(process.env.BENCH_SLOW_PROBE_MS) : null;
/** One chunk of a chunked body, framed: its size in hex, the bytes, CRLF. */
const CHUNK = Buffer.concat([
  Buffer.from(`${CHUNK_BYTES.toString(16)}\r\n`),
  Buffer.alloc(CHUNK_BYTES, 0x61),
  Buffer.from("\r\n"),
]);

const ALL_TARGETS = [
  { name: "upload", path: "/api/merchant/images", bytes: 9.5 * 1024 * 1024, type: "image/png" },
  { name: "json", path: "/api/cart/items", bytes: 0.95 * 1024 * 1024, type: "application/json" },
] as const;
const TARGET_NAMES = (process.env.BENCH_BODY_TARGETS ?? "upload,json").split(",");
const TARGETS = ALL_TARGETS.filter((target) => TARGET_NAMES.includes(target.name));

/** The server's processes: the one started, or its workers when it is a cluster's primary. */
function serverPids(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    const workers = children === "" ? [] : children.split(/\s+/).map(Number);
    return workers.length > 0 ? workers : [pid];
  } catch {
    return [pid];
  }
}

function rssMiB(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The CPU a process has used so far (user + system), in ms, from /proc. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command's name), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The kernel's counts of connections a listening socket dropped (its queue full) and of SYNs sent
 * again (a connection that waited a second or more for its handshake), from /proc/net/netstat:
 * the whole machine's, so another process's connections count too.
 */
function tcpCounters(): Record<string, number> {
  try {
    const lines = readFileSync("/proc/net/netstat", "utf8").split("\n");
    const at = lines.findIndex((l) => l.startsWith("TcpExt:"));
    const names = lines[at]!.split(/\s+/);
    const values = lines[at + 1]!.split(/\s+/).map(Number);
    const wanted = ["ListenOverflows", "ListenDrops", "TCPSynRetrans"];
    return Object.fromEntries(wanted.map((w) => [w, values[names.indexOf(w)] ?? 0]));
  } catch {
    return {};
  }
}

/** One /healthz on a new connection, in ms, or null past 5 s (or an error). */
function healthz(baseUrl: string): Promise<number | null> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(`${baseUrl}/healthz`, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => {
        clearTimeout(timer);
        const ms = performance.now() - started;
        if (SLOW_PROBE_MS !== null && ms > SLOW_PROBE_MS) {
          const worker = res.headers["x-haggle-worker"] ?? "-";
          console.error(
            `slow /healthz: ${ms.toFixed(0)} ms, asked at ${new Date(Date.now() - ms).toISOString()}, worker ${worker}`,
          );
        }
        resolve(res.statusCode === 200 ? ms : null);
      });
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve(null);
    }, 5_000);
    req.on("error", () => {
      clearTimeout(timer);
      resolve(null);
    });
    req.end();
  });
}

/** A connection sending `bytes` of a chunked body, then holding on; what the server answered, if it did. */
function flood(port: number, path: string, bytes: number, type: string) {
  const socket: Socket = connect(port, "127.0.0.1");
  let answer = "";
  socket.on("data", (d) => {
    if (answer.length < 200) answer += d.toString("latin1");
  });
  socket.on("error", () => {});
  socket.on("connect", async () => {
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: ${type}\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    let sent = 0;
    while (sent < bytes && !socket.destroyed) {
      sent += CHUNK_BYTES;
      if (!socket.write(CHUNK)) await new Promise((r) => socket.once("drain", r));
    }
    // Never the final 0-length chunk: the body never ends.
  });
  return {
    status: () => /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? (socket.destroyed ? "closed" : "none"),
    close: () => socket.destroy(),
  };
}

function summary(values: (number | null)[]) {
  const ok = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  const at = (q: number) => ok[Math.min(ok.length - 1, Math.floor(q * ok.length))] ?? 0;
  const failed = values.length - ok.length;
  return `p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${(ok.at(-1) ?? 0).toFixed(0)} ms${failed > 0 ? `, ${failed} of ${values.length} timed out` : ""}`;
}

/** A child process of this bench (the same file, in the role `role` says), and its first message. */
function child(role: string, payload: unknown) {
  const proc = fork(new URL(import.meta.url), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, [role]: JSON.stringify(payload) },
  });
  const reply = new Promise<unknown>((r) => proc.once("message", r));
  return { proc, reply };
}

/** A few refusals of each target on new connections, so that no round measures a process's first requests. */
async function warmUp(port: number) {
  for (const target of TARGETS) {
    for (let i = 0; i < 16; i++) {
      await new Promise<void>((resolve) => {
        const req = request(
          { host: "127.0.0.1", port, path: target.path, method: "POST", agent: false },
          (res) => res.resume().on("end", resolve),
        );
        req.setHeader("Origin", `http://127.0.0.1:${port}`);
        req.setHeader("Content-Type", target.type);
        req.on("error", () => resolve());
        req.end("{}");
      });
    }
  }
}

/**
 * With BENCH_LOOP_MONITOR (lib/loop-monitor.ts): the server's main thread during a round, from
 * its lines since `since` (ISO time): collections (count, time, longest), the loop's worst delay,
 * and the bytes its closed connections had read. Empty without the monitor.
 */
function loopSummary(since: string): string {
  const file = process.env.BENCH_LOOP_MONITOR;
  if (!file) return "";
  let lines: string[];
  try {
    lines = readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line !== "" && line >= since);
  } catch {
    return "";
  }
  const field = (line: string, name: string, at = 1) =>
    Number.parseFloat(line.split(" ")[line.split(" ").indexOf(name) + at] ?? "0");
  const sum = (name: string, at = 1) => lines.reduce((total, line) => total + field(line, name, at), 0);
  const most = (name: string, at: number) => Math.max(0, ...lines.map((line) => field(line, name, at)));
  return ` | main thread: GC ${sum("gc")}× ${sum("gc", 2).toFixed(0)} ms (longest ${most("gc", 4)} ms), loop delay max ${most("lag", 6)} ms, ${sum("requests")} requests, ${sum("readMiB").toFixed(1)} MiB read by ${sum("closed")} closed connections`;
}

/** The servers, each with its label, flooded in turn in every round (the same round for each, one after the other). */
async function run(servers: { label: string; server: RunningServer }[]) {
  for (const { server } of servers) await warmUp(Number(new URL(server.baseUrl).port));
  await new Promise((r) => setTimeout(r, 3_000));
  for (const target of TARGETS) {
    for (const n of CONNECTIONS) {
      for (const nice of ATTACKER_NICE) {
        for (const { label, server } of servers) await round(label, server, target, n, nice);
      }
    }
  }
}

async function round(
  label: string,
  server: RunningServer,
  target: (typeof TARGETS)[number],
  n: number,
  nice: number,
) {
  const pids = serverPids(server.pid);
  const since = new Date().toISOString();
  const before = pids.map(rssMiB);
  const cpuBefore = pids.map(cpuMs);
  const tcpBefore = tcpCounters();
  const peak = [...before];
  // The prober first, so that it is ready before the flood; it times /healthz until told to stop.
  const prober = child("BENCH_PROBE", { baseUrl: server.baseUrl });
  await prober.reply;
  const probed = new Promise<{ latencies: (number | null)[]; ownStallMs: number }>((r) =>
    prober.proc.once("message", (m) => r(m as { latencies: (number | null)[]; ownStallMs: number })),
  );
  const attackers = child("BENCH_FLOOD", { ...target, n, port: Number(new URL(server.baseUrl).port) });
  await attackers.reply;
  // Lower the attackers' priority (raise their niceness) before they connect: they wait for "go".
  const ownNice = getPriority();
  if (nice > 0 && attackers.proc.pid) setPriority(attackers.proc.pid, Math.min(19, ownNice + nice));
  attackers.proc.send("go");
  const sampler = setInterval(() => {
    pids.forEach((pid, i) => {
      peak[i] = Math.max(peak[i] ?? 0, rssMiB(pid));
    });
  }, 100);
  const load = loadavg()[0]!;
  await new Promise((r) => setTimeout(r, HOLD_MS));
  clearInterval(sampler);
  const cpu = pids.map((pid, i) => cpuMs(pid) - cpuBefore[i]!);
  const tcpAfter = tcpCounters();
  const tcp = Object.entries(tcpAfter)
    .map(([name, value]) => `${name} ${value - (tcpBefore[name] ?? 0)}`)
    .join(", ");
  prober.proc.send("stop");
  const { latencies, ownStallMs } = await probed;
  prober.proc.kill();
  const answered = new Promise<Record<string, number>>((r) =>
    attackers.proc.once("message", (m) => r(m as Record<string, number>)),
  );
  attackers.proc.send("stop");
  const statuses = Object.entries(await answered);
  attackers.proc.kill();
  const rss = pids.map((_, i) => `${before[i]!.toFixed(0)} -> ${peak[i]!.toFixed(0)} MiB`).join(", ");
  const who =
    nice > 0
      ? `attackers nice +${Math.min(19, ownNice + nice) - ownNice}`
      : "attackers at the server's priority";
  console.log(
    `${label} | ${target.path} | ${n} connections | ${who} | RSS per process ${rss} | CPU per process ${cpu.join(", ")} ms | /healthz ${summary(latencies)} (the prober's own worst stall ${ownStallMs} ms) | answers ${statuses.map(([s, k]) => `${s}×${k}`).join(" ")} | TCP ${tcp} | load ${load.toFixed(1)}`,
  );
  // Let the server close what is left before the next round (its lingering connections, 5 s at most).
  await new Promise((r) => setTimeout(r, 3_000));
  const loop = loopSummary(since);
  if (loop) console.log(`${label} | ${target.path} | ${n} connections${loop} (the round and the 3 s after)`);
}

if (process.env.BENCH_FLOOD) {
  const { port, path, bytes, type, n } = JSON.parse(process.env.BENCH_FLOOD) as {
    port: number;
    path: string;
    bytes: number;
    type: string;
    n: number;
  };
  let connections: ReturnType<typeof flood>[] = [];
  process.once("message", () => {
    connections = Array.from({ length: n }, () => flood(port, path, bytes, type));
    process.once("message", () => {
      const statuses: Record<string, number> = {};
      for (const c of connections) statuses[c.status()] = (statuses[c.status()] ?? 0) + 1;
      for (const c of connections) c.close();
      process.send?.(statuses, () => process.exit(0));
    });
  });
  process.send?.("ready");
} else if (process.env.BENCH_PROBE) {
  const { baseUrl } = JSON.parse(process.env.BENCH_PROBE) as { baseUrl: string };
  let probing = true;
  process.once("message", () => {
    probing = false;
  });
  process.send?.("ready");
  // The prober's own event-loop stalls: on a loaded machine a slow ask may be the prober's wait for a core, not the server's.
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const latencies: (number | null)[] = [];
  while (probing) {
    latencies.push(await healthz(baseUrl));
    await new Promise((r) => setTimeout(r, 200));
  }
  stalls.disable();
  const ownStallMs = Math.round(stalls.max / 1e6);
  process.send?.({ latencies, ownStallMs }, () => process.exit(0));
} else {
  if (!process.env.BENCH_SKIP_EMBEDDED) {
    const server = await startServer({ port: PORT, env: { SEED_ON_START: "false" } });
    try {
      await run([{ label: "embedded", server }]);
    } finally {
      await server.stop();
    }
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (databaseUrl) await onPostgres(databaseUrl);
}

/**
 * The PostgreSQL shop: one server, or with BENCH_PORT_SHARING (e.g. "rr,reuseport") one server
 * per way of sharing the port among its workers (`NODE_CLUSTER_SCHED_POLICY`; "reuseport" is the
 * default on Linux), each on its own database and port (BENCH_PORT, + 1, ...), interleaved round
 * by round so that each sees the same load.
 */
async function onPostgres(adminUrl: string) {
  const sharings = process.env.BENCH_PORT_SHARING?.split(",").filter(Boolean) ?? [null];
  await withFreshServerDatabases(adminUrl, sharings.length, async (urls) => {
    const servers: { label: string; server: RunningServer }[] = [];
    try {
      for (const [i, sharing] of sharings.entries()) {
        const env: Record<string, string> = { DATABASE_URL: urls[i]!, SEED_ON_START: "false" };
        if (sharing) env.NODE_CLUSTER_SCHED_POLICY = sharing;
        const label = `PostgreSQL, WORKERS=${process.env.WORKERS ?? "1"}${sharing ? `, ${sharing}` : ""}`;
        servers.push({ label, server: await startServer({ port: PORT + i, env }) });
      }
      await run(servers);
    } finally {
      for (const { server } of servers) await server.stop();
    }
  });
}
