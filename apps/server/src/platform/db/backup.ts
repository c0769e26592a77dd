/**
 * A consistent, portable copy of the shop's database, for `npm run backup` and `npm run restore`
 * (see docs/decisions/0009-backup-format.md). The file is gzipped lines:
 *
 *   H <header JSON: format, version, source, which migrations the data is at, tables and columns>
 *   T <table> <JSON array of rows, as PostgreSQL's row_to_json wrote them>   (many, parents first)
 *   E <trailer JSON: rows per table>                                          (a complete file ends so)
 *
 * Rows are read in one snapshot (REPEATABLE READ on a server; the embedded database is one
 * process, held by the backup's lock) and written back with json_populate_recordset, so each
 * value goes through PostgreSQL's own text forms and never through JavaScript numbers. The same
 * file restores into the embedded database or a PostgreSQL server, whichever made it.
 */
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, mkdtemp, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { type Database, type Db, MIGRATIONS_DIR, type Queryable } from "./client.ts";

export const BACKUP_FORMAT = "haggle-backup";
export const BACKUP_VERSION = 1;
/** Rows per line of the file (and per INSERT on restore). */
const BATCH_ROWS = 500;

export interface BackupTable {
  name: string;
  /** The columns written (generated columns are left out: PostgreSQL computes them again). */
  columns: string[];
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  source: Database["kind"];
  /** The migrations the data is at: drizzle's journal `when` of each, oldest first. */
  migrations: number[];
  /** Every table of the public schema, parents before the tables that reference them. */
  tables: BackupTable[];
}

/** Rows per table, as written (the trailer) or as read back. */
export type RowCounts = Record<string, number>;

/** A backup file that cannot be restored: unreadable, cut short, or not a Haggle backup. */
export class BackupFileError extends Error {
  override name = "BackupFileError";
}

/** What stands between a backup and the database it is to be restored into. */
export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

