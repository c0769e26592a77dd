import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import type { FromWorker, ToWorker, WorkerError, WorkerStart } from "./embedded-protocol.ts";

/** A request without its id (the client numbers them). */
type Request = ToWorker extends infer M ? (M extends ToWorker ? Omit<M, "id"> : never) : never;

/** Longest the health check waits for an idle database thread. */
const PING_TIMEOUT_MS = 3000;

/**
 * How to start the worker: the bundle's embedded-worker.js beside the running code, or, from
 * the sources (tests, `npm run dev`), embedded-worker.ts through tsx's loader registered in the
 * new thread (a loader given with `--import` does not reach worker threads on Node 20).
 */
function workerEntry(): { script: URL | string; eval: boolean } {
  // The server bundle rewrites `import.meta.url` to this source file's address; the bracket
  // reads the running file's own, so the bundle finds the worker it was built with beside it.
  // biome-ignore lint/complexity/useLiteralKeys: see above.
  const here = import.meta["url"];
  if (!here.endsWith(".ts")) return { script: new URL("./embedded-worker.js", here), eval: false };
  const tsx = createRequire(here)
    .resolve("tsx/esm/api")
    .replace(/\.cjs$/, ".mjs");
  const worker = new URL("./embedded-worker.ts", here).href;
  const script = `import(${JSON.stringify(pathToFileURL(tsx).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); });`;
  return { script, eval: true };
}

/** The error the worker saw, with PostgreSQL's fields (code, constraint, detail…) on it. */
function toError(error: WorkerError): Error {
  const result = new Error(error.message);
  Object.assign(result, error.fields);
  result.name = error.name;
  return result;
}

/**
 * PGlite on its own thread (embedded-worker.ts), seen through the part of PGlite's interface
 * that drizzle's PGlite driver and the shop use: query, exec, transaction, listen, close. A
 * slow query keeps the worker busy while this thread goes on answering requests.
 *
 * Query options cross as data: drizzle's parsers only keep dates and intervals as text, so the
 * worker is told which types to keep as text (any other parser would be ignored).
 */
export class EmbeddedWorkerClient {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private stopped: Error | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly onSync: (() => void) | undefined,
  ) {}

  /** Starts the worker and waits until its database is open. */
  static start(start: Omit<WorkerStart, "reportSync">, onSync?: () => void): Promise<EmbeddedWorkerClient> {
    const entry = workerEntry();
    const worker = new Worker(entry.script, {
      eval: entry.eval,
      workerData: { ...start, reportSync: !!onSync } satisfies WorkerStart,
    });
    const client = new EmbeddedWorkerClient(worker, onSync);
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => {
        detach();
        void worker.terminate();
        reject(error);
      };
      const exited = (code: number) =>
        failed(new Error(`The embedded database's thread stopped (exit code ${code}).`));
      const ready = (message: FromWorker) => {
        // Creating a data folder syncs files before the database is ready.
        if ("sync" in message) return onSync?.();
        if (!("ready" in message))
          return failed(new Error("The embedded database's thread answered out of turn."));
        if (!message.ready) return failed(toError(message.error));
        detach();
        client.attach();
        resolve(client);
      };
      const detach = () => {
        worker.off("error", failed);
        worker.off("exit", exited);
        worker.off("message", ready);
      };
      worker.on("error", failed);
      worker.on("exit", exited);
      worker.on("message", ready);
    });
  }

  private attach() {
    this.worker.on("message", (message: FromWorker) => this.receive(message));
    this.worker.on("error", (error) => this.stop(error));
    this.worker.on("exit", (code) =>
      this.stop(new Error(`The embedded database's thread stopped (exit code ${code}).`)),
    );
    // Idle, the thread does not keep the process alive; a request waiting on it does.
    this.worker.unref();
  }

  private receive(message: FromWorker) {
    if ("sync" in message) return this.onSync?.();
    if ("channel" in message) {
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload);
      return;
    }
    if (!("id" in message)) return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(toError(message.error));
  }

  private stop(error: Error) {
    this.stopped ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  private call<T>(request: Request, id = this.nextId++): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const keepText = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.call({ op: "query", sql, params, rowMode: options?.rowMode ?? "object", keepText, tx });
  }

  exec(sql: string, _options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.call({ op: "exec", sql, tx });
  }

  /**
   * Runs `callback` in a transaction that holds the database: the worker's PGlite makes every
   * query from outside it wait until it commits or rolls back, as on one thread.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.nextId++;
    await this.call({ op: "begin" }, id);
    let closed = false;
    let rolledBack = false;
    const tx: Transaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.query<R>(sql, params, options, id),
      sql: () =>
        Promise.reject(
          new Error("sql`` is not available in a transaction of the embedded database's thread"),
        ),
      exec: (sql: string, options?: QueryOptions) => this.exec(sql, options, id),
      rollback: async () => {
        rolledBack = true;
      },
      listen: () => Promise.reject(new Error("listen is not available in a transaction")),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.call({ op: "end", tx: id, commit: false }).catch(() => {});
      throw error;
    }
    closed = true;
    await this.call({ op: "end", tx: id, commit: !rolledBack });
    return result;
  }

  /**
   * For the health check: fails when the thread has stopped or, idle, does not answer a round
   * trip within a few seconds. While it runs queries it cannot answer (PGlite runs each query
   * to its end), so busy counts as alive.
   */
  async ping(): Promise<void> {
    if (this.stopped) throw this.stopped;
    if (this.pending.size > 0) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error("The embedded database did not answer in time.")),
        PING_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([this.query("select 1"), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Receives NOTIFY payloads on a channel; returns a function that stops this handler. */
  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.call({ op: "listen", channel });
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
    };
  }

  async close(): Promise<void> {
    try {
      if (!this.stopped) await this.call({ op: "close" });
    } finally {
      this.stop(new Error("The embedded database is closed."));
      await this.worker.terminate();
    }
  }
}
