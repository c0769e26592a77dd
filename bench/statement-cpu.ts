/**
 * The PostgreSQL server's CPU time per run of SQL statements, for comparing two forms of a
 * statement on a loaded machine: wall-clock figures of one statement swing several-fold with
 * the load, the backend's own CPU time (utime + stime from /proc, in clock ticks of 10 ms, so
 * at least 100 runs) much less. Each file holds one statement (values inlined); the files run
 * in turn, a fifth of the runs each, five times over (interleaved), on one connection without
 * parallel workers (as the catalogue's counts run). Prints CPU ms per run and the wall-clock
 * minimum and median. Linux only; the server must be on this machine.
 *
 * Run: npx tsx bench/statement-cpu.ts <database url> <runs> a.sql b.sql ...
 */
import { readFileSync } from "node:fs";
import pg from "pg";

const [url, runsText, ...files] = process.argv.slice(2);
const runs = Number(runsText);
if (!url || !Number.isInteger(runs) || runs < 5 || files.length === 0) {
  console.error("usage: npx tsx bench/statement-cpu.ts <database url> <runs, at least 5> a.sql b.sql ...");
  process.exit(2);
}
const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query("set max_parallel_workers_per_gather = 0");
const pid = (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]?.pid;

/** The backend's user + system time so far, in clock ticks (fields 14 and 15 of /proc/<pid>/stat). */
function ticks(): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

const texts = files.map((f) => readFileSync(f, "utf8"));
for (const text of texts) await client.query(text);
const cpu = files.map(() => 0);
const wall: number[][] = files.map(() => []);
for (let round = 0; round < 5; round++)
  for (const [k, text] of texts.entries()) {
    const before = ticks();
    for (let i = 0; i < runs / 5; i++) {
      const started = performance.now();
      await client.query(text);
      wall[k]?.push(performance.now() - started);
    }
    cpu[k] = (cpu[k] ?? 0) + ticks() - before;
  }
for (const [k, file] of files.entries()) {
  const times = (wall[k] ?? []).sort((a, b) => a - b);
  console.log(
    `${file}: CPU ${(((cpu[k] ?? 0) * 10) / runs).toFixed(2)} ms a run; wall min ${times[0]?.toFixed(2)} ms, median ${times[Math.floor(times.length / 2)]?.toFixed(2)} ms`,
  );
}
await client.end();
