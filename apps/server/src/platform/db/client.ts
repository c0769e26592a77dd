import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { CancellablePool } from "./cancellable-pool.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { DEFAULT_EMBEDDED_CACHE_MB, startPglite, WORD_SIMILARITY_THRESHOLD } from "./embedded-pglite.ts";
import { EmbeddedWorkerClient } from "./embedded-thread.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** Both drivers expose the same query builder; code above this file never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a transaction callback receives; it has the same query builder as Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What a store reads or writes through: the database, or the caller's transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: "embedded" | "postgres";
  /** Whether vectors can be ranked inside the database (pgvector); otherwise exact ranking in code. */
  hasPgvector: boolean;
  /** The pool of the PostgreSQL server; null on the embedded database. */
  pool: pg.Pool | null;
  /**
   * Receives NOTIFY payloads on a channel (pg_notify from any process sharing the database);
   * returns a function that stops listening.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * A cheap round trip for the health check. On the PostgreSQL server it has its own
   * connection, so a pool held by slow queries does not make a healthy database look dead;
   * it fails when the database does not answer within a few seconds.
   */
  ping(): Promise<void>;
  /**
   * The query builder for one request's heavy work (a catalogue search): on the PostgreSQL
   * server, its running queries are cancelled when `signal` aborts (the client went away). The
   * embedded database runs each query to its end (PGlite cannot be interrupted), so there it is
   * `db`; work not yet started is dropped by the query gate.
   */
  cancellable(signal: AbortSignal): Db;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, "migrations");

// numeric columns come back as strings (exact); keep int8 counts as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export {
  DEFAULT_EMBEDDED_CACHE_MB,
  embeddedDatabaseExists,
  embeddedStartParams,
  WORD_SIMILARITY_THRESHOLD,
} from "./embedded-pglite.ts";
/** Longest a query of the PostgreSQL server pool may run (migrations lift it on their connection). */
export const STATEMENT_TIMEOUT_MS = 15_000;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** shared_buffers of the embedded database in MiB (DEFAULT_EMBEDDED_CACHE_MB). */
  embeddedCacheMb?: number;
  poolSize?: number;
  /** Run the committed migrations before returning (start-up does; some tools do not). */
  migrate?: boolean;
  /** Where the migrations are read from (MIGRATIONS_DIR; a restore migrates only up to its backup's). */
  migrationsFolder?: string;
  /** statement_timeout of the server pool (STATEMENT_TIMEOUT_MS; 0 for tools that load in bulk). */
  statementTimeoutMs?: number;
  /** Sees every query of the returned db with its parameters (the query-plan test explains them). */
  logQuery?: (query: string, params: unknown[]) => void;
  /** Called after each sync to disk of a file of the embedded database (the durability test counts them). */
  onEmbeddedSync?: () => void;
  /**
   * Where the embedded database runs: its own worker thread (the default), or this thread
   * ("main", which saves a thread's start-up and memory for tools and tests that ask for it).
   */
  embeddedThread?: "worker" | "main";
  /** An in-memory embedded database starts as a copy of this dump (see EmbeddedStart.template). */
  embeddedTemplate?: string;
}

function drizzleLogger(options: OpenOptions) {
  const logQuery = options.logQuery;
  return logQuery ? { logger: { logQuery } } : {};
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl ? openServer(options.databaseUrl, options) : openEmbedded(options);
}

