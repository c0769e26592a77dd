/**
 * `npm run backup [-- <file>]`: a consistent copy of the shop's database (DATABASE_URL, else the
 * embedded one in DATA_DIR, as the server reads them) in one gzipped file, restorable with
 * `npm run restore` into the embedded database or a PostgreSQL server. Default file:
 * haggle-backup-<date>.jsonl.gz where npm was started.
 *
 * A PostgreSQL server is copied while the shop runs (one snapshot). The embedded database is one
 * process: the backup takes its lock like a server does, so it refuses while the server runs,
 * and says so (stop the server, back up, start it again).
 * Exit codes: 0 written, 1 refused or failed (nothing left behind), 2 wrong usage.
 */
import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { invocationDir, parseEnv } from "../env.ts";
import { backupToFile } from "../platform/db/backup.ts";
import { describeTarget, openTarget } from "./db-target.ts";

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith("--"));
const unknown = args.filter((a) => a.startsWith("--"));
if (files.length > 1 || unknown.length > 0) {
  console.error("Usage: npm run backup [-- <file>]   (default: haggle-backup-<date>.jsonl.gz)");
  process.exit(2);
}
const stamp = new Date()
  .toISOString()
  .replaceAll(":", "-")
  .replace(/\.\d+Z$/, "Z");
const file = path.resolve(invocationDir(), files[0] ?? `haggle-backup-${stamp}.jsonl.gz`);
if (existsSync(file)) {
  console.error(`${file} already exists: give another file name (a backup never overwrites one).`);
  process.exit(1);
}

const env = parseEnv();
const target = { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR };
if (!target.databaseUrl && !existsSync(path.join(target.dataDir, "pglite"))) {
  console.error(
    `There is no embedded database in ${target.dataDir}. Set DATA_DIR to the shop's data folder (or DATABASE_URL to its PostgreSQL server).`,
  );
  process.exit(1);
}
const database = await openTarget(
  target,
  { migrate: false },
  "The embedded database can be copied consistently only while no server writes to it: stop the server, run `npm run backup`, then start the server again (a PostgreSQL server, DATABASE_URL, is backed up while the shop runs).",
);
const started = performance.now();
try {
  const { header, rows } = await backupToFile(database, file);
  const total = Object.values(rows).reduce((a, b) => a + b, 0);
  const size = (await stat(file)).size;
  console.log(
    `Backed up ${describeTarget(target)}: ${total} rows in ${header.tables.length} tables ` +
      `(${header.migrations.length} migrations applied) to ${file} ` +
      `(${(size / 1024).toFixed(0)} KiB, ${((performance.now() - started) / 1000).toFixed(1)} s).`,
  );
  for (const name of ["products", "orders", "user"]) {
    if (rows[name] !== undefined) console.log(`  ${name}: ${rows[name]}`);
  }
} catch (error) {
  const cause = (error as { cause?: unknown }).cause;
  console.error(
    `The backup failed and wrote no file: ${cause instanceof Error ? cause.message : (error as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
