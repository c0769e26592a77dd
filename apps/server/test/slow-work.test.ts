/**
 * Slow work never takes the shop down: a slow query on the embedded database runs
 * on its own thread while the server goes on answering, and a catalogue search whose client
 * goes away is cancelled on the PostgreSQL server instead of holding a pooled connection.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { STATEMENT_TIMEOUT_MS } from "../src/platform/db/client.ts";
import { useShop } from "./support/shop-fixtures.ts";

async function eventually<T>(what: string, probe: () => Promise<T | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("a slow query on the embedded database", () => {
  const shop = useShop("embedded");

  it("does not stop the health check and a kept catalogue answer from answering meanwhile", async () => {
    const base = shop.server.baseUrl;
    const cached = "/api/products?category=Electronics&sort=price-low&pageSize=5";
    expect((await fetch(`${base}${cached}`)).status).toBe(200);
    expect((await fetch(`${base}${cached}`)).headers.get("x-answer-cache")).toBe("hit");

    let slowDone = false;
    // Holds the database's thread for two seconds (PGlite runs it to its end).
    const slow = shop.server.database.db.execute(sql`select pg_sleep(2)`).finally(() => {
      slowDone = true;
    });
    // The slow query has reached the thread once a query behind it has to wait.
    await new Promise((r) => setTimeout(r, 100));

    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, db: "embedded" });
    const kept = await fetch(`${base}${cached}`);
    expect(kept.status).toBe(200);
    expect(kept.headers.get("x-answer-cache")).toBe("hit");
    // Both answered while the slow query still ran.
    expect(slowDone).toBe(false);
    await slow;
    expect(slowDone).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("an abandoned search on the PostgreSQL server", () => {
  const shop = useShop("postgres");

  it("is cancelled when its client goes away, not left running on a pooled connection", async () => {
    const pool = shop.server.database.pool;
    if (!pool) throw new Error("expected the PostgreSQL server's pool");
    const { rows } = await pool.query<{ db: string }>("select current_database() as db");
    const dbName = rows[0]?.db;
    // The test's own connection holds every product read waiting: a search on it is a slow one.
    const blocker = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL?.replace(/\/[^/]*$/, `/${dbName}`),
    });
    await blocker.connect();
    // A query waiting for a lock while it is parsed may still show as 'idle': the wait is what counts.
    const waiting = async () => {
      const found = await blocker.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
      );
      return found.rows;
    };
    try {
      await blocker.query("begin");
      await blocker.query("lock table products in access exclusive mode");
      const abandon = new AbortController();
      const search = fetch(`${shop.server.baseUrl}/api/products?q=abandoned+search+words`, {
        signal: abandon.signal,
      }).catch(() => "aborted");
      const stuck = await eventually("the search's query to wait on the lock", async () => {
        const rows = await waiting();
        return rows.length > 0 ? rows : false;
      });
      abandon.abort();
      expect(await search).toBe("aborted");
      // Its query stops while the lock is still held: it was cancelled, not let through, and
      // long before the pool's statement_timeout would have stopped it.
      expect(STATEMENT_TIMEOUT_MS).toBeGreaterThanOrEqual(15_000);
      await eventually(
        "the abandoned query to be cancelled",
        async () => (await waiting()).length === 0,
        5_000,
      );
      const still = await blocker.query<{ pid: number }>(
        "select pid from pg_stat_activity where pid = any($1::int[]) and wait_event_type = 'Lock'",
        [stuck.map((r) => r.pid)],
      );
      expect(still.rows).toEqual([]);
    } finally {
      await blocker.query("rollback").catch(() => {});
      await blocker.end();
    }
    // The shop answers searches as before.
    const after = await fetch(`${shop.server.baseUrl}/api/products?q=headphones`);
    expect(after.status).toBe(200);
  });
});
