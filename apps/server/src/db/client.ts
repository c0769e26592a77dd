import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** Both drivers expose the same query builder; code above this file never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a transaction callback receives; it has the same query builder as Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "embedded" | "postgres";
  /** Whether vectors can be ranked inside the database (pgvector); otherwise exact ranking in code. */
  hasPgvector: boolean;
  /** The pool of the PostgreSQL server, for LISTEN/NOTIFY; null on the embedded database. */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, "migrations");

// numeric columns come back as strings (exact); keep int8 counts as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
  /** Run the committed migrations before returning (start-up does; some tools do not). */
  migrate?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl ? openServer(options.databaseUrl, options) : openEmbedded(options);
}

async function openEmbedded(options: OpenOptions): Promise<Database> {
  // An in-memory database when no folder is given (tests); otherwise a persistent folder.
  const dataDir = options.dataDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ? path.join(dataDir, "pglite") : undefined, {
    // A data folder must be reopened with the same extensions it was created with.
    extensions: { vector, pg_trgm },
  });
  await client.exec("CREATE EXTENSION IF NOT EXISTS vector;");
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (options.migrate !== false)
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: "embedded",
    hasPgvector: true,
    pool: null,
    close: async () => {
      await client.close();
    },
  };
}

async function openServer(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const client = await pool.connect();
  let hasPgvector = false;
  try {
    // Several processes may start together: one migrates while the others wait on the lock.
    await client.query("SELECT pg_advisory_lock(7243001)");
    try {
      const available = await client.query(
        "SELECT 1 FROM pg_available_extensions WHERE name = 'vector' LIMIT 1",
      );
      if (available.rowCount) {
        await client.query("CREATE EXTENSION IF NOT EXISTS vector");
        hasPgvector = true;
      }
      if (options.migrate !== false)
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query("SELECT pg_advisory_unlock(7243001)");
    }
  } finally {
    client.release();
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    hasPgvector,
    pool,
    close: async () => {
      await pool.end();
    },
  };
}

/** A cheap round trip, for the health check. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