async function rowsOf<T>(q: Queryable, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers answer execute() with an object whose rows are the result's rows.
  return ((await q.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Rows an INSERT wrote: node-postgres says rowCount, PGlite affectedRows. */
function insertedCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const tableRef = (name: string) => sql.raw(`public.${ident(name)}`);

/** The tables of the public schema, each after the tables its foreign keys point to. */
async function tablesInLoadOrder(q: Queryable): Promise<BackupTable[]> {
  const names = (
    await rowsOf<{ name: string }>(
      q,
      sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
    )
  ).map((r) => r.name);
  const edges = await rowsOf<{ child: string; parent: string }>(
    q,
    sql`SELECT src.relname AS child, dst.relname AS parent FROM pg_constraint k
        JOIN pg_class src ON src.oid = k.conrelid JOIN pg_class dst ON dst.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = k.connamespace WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (n) => !placed.has(n) && [...(parents.get(n) ?? [])].every((p) => placed.has(p)),
    );
    if (ready.length === 0)
      throw new Error(
        `The foreign keys between these tables form a cycle: ${names.filter((n) => !placed.has(n)).join(", ")}`,
      );
    for (const n of ready) {
      placed.add(n);
      ordered.push(n);
    }
  }
  const tables: BackupTable[] = [];
  for (const name of ordered) {
    const columns = await rowsOf<{ name: string }>(
      q,
      sql`SELECT a.attname AS name FROM pg_attribute a
          WHERE a.attrelid = (SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                              WHERE n.nspname = 'public' AND c.relname = ${name})
            AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY a.attnum`,
    );
    tables.push({ name, columns: columns.map((c) => c.name) });
  }
  return tables;
}

/** The migrations a database is at (drizzle's journal `when` of each), oldest first; [] if none. */
export async function appliedMigrations(q: Queryable): Promise<number[]> {
  const [exists] = await rowsOf<{ found: boolean }>(
    q,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`,
  );
  if (!exists?.found) return [];
  const rows = await rowsOf<{ at: string }>(
    q,
    sql`SELECT created_at::text AS at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
  );
  return rows.map((r) => Number(r.at));
}

/**
 * A row's JSON on one line. row_to_json copies a `json` column's text as stored, whitespace and
 * all; a raw line break in valid JSON can only be whitespace (inside strings it is escaped).
 */
const oneLine = (json: string) => (/[\r\n]/.test(json) ? json.replace(/[\r\n]/g, " ") : json);

/**
 * Writes a backup of `database` to `file` (through `file.partial`, renamed once complete, so a
 * failed backup never leaves a file that looks whole). Returns the rows written per table.
 */
export async function backupToFile(
  database: Database,
  file: string,
): Promise<{ header: BackupHeader; rows: RowCounts }> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  // It holds password hashes and session tokens: readable by its owner only.
  const sink = createWriteStream(partial, { mode: 0o600 });
  gzip.pipe(sink);
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, "drain");
  };
  try {
    const result = await database.db.transaction(
      async (tx) => {
        const tables = await tablesInLoadOrder(tx);
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          source: database.kind,
          migrations: await appliedMigrations(tx),
          tables,
        };
        await write(`H\t${JSON.stringify(header)}`);
        const rows: RowCounts = {};
        for (const table of tables) {
          let count = 0;
          rows[table.name] = 0;
          if (table.columns.length === 0) continue;
          const columns = table.columns.map(ident).join(", ");
          await tx.execute(
            sql.raw(
              `DECLARE haggle_backup NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS j FROM (SELECT ${columns} FROM public.${ident(table.name)}) r`,
            ),
          );
          for (;;) {
            const batch = await rowsOf<{ j: string }>(tx, sql.raw(`FETCH ${BATCH_ROWS} FROM haggle_backup`));
            if (batch.length === 0) break;
            count += batch.length;
            rows[table.name] = count;
            await write(`T\t${table.name}\t[${batch.map((r) => oneLine(r.j)).join(",")}]`);
          }
          await tx.execute(sql.raw("CLOSE haggle_backup"));
        }
        await write(`E\t${JSON.stringify({ rows })}`);
        return { header, rows };
      },
      // One snapshot for every table, on a server that others keep writing to.
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    gzip.end();
    await once(sink, "close");
    // On disk before it is called complete.
    const written = await open(partial, "r+");
    try {
      await written.sync();
    } finally {
      await written.close();
    }
    await rename(partial, file);
    return result;
  } catch (error) {
    gzip.destroy();
    sink.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

type Line =
  | { kind: "H"; header: BackupHeader }
  | { kind: "T"; table: string; rowsJson: string }
  | { kind: "E"; rows: RowCounts };

async function* readLines(file: string): AsyncGenerator<Line> {
  const input = createReadStream(file).pipe(createGunzip());
  let first = true;
  try {
    for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (line === "") continue;
      const tab = line.indexOf("\t");
      const kind = line.slice(0, tab);
      const rest = line.slice(tab + 1);
      if (first && kind !== "H")
        throw new BackupFileError(`${file} is not a Haggle backup (it has no header).`);
      first = false;
      if (kind === "H") yield { kind, header: JSON.parse(rest) as BackupHeader };
      else if (kind === "T") {
        const at = rest.indexOf("\t");
        yield { kind, table: rest.slice(0, at), rowsJson: rest.slice(at + 1) };
      } else if (kind === "E") yield { kind, rows: (JSON.parse(rest) as { rows: RowCounts }).rows };
      else
        throw new BackupFileError(
          `${file} has a line this version of Haggle does not know ("${kind.slice(0, 20)}").`,
        );
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`${file} cannot be read as a Haggle backup: ${(error as Error).message}`);
  }
  if (first) throw new BackupFileError(`${file} is empty.`);
}

/**
 * Reads the whole file once before anything is changed: its header, and the rows per table of
 * its trailer, which must match the rows it holds (a file cut short has no trailer).
 */
export async function inspectBackup(file: string): Promise<{ header: BackupHeader; rows: RowCounts }> {
  let header: BackupHeader | null = null;
  const counted: RowCounts = {};
  for await (const line of readLines(file)) {
    if (line.kind === "H") {
      header = line.header;
      if (header.format !== BACKUP_FORMAT) throw new BackupFileError(`${file} is not a Haggle backup.`);
      if (header.version > BACKUP_VERSION)
        throw new BackupFileError(
          `${file} was written by a newer Haggle (backup format ${header.version}); upgrade to restore it.`,
        );
    } else if (line.kind === "T") {
      // Counting objects is enough here; the rows themselves are parsed by PostgreSQL on restore.
      counted[line.table] = (counted[line.table] ?? 0) + (JSON.parse(line.rowsJson) as unknown[]).length;
    } else {
      if (!header) throw new BackupFileError(`${file} is not a Haggle backup (it has no header).`);
      for (const table of header.tables) {
        if ((counted[table.name] ?? 0) !== (line.rows[table.name] ?? 0))
          throw new BackupFileError(
            `${file} is damaged: table ${table.name} should have ${line.rows[table.name]} rows and has ${counted[table.name] ?? 0}.`,
          );
      }
      return { header, rows: line.rows };
    }
  }
  throw new BackupFileError(
    `${file} is incomplete (it ends before its last line): the backup that wrote it did not finish.`,
  );
}

/** The committed migrations this code knows, from drizzle's journal. */
export async function journal(): Promise<JournalEntry[]> {
  const text = await readFile(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8");
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

/**
 * A migrations folder with exactly the migrations the backup's data is at, so its rows go into
 * the tables they were read from; the server applies the newer ones when it starts. Refuses a
 * backup made by a Haggle with migrations this one does not have. The caller removes the folder.
 */
export async function migrationsFolderFor(
  header: BackupHeader,
): Promise<{ folder: string; applied: number; known: number }> {
  const entries = await journal();
  const known = new Set(entries.map((e) => e.when));
  const unknown = header.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0)
    throw new RestoreRefusedError(
      `This backup was made by a newer Haggle: its data is at ${unknown.length} migration(s) this version does not have. Upgrade Haggle, then restore.`,
    );
  const wanted = new Set(header.migrations);
  const subset = entries.filter((e) => wanted.has(e.when));
  const folder = await mkdtemp(path.join(tmpdir(), "haggle-restore-migrations-"));
  await mkdir(path.join(folder, "meta"));
  for (const e of subset)
    await copyFile(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  await writeFile(
    path.join(folder, "meta", "_journal.json"),
    JSON.stringify({ version: "7", dialect: "postgresql", entries: subset }),
  );
  return { folder, applied: subset.length, known: entries.length };
}

/** Whether the database has any Haggle tables (or any table at all in its public schema). */
export async function hasTables(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'p')`,
  );
  return Number(row?.n ?? 0) > 0;
}

/** Drops everything in the public schema and drizzle's migration record (restore --force). */
export async function wipeDatabase(db: Db): Promise<void> {
  await db.execute(sql.raw("DROP SCHEMA IF EXISTS drizzle CASCADE"));
  await db.execute(sql.raw("DROP SCHEMA IF EXISTS public CASCADE"));
  await db.execute(sql.raw("CREATE SCHEMA public"));
}

/**
 * Loads the backup's rows into a database migrated to the backup's migrations, in one
 * transaction: either every row is there, or none. The tables' own triggers (slugs, facet
 * counts, the catalogue version) are off meanwhile, since their results are in the backup too,
 * and the rows the migrations inserted give way to the backup's;
 * foreign keys stay checked (parents are loaded first). Sequences continue after the
 * highest restored value. Returns the rows loaded per table.
 */
export async function loadBackup(db: Db, file: string, header: BackupHeader): Promise<RowCounts> {
  const columns = new Map(header.tables.map((t) => [t.name, t.columns]));
  return db.transaction(async (tx) => {
    const loaded: RowCounts = {};
    for (const table of header.tables)
      await tx.execute(sql`ALTER TABLE ${tableRef(table.name)} DISABLE TRIGGER USER`);
    // Migrations insert a few rows of their own (the catalogue version, facet counts); the
    // backup has those rows as they were.
    await tx.execute(sql.raw(`TRUNCATE ${header.tables.map((t) => `public.${ident(t.name)}`).join(", ")}`));
    for await (const line of readLines(file)) {
      if (line.kind !== "T") continue;
      const cols = columns.get(line.table);
      if (!cols)
        throw new BackupFileError(`${file} has rows for a table its header does not list (${line.table}).`);
      const list = sql.raw(cols.map(ident).join(", "));
      const result = await tx.execute(
        sql`INSERT INTO ${tableRef(line.table)} (${list}) OVERRIDING SYSTEM VALUE
            SELECT ${list} FROM json_populate_recordset(NULL::${tableRef(line.table)}, ${line.rowsJson}::json)`,
      );
      loaded[line.table] = (loaded[line.table] ?? 0) + insertedCount(result);
    }
    for (const table of header.tables)
      await tx.execute(sql`ALTER TABLE ${tableRef(table.name)} ENABLE TRIGGER USER`);
    const sequences = await rowsOf<{ tbl: string; col: string; seq: string }>(
      tx,
      sql`SELECT c.relname AS tbl, a.attname AS col, pg_get_serial_sequence(format('public.%I', c.relname), a.attname) AS seq
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
          WHERE n.nspname = 'public' AND c.relkind = 'r'
            AND pg_get_serial_sequence(format('public.%I', c.relname), a.attname) IS NOT NULL`,
    );
    for (const s of sequences) {
      await tx.execute(
        sql`SELECT setval(${s.seq}, COALESCE((SELECT max(${sql.raw(ident(s.col))}) FROM ${tableRef(s.tbl)}), 0) + 1, false)`,
      );
    }
    return loaded;
  });
}
