/**
 * Migrated, empty databases that test servers start as copies of, so that each suite does not
 * pay for initdb and every migration again: a fresh embedded database took 6–10 s to open and
 * migrate on a busy 2-core machine, a copy of the template about 1 s; on the PostgreSQL server
 * `CREATE DATABASE … TEMPLATE` saves the migrations (about 1 s per database).
 *
 * Templates are keyed by the migrations' contents (and PGlite's version), so a new migration
 * makes a new template. Seeded templates (the migrated database plus what a first start seeds:
 * the catalogue and the seller's configuration) are keyed by every source file of the server as
 * well, since the seed is made by that code: test servers that seed start from them (seeding
 * took 4–12 s of each embedded test server on a busy machine).
 */
import { createHash, randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { seedIfEmpty } from "../../src/modules/admin/index.ts";
import { type Database, type Db, MIGRATIONS_DIR, openDatabase } from "../../src/platform/db/client.ts";
import { DEFAULT_EMBEDDED_CACHE_MB, startPglite } from "../../src/platform/db/embedded-pglite.ts";

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    )
    .sort();
}

let key: string | null = null;

/** A short hash of every migration file and the embedded database's version. */
export function migrationsKey(): string {
  if (key) return key;
  const hash = createHash("sha256");
  // The package's entry is dist/index.*; its package.json (not exported) is beside dist/.
  const pgliteEntry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  hash.update(readFileSync(path.join(path.dirname(pgliteEntry), "..", "package.json")));
  // How the template is made (checkpointed before its dump): a change there makes a new one too.
  hash.update("checkpointed");
  for (const file of filesUnder(MIGRATIONS_DIR)) {
    hash.update(path.relative(MIGRATIONS_DIR, file));
    hash.update(readFileSync(file));
  }
  key = hash.digest("hex").slice(0, 16);
  return key;
}

const REPO = path.resolve(import.meta.dirname, "../../../..");
/** The code a seed runs: the server's, and the packages it imports (the domain's rules, the contract). */
const SEED_SOURCES = ["apps/server/src", "packages/domain/src", "packages/contract/src"];
let sourcesKey: string | null = null;

/** A short hash of the migrations and of every source file a seed runs (the server and its packages). */
export function serverSourcesKey(): string {
  if (sourcesKey) return sourcesKey;
  const hash = createHash("sha256");
  hash.update(migrationsKey());
  for (const file of SEED_SOURCES.flatMap((dir) => filesUnder(path.join(REPO, dir)))) {
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(path.relative(REPO, file));
    hash.update(readFileSync(file));
  }
  sourcesKey = hash.digest("hex").slice(0, 16);
  return sourcesKey;
}

const embeddedTemplates = new Map<"migrated" | "seeded", Promise<string>>();

/**
 * A template another checkout's test run last used this long ago is removed when a new one is
 * made. Removing every other template at once broke a run of another checkout of different
 * migrations going on at the same time (its next test found its template gone).
 */
const TEMPLATE_UNUSED_MS = 24 * 60 * 60_000;

/**
 * The path of a dump of a migrated embedded database, empty or `seeded` (made once per key and
 * kept in the system's temporary folder; parallel test processes may both make it, the last
 * rename wins with identical content).
 */
