import type pg from "pg";

/**
 * The PostgreSQL server pool as seen by one request: every connection it checks out is known,
 * and when the request's client goes away (`signal` aborts) the queries running on them are
 * cancelled (pg_cancel_backend through `cancel`, a connection outside the pool), so an
 * abandoned catalogue search stops holding the pool. The connections held at that moment are
 * closed instead of being returned to the pool: a cancel that arrives late can then never hit
 * another request's query on a reused connection.
 *
 * drizzle's node-postgres driver treats it as a pool (its class name says so): it calls
 * `query` for single statements and `connect` for a transaction.
 */
export class CancellablePool {
  private readonly held = new Set<pg.PoolClient>();
  private aborted = false;

  constructor(
    private readonly pool: pg.Pool,
    signal: AbortSignal,
    private readonly cancel: (pid: number) => Promise<void>,
  ) {
    if (signal.aborted) this.aborted = true;
    else signal.addEventListener("abort", () => this.abort(), { once: true });
  }

  private abort() {
    this.aborted = true;
    for (const client of this.held) {
      const pid = (client as unknown as { processID: number | null }).processID;
      if (pid) void this.cancel(pid).catch(() => {});
    }
  }

  private gone(): Error {
    const error = new Error("The request was abandoned; its query was not run.");
    error.name = "AbortError";
    return error;
  }

  async connect(): Promise<pg.PoolClient> {
    if (this.aborted) throw this.gone();
    const client = await this.pool.connect();
    if (this.aborted) {
      client.release();
      throw this.gone();
    }
    this.held.add(client);
    const release = client.release.bind(client);
    client.release = (destroy?: Error | boolean) => {
      this.held.delete(client);
      // A connection that was running when the request went away is not reused.
      return release(destroy || this.aborted || undefined);
    };
    return client;
  }

  async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.connect();
    try {
      return await client.query(config, values);
    } finally {
      client.release();
    }
  }
}
