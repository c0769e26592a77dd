import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { DurableNodeFS, durableStartParams } from "./durable-fs.ts";

/**
 * How close a misspelt word must be to a word of a product's name or brand for the catalogue
 * search (pg_trgm's `<%` operator, which can use a trigram index, reads it from the session).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

/**
 * PostgreSQL's page cache (shared_buffers) inside the embedded database, in MiB. Emscripten
 * zero-fills the shared memory PostgreSQL asks for at start, so the whole cache is resident from
 * the first second whether used or not: PostgreSQL's default of 128 MB made up a third of the
 * idle server. Pages the cache misses are read from the data folder through the operating
 * system's file cache, which still holds them.
 */
export const DEFAULT_EMBEDDED_CACHE_MB = 16;

/** PGlite's start parameters with the page cache set (and its WAL buffers following it). */
export function embeddedStartParams(defaults: readonly string[], cacheMb: number): string[] {
  return [...defaults, "-c", `shared_buffers=${cacheMb}MB`];
}

/** Whether a data folder already holds an embedded database (a first start creates it). */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return existsSync(path.join(dataDir, "pglite", "PG_VERSION"));
}

export interface EmbeddedStart {
  /** The data folder (already created and locked by the caller); in memory when absent. */
  dataDir?: string | undefined;
  cacheMb: number;
  /**
   * A dump (PGlite's dumpDataDir tarball) an in-memory database starts as a copy of, instead of
   * an empty one: tests open a migrated template in about a second instead of running initdb
   * and every migration (several seconds each).
   */
  template?: string | undefined;
  onSync?: (() => void) | undefined;
}

/**
 * A dump already read into memory, handed to PGlite as the Blob it asks for. PGlite reads a dump
 * with `arrayBuffer()` alone, and Node 20's Blob answers that by streaming its own copy in chunks
 * and joining them: about a second of CPU for a 60 MB dump, more than reading the file, on every
 * start of a copy of a template (each test server's).
 */
class ReadBlob extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#bytes;
    return Promise.resolve(
      byteOffset === 0 && byteLength === buffer.byteLength && buffer instanceof ArrayBuffer
        ? buffer
        : new Uint8Array(this.#bytes).buffer,
    );
  }
}

/**
 * Starts PGlite with the shop's extensions and session settings, on whichever thread calls it
 * (the embedded database's worker in production, see embedded-worker.ts).
 */
export async function startPglite(start: EmbeddedStart): Promise<PGlite> {
  // A data folder must be reopened with the same extensions it was created with.
  const extensions = { vector, pg_trgm };
  const startParams = embeddedStartParams(PGlite.defaultStartParams, start.cacheMb);
  const client = start.dataDir
    ? await PGlite.create({
        // Each commit is on disk before it is acknowledged (see durable-fs.ts).
        fs: new DurableNodeFS(path.join(start.dataDir, "pglite"), start.onSync),
        startParams: durableStartParams(startParams),
        extensions,
      })
    : await PGlite.create({
        extensions,
        startParams,
        ...(start.template ? { loadDataDir: new ReadBlob(readFileSync(start.template)) } : {}),
      });
  await client.exec(
    `CREATE EXTENSION IF NOT EXISTS vector; SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD};`,
  );
  return client;
}