export function migratedEmbeddedTemplate(kind: "migrated" | "seeded" = "migrated"): Promise<string> {
  let made = embeddedTemplates.get(kind);
  if (made) return made;
  made = (async () => {
    const dir = path.join(tmpdir(), "haggle-test-templates");
    const file = path.join(
      dir,
      kind === "seeded" ? `embedded-seeded-${serverSourcesKey()}.tar` : `embedded-${migrationsKey()}.tar`,
    );
    if (existsSync(file)) {
      // Its modification time says when a run last used it.
      const now = new Date();
      utimesSync(file, now, now);
      return file;
    }
    mkdirSync(dir, { recursive: true });
    const pglite = await startPglite({
      cacheMb: DEFAULT_EMBEDDED_CACHE_MB,
      ...(kind === "seeded" ? { template: await migratedEmbeddedTemplate() } : {}),
    });
    try {
      if (kind === "seeded") await seedIfEmpty(drizzle(pglite) as unknown as Db);
      else await migrate(drizzle(pglite), { migrationsFolder: MIGRATIONS_DIR });
      // A dump of a running database opens with crash recovery, which replays the WAL written
      // since the last checkpoint (every migration) on each copy: checkpoint first, replay nothing.
      await pglite.exec("CHECKPOINT");
      const dump = await pglite.dumpDataDir("none");
      const partial = `${file}.${randomUUID()}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      // Templates of earlier code are of no more use (about 40 MB each) once no run uses them.
      for (const old of readdirSync(dir)) {
        const oldFile = path.join(dir, old);
        if (!/^embedded-(seeded-)?[0-9a-f]{16}\.tar$/.test(old) || oldFile === file) continue;
        const unused = Date.now() - (statSync(oldFile, { throwIfNoEntry: false })?.mtimeMs ?? 0);
        if (unused > TEMPLATE_UNUSED_MS) rmSync(oldFile, { force: true });
      }
    } finally {
      await pglite.close();
    }
    return file;
  })();
  embeddedTemplates.set(kind, made);
  return made;
}

/** Any number from the key, for the advisory lock that lets one process make the server template. */
const TEMPLATE_LOCK = 0x4867_6c54;

/**
 * The template database `name` on the test server, made once under an advisory lock (other
 * templates of its `family` unused for a day are dropped when a new one is made): created from
 * `from` (or empty), filled by `fill` through its own connection, and renamed when complete, so
 * a crash never leaves half a template.
 */
async function serverTemplate(
  adminUrl: string,
  template: {
    name: string;
    family: string;
    from: string | null;
    fill: (database: Database) => Promise<void>;
  },
): Promise<string> {
  const { name, family, from, fill } = template;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) {
      // A template's comment says when a run last used it (below); one without is older still.
      const old = await admin.query<{ datname: string; used: string | null }>(
        `SELECT datname, shobj_description(oid, 'pg_database') AS used FROM pg_database
          WHERE datname LIKE $1`,
        [`${family.replaceAll("_", "\\_")}%`],
      );
      for (const { datname, used } of old.rows)
        if (Date.now() - (Number(used) || 0) > TEMPLATE_UNUSED_MS)
          await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}${from ? ` TEMPLATE ${from}` : ""}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({
        databaseUrl: url.toString(),
        poolSize: 1,
        statementTimeoutMs: 0,
        migrate: from === null,
      });
      try {
        await fill(database);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
    await admin.query(`COMMENT ON DATABASE ${name} IS '${Date.now()}'`);
  } finally {
    await admin.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK]).catch(() => {});
    await admin.end();
  }
  return name;
}

/**
 * The first part of every database name the tests make on the PostgreSQL server
 * (TEST_DATABASE_PREFIX, "haggle" unless set): several people sharing one server keep apart.
 */
export function testDatabasePrefix(): string {
  const prefix = process.env.TEST_DATABASE_PREFIX ?? "haggle";
  if (!/^[a-z][a-z0-9_]*$/.test(prefix))
    throw new Error("TEST_DATABASE_PREFIX: lower-case letters, digits and _ only");
  return prefix;
}

/** The name of a migrated, empty database on the test server (made once per set of migrations). */
export function migratedServerTemplate(adminUrl: string): Promise<string> {
  return serverTemplate(adminUrl, {
    name: `${testDatabasePrefix()}_template_${migrationsKey()}`,
    family: `${testDatabasePrefix()}_template_`,
    from: null,
    // Opening it migrated it.
    fill: async () => {},
  });
}

/**
 * The name of a database on the test server that is the migrated template plus what a first
 * start seeds (made once per version of the server's code).
 */
export async function seededServerTemplate(adminUrl: string): Promise<string> {
  const migrated = await migratedServerTemplate(adminUrl);
  return serverTemplate(adminUrl, {
    name: `${testDatabasePrefix()}_seeded_${serverSourcesKey()}`,
    family: `${testDatabasePrefix()}_seeded_`,
    from: migrated,
    fill: async (database) => {
      await seedIfEmpty(database.db);
    },
  });
}
