/** Messages between the server's thread and the embedded database's worker (embedded-worker.ts). */

/** What the worker starts from (its workerData). */
export interface WorkerStart {
  dataDir?: string | undefined;
  cacheMb: number;
  /** A dump (PGlite's dumpDataDir tarball) that an in-memory database starts as a copy of. */
  template?: string | undefined;
  /** Post `{ sync: true }` after each sync of a file to disk (the durability test counts them). */
  reportSync: boolean;
}

/** A request to the worker; each is answered by a `Reply` with the same id. */
export type ToWorker =
  | {
      op: "query";
      id: number;
      sql: string;
      params: unknown[];
      rowMode: "array" | "object";
      /** Types whose text is kept as it is (drizzle's parsers for dates and intervals). */
      keepText?: number[] | undefined;
      /** The transaction it runs in; outside one when absent. */
      tx?: number | undefined;
    }
  | { op: "exec"; id: number; sql: string; tx?: number | undefined }
  /** Answered once the transaction holds the database; its id is then the transaction's. */
  | { op: "begin"; id: number }
  | { op: "end"; id: number; tx: number; commit: boolean }
  | { op: "listen"; id: number; channel: string }
  | { op: "close"; id: number };

/** An error as plain data; `fields` holds what PostgreSQL's errors carry (code, constraint, detail…). */
export interface WorkerError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type FromWorker =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WorkerError }
  | { ready: true }
  | { ready: false; error: WorkerError }
  | { channel: string; payload: string }
  | { sync: true };