async function openEmbedded(options: OpenOptions): Promise<Database> {
  // An in-memory database when no folder is given (tests); otherwise a persistent folder.
  const dataDir = options.dataDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // One process per data folder: a second one would write the same files unseen.
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite | EmbeddedWorkerClient;
  try {
    const start = {
      dataDir,
      cacheMb: options.embeddedCacheMb ?? DEFAULT_EMBEDDED_CACHE_MB,
      template: dataDir ? undefined : options.embeddedTemplate,
    };
    client =
      options.embeddedThread === "main"
        ? await startPglite({ ...start, onSync: options.onEmbeddedSync })
        : await EmbeddedWorkerClient.start(start, options.onEmbeddedSync);
  } catch (error) {
    unlock();
    throw error;
  }
  // drizzle's PGlite driver calls query, exec and transaction, which the worker's client has too.
  const pglite = client as PGlite;
  const db = drizzlePglite(pglite, { schema, ...drizzleLogger(options) }) as unknown as Db;
  if (options.migrate !== false)
    await migratePglite(drizzlePglite(pglite), {
      migrationsFolder: options.migrationsFolder ?? MIGRATIONS_DIR,
    });
  return {
    db,
    kind: "embedded",
    hasPgvector: true,
    pool: null,
    listen: async (channel, handler) => {
      const stop = await client.listen(channel, handler);
      return async () => {
        await stop();
      };
    },
    // On the worker: a thread busy with a query is alive (it cannot answer until the query ends).
    ping: () => (client instanceof EmbeddedWorkerClient ? client.ping() : pingDatabase(db)),
    cancellable: () => db,
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

async function openServer(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD} -c statement_timeout=${options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS}`,
  });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const client = await pool.connect();
  let hasPgvector = false;
  try {
    // Several processes may start together: one migrates while the others wait on the lock.
    // Building an index on a large catalogue may take longer than a request may.
    await client.query("SET statement_timeout = 0");
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
        await migrateNodePg(drizzleNodePg(client), {
          migrationsFolder: options.migrationsFolder ?? MIGRATIONS_DIR,
        });
    } finally {
      await client.query("SELECT pg_advisory_unlock(7243001)");
    }
  } finally {
    await client
      .query(`SET statement_timeout = ${options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS}`)
      .catch(() => {});
    client.release();
  }
  const db = drizzleNodePg(pool, { schema, ...drizzleLogger(options) }) as unknown as Db;
  const listener = new ServerListener(url);
  const health = new HealthConnection(url);
  // Cancels go through a connection of their own: the pool may be full of what they cancel.
  const canceller = new HealthConnection(url);
  const cancel = async (pid: number) => {
    await canceller.run("SELECT pg_cancel_backend($1)", [pid]);
  };
  return {
    db,
    kind: "postgres",
    hasPgvector,
    pool,
    listen: (channel, handler) => listener.listen(channel, handler),
    ping: () => health.ping(),
    cancellable: (signal) =>
      drizzleNodePg(new CancellablePool(pool, signal, cancel) as unknown as pg.Pool, {
        schema,
        ...drizzleLogger(options),
      }) as unknown as Db,
    close: async () => {
      await canceller.close();
      await health.close();
      await listener.close();
      await pool.end();
    },
  };
}

/** A cheap round trip, for the health check. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Longest the health check waits for the database. */
const HEALTH_TIMEOUT_MS = 3000;

/**
 * A connection of its own to the PostgreSQL server, opened again after a failure: the health
 * check's, and the one cancels are sent through.
 */
export class HealthConnection {
  private client: Promise<pg.Client> | null = null;

  constructor(private readonly url: string) {}

  private connect(): Promise<pg.Client> {
    this.client ??= (async () => {
      const client = new pg.Client({
        connectionString: this.url,
        connectionTimeoutMillis: HEALTH_TIMEOUT_MS,
        statement_timeout: HEALTH_TIMEOUT_MS,
        query_timeout: HEALTH_TIMEOUT_MS,
      });
      client.on("error", () => this.drop(client));
      await client.connect();
      return client;
    })();
    this.client.catch(() => {
      this.client = null;
    });
    return this.client;
  }

  private drop(client: pg.Client) {
    this.client = null;
    void client.end().catch(() => {});
  }

  private inFlight: Promise<void> | null = null;

  /** Health checks arriving together share one round trip (one query at a time per connection). */
  ping(): Promise<void> {
    this.inFlight ??= this.roundTrip().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private roundTrip(): Promise<void> {
    return this.run("select 1");
  }

  /** The statement running on this connection now, or settled: the next one starts after it. */
  private last: Promise<unknown> = Promise.resolve();

  /**
   * One statement on this connection, after the one before it: node-postgres queues a query
   * sent while another runs only with a deprecation warning (pg 9 will refuse it), and cancels
   * of abandoned searches (pg_cancel_backend) and health checks arrive together.
   */
  run(text: string, values: unknown[] = []): Promise<void> {
    const next = this.last.then(() => this.runNow(text, values));
    this.last = next.catch(() => {});
    return next;
  }

  private async runNow(text: string, values: unknown[]): Promise<void> {
    const client = await this.connect();
    try {
      await client.query(text, values);
    } catch (error) {
      this.drop(client);
      throw error;
    }
  }

  async close() {
    const client = await this.client?.catch(() => null);
    this.client = null;
    await client?.end().catch(() => {});
  }
}

/**
 * One LISTEN connection per process, shared by every subscriber; it reconnects after a lost
 * connection and listens again on every channel.
 */
class ServerListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private closed = false;

  constructor(private readonly url: string) {}

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on("notification", (n) => {
        for (const handler of this.handlers.get(n.channel) ?? []) handler(n.payload ?? "");
      });
      client.on("error", () => this.reconnect());
      client.on("end", () => this.reconnect());
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
      this.client = client;
      this.connecting = null;
      return client;
    })();
    return this.connecting;
  }

  private reconnect() {
    if (this.closed || !this.client) return;
    this.client = null;
    setTimeout(() => {
      if (!this.closed && this.handlers.size > 0) void this.connection().catch(() => this.reconnectLater());
    }, 500).unref();
  }

  private reconnectLater() {
    this.client = null;
    this.connecting = null;
    setTimeout(() => {
      if (!this.closed) void this.connection().catch(() => this.reconnectLater());
    }, 2000).unref();
  }

  async listen(channel: string, handler: (payload: string) => void) {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    const client = await this.connection();
    if (first) await client.query(`LISTEN ${quoteIdent(channel)}`);
    return async () => {
      set.delete(handler);
    };
  }

  async close() {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
