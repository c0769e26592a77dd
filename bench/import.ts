/**
 * The product import alone (the goal: 100,000 products from a Shopify CSV in
 * ≤ 90 s on a PostgreSQL server, ≤ 5 min embedded, memory flat): for each size and database, a
 * fresh empty database, then `npm run import -- products.csv --no-embed` as its own process
 * (bench/lib/scale-import.ts: wall time, the import's own time and products/s, peak RSS from GNU
 * time), then, with BENCH_IMPORT_AGAIN=1, the same file again (every row an update). The CSV is
 * the scale bench's generated catalogue (seeded, deterministic), written once per size. Nothing
 * is asserted; the load average is printed with each run.
 *
 * Run: npm run bench:import
 * Environment: BENCH_IMPORT_SIZES (10000,100000), BENCH_IMPORT_DATABASES (postgres,embedded),
 * BENCH_IMPORT_REPEAT (1), BENCH_IMPORT_AGAIN (0), BENCH_IMPORT_VARIANTS (0; 1: sizes as variant rows), BENCH_IMPORT_BATCH (the import's own batch size
 * unless given: `--batch-size=N`), EMBEDDED_CACHE_MB (as the server reads it), BENCH_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/postgres: the server imported into, and the one whose
 * SELECT generates the CSV).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../apps/server/src/testing.ts";
import { importCsv, writeGeneratedCsv } from "./lib/scale-import.ts";
import { withFreshServerDatabase } from "./lib/server-process.ts";

const SIZES = (process.env.BENCH_IMPORT_SIZES ?? "10000,100000").split(",").map(Number);
const DATABASES = (process.env.BENCH_IMPORT_DATABASES ?? "postgres,embedded").split(",");
const REPEAT = Number(process.env.BENCH_IMPORT_REPEAT ?? 1);
const AGAIN = process.env.BENCH_IMPORT_AGAIN === "1";
const BATCH = process.env.BENCH_IMPORT_BATCH;
/** Each product with its sizes as variant rows (5 a product on average: 500,000 rows at 100,000). */
const VARIANTS = process.env.BENCH_IMPORT_VARIANTS === "1";
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

const dir = mkdtempSync(path.join(tmpdir(), "haggle-import-bench-"));
const rows: string[] = [];
try {
  for (const size of SIZES) {
    const file = path.join(dir, `products-${size}.csv`);
    await writeGeneratedCsv(SERVER_URL, 1, size, file, VARIANTS);
    for (let round = 1; round <= REPEAT; round++) {
      for (const database of DATABASES) {
        const run = async (env: Record<string, string>) => {
          // Migrated first (as a started server leaves it), so the import's time is the import's.
          const migrated = await openDatabase({
            ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR }),
            statementTimeoutMs: 0,
          });
          await migrated.close();
          const passes = AGAIN ? ["first", "again"] : ["first"];
          for (const pass of passes) {
            const before = load();
            const r = await importCsv(file, env, BATCH ? [`--batch-size=${BATCH}`] : []);
            const own = /in ([\d.]+) s \((\d+) products\/s\)/.exec(r.summary);
            const line = `| ${database} | ${size.toLocaleString("en")} | ${pass} | ${own?.[1] ?? "?"} | ${own?.[2] ?? "?"} | ${r.seconds.toFixed(1)} | ${r.peakRssMb.toFixed(0)} | ${before} |`;
            console.log(line);
            rows.push(line);
          }
        };
        if (database === "postgres")
          await withFreshServerDatabase(SERVER_URL, (url) => run({ DATABASE_URL: url }));
        else {
          const dataDir = mkdtempSync(path.join(tmpdir(), "haggle-import-bench-db-"));
          try {
            await run({ DATA_DIR: dataDir });
          } finally {
            rmSync(dataDir, { recursive: true, force: true });
          }
        }
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  "\n| database | products | pass | import s | products/s | process s | peak RSS MiB | load (1/5/15 min) |\n| --- | --- | --- | --- | --- | --- | --- | --- |",
);
for (const r of rows) console.log(r);
