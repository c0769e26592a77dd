/**
 * Loaded into a bench's server process (`BENCH_LOOP_MONITOR=<file>`, see server-process.ts):
 * once a second, while anything happens, one line appended to the file with what the main
 * thread's event loop did: the process's CPU (every thread's), the loop's delay (p50, p99, max),
 * the garbage collections (how many, their time, the longest, by kind), HTTP requests started,
 * connections accepted and closed, the bytes the closed ones had read, RSS, the JS heap in use
 * and the external memory (buffers). Counts that stay meaningful on a busy machine, where the
 * latencies do not: where the loop's time goes under a flood.
 */
import { subscribe } from "node:diagnostics_channel";
import { appendFileSync } from "node:fs";
import type { Socket } from "node:net";
import { monitorEventLoopDelay, type PerformanceEntry, PerformanceObserver } from "node:perf_hooks";
import { getHeapStatistics } from "node:v8";
import { isMainThread } from "node:worker_threads";

const out = process.env.BENCH_LOOP_MONITOR;
/** perf_hooks' kinds of collection (NODE_PERFORMANCE_GC_*). */
const KINDS: Record<number, string> = { 1: "minor", 4: "major", 8: "incremental", 16: "weak" };

function start(file: string) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const second = { gcCount: 0, gcMs: 0, gcMaxMs: 0, requests: 0, accepted: 0, closed: 0, bytesRead: 0 };
  const byKind = new Map<string, number>();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind =
        KINDS[(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0] ?? "other";
      byKind.set(kind, (byKind.get(kind) ?? 0) + entry.duration);
      second.gcCount++;
      second.gcMs += entry.duration;
      second.gcMaxMs = Math.max(second.gcMaxMs, entry.duration);
    }
  }).observe({ entryTypes: ["gc"] });
  subscribe("http.server.request.start", () => {
    second.requests++;
  });
  subscribe("net.server.socket", (message) => {
    const { socket } = message as { socket: Socket };
    second.accepted++;
    socket.once("close", () => {
      second.closed++;
      second.bytesRead += socket.bytesRead;
    });
  });
  let cpu = process.cpuUsage();
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  setInterval(() => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const busy = second.requests + second.accepted + second.closed > 0 || delay.max > 50e6;
    if (busy) {
      const kinds = [...byKind].map(([kind, total]) => `${kind}:${total.toFixed(0)}`).join(",");
      const memory = process.memoryUsage();
      appendFileSync(
        file,
        `${new Date().toISOString()} cpu ${((used.user + used.system) / 1000).toFixed(0)}ms` +
          ` lag p50 ${ms(delay.percentile(50))} p99 ${ms(delay.percentile(99))} max ${ms(delay.max)}` +
          ` gc ${second.gcCount}x ${second.gcMs.toFixed(0)}ms max ${second.gcMaxMs.toFixed(0)} kinds ${kinds || "-"}` +
          ` requests ${second.requests} accepted ${second.accepted} closed ${second.closed}` +
          ` readMiB ${(second.bytesRead / 1048576).toFixed(1)} rss ${(memory.rss / 1048576).toFixed(0)}` +
          ` heap ${(getHeapStatistics().used_heap_size / 1048576).toFixed(0)} ext ${(memory.external / 1048576).toFixed(0)}\n`,
      );
    }
    delay.reset();
    byKind.clear();
    Object.assign(second, {
      gcCount: 0,
      gcMs: 0,
      gcMaxMs: 0,
      requests: 0,
      accepted: 0,
      closed: 0,
      bytesRead: 0,
    });
  }, 1000).unref();
}

if (out && isMainThread) start(out);
