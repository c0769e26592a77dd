/**
 * `npm run restore -- <file> [--force]`: loads a backup made by `npm run backup` into the shop's
 * database (DATABASE_URL, else the embedded one in DATA_DIR), from either kind into either kind.
 * The database must have no tables (a fresh DATA_DIR, or a database just made with createdb);
 * --force first drops everything in the target's public schema. The file is read through
 * once before anything changes; the rows go in in one transaction. The data keeps the backup's
 * migrations; the server applies newer ones when it starts.
 * Exit codes: 0 restored, 1 refused or failed, 2 wrong usage.
 */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { invocationDir, parseEnv } from "../env.ts";
import {
  BackupFileError,
  hasTables,
  inspectBackup,
  loadBackup,
  migrationsFolderFor,
  RestoreRefusedError,
  wipeDatabase,
} from "../platform/db/backup.ts";
import { capitalized, describeTarget, openTarget } from "./db-target.ts";

/** The database's own sentence, not the query drizzle wraps it in. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : (error as Error).message;
}

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith("--"));
const flags = args.filter((a) => a.startsWith("--"));
const force = flags.includes("--force");
if (files.length !== 1 || flags.some((f) => f !== "--force")) {
  console.error("Usage: npm run restore -- <backup file> [--force]");
  process.exit(2);
}
const file = path.resolve(invocationDir(), files[0] as string);
if (!existsSync(file)) {
  console.error(`No such file: ${file}`);
  process.exit(2);
}

const env = parseEnv();
const target = { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR };
const whenLocked = "Stop the server before restoring into its data folder, or restore into another DATA_DIR.";
const started = performance.now();
let migrations: Awaited<ReturnType<typeof migrationsFolderFor>> | null = null;
/** Whether the target has been given the backup's tables (a failure after that leaves them empty). */
let migrated = false;
try {
  const { header, rows } = await inspectBackup(file);
  migrations = await migrationsFolderFor(header);
  const probe = await openTarget(target, { migrate: false }, whenLocked);
  try {
    if (await hasTables(probe.db)) {
      if (!force)
        throw new RestoreRefusedError(
          `${capitalized(describeTarget(target))} is not empty. Restore into a fresh DATA_DIR or a new database (createdb), or add --force to replace everything in it.`,
        );
      await wipeDatabase(probe.db);
      console.log(`--force: emptied ${describeTarget(target)}.`);
    }
  } finally {
    await probe.close();
  }
  const database = await openTarget(target, { migrationsFolder: migrations.folder }, whenLocked);
  migrated = true;
  try {
    const loaded = await loadBackup(database.db, file, header);
    for (const table of header.tables) {
      if ((loaded[table.name] ?? 0) !== (rows[table.name] ?? 0))
        throw new Error(
          `table ${table.name}: ${loaded[table.name] ?? 0} rows loaded, the backup has ${rows[table.name]}`,
        );
    }
  } finally {
    await database.close();
  }
  const total = Object.values(rows).reduce((a, b) => a + b, 0);
  const newer = migrations.known - migrations.applied;
  console.log(
    `Restored ${total} rows in ${header.tables.length} tables into ${describeTarget(target)} from ${file} ` +
      `(a backup of the ${header.source === "embedded" ? "embedded database" : "PostgreSQL server"} made ${header.createdAt}) ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s.` +
      (newer > 0 ? ` The server applies the ${newer} newer migration(s) when it starts.` : ""),
  );
} catch (error) {
  if (error instanceof BackupFileError || error instanceof RestoreRefusedError) console.error(error.message);
  else console.error(`The restore failed: ${causeOf(error)}`);
  if (migrated)
    console.error(
      `None of the backup's rows were loaded, but ${describeTarget(target)} now has the (empty) tables: once the cause is fixed, restore again with --force.`,
    );
  process.exitCode = 1;
} finally {
  if (migrations) await rm(migrations.folder, { recursive: true, force: true });
}
