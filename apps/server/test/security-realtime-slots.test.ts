/**
 * The realtime stream caps multiplied by the number of server processes (with
 * WORKERS=N a user held N×5 streams). The per-account and per-address counts now live in the
 * database every process shares (`realtime_streams`): a slot is taken atomically, given back when
 * the stream closes, and a row its process stopped refreshing (a crash) no longer counts.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpClient } from "./support/http-client.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";
import { signUpShopper, useShop } from "./support/shop-fixtures.ts";
import { createServerDatabase, DB_KINDS } from "./support/test-server.ts";

function cookieOf(http: HttpClient): string {
  const jar = (http as unknown as { cookies: Map<string, string> }).cookies;
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

interface Stream {
  status: number;
  close: () => void;
}

/** GET /api/realtime on `baseUrl` with the account's cookie, read as a browser does; a way to hang up. */
async function openStream(baseUrl: string, cookie: string): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/realtime`, { headers: { cookie }, signal: controller.signal });
  if (res.status === 200 && res.body) {
    const reader = res.body.getReader();
    void (async () => {
      try {
        while (!(await reader.read()).done) {
          // keep reading until the test hangs up
        }
      } catch {
        // hung up by close()
      }
    })();
  } else {
    await res.arrayBuffer();
  }
  return { status: res.status, close: () => controller.abort() };
}

/** Opens a stream until one is let in (a closed stream's slot comes back once the server noticed). */
async function openOnceFreed(baseUrl: string, cookie: string): Promise<Stream> {
  let stream = await openStream(baseUrl, cookie);
  for (let tries = 0; stream.status === 429 && tries < 100; tries++) {
    await new Promise((r) => setTimeout(r, 50));
    stream = await openStream(baseUrl, cookie);
  }
  return stream;
}

describe.each(DB_KINDS)("realtime stream slots kept in the %s database", (kind) => {
  const shop = useShop(kind, { seed: false, env: { REALTIME_STREAMS_PER_USER: "5" } });
  const run = async (query: ReturnType<typeof sql>) =>
    (await shop.server.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

  async function userOf(http: HttpClient): Promise<string> {
    return (await http.get("/api/me")).json.user.id as string;
  }

  it("holds five streams per account, and a closed stream frees its slot", async () => {
    const { http } = await signUpShopper(shop.server.baseUrl, "Slot Holder");
    const userId = await userOf(http);
    const cookie = cookieOf(http);
    const open: Stream[] = [];
    try {
      for (let i = 0; i < 5; i++) open.push(await openStream(shop.server.baseUrl, cookie));
      expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
      const rows = await run(sql`select count(*)::int as n from realtime_streams where user_id = ${userId}`);
      expect(rows.rows[0]!.n).toBe(5);
      expect((await openStream(shop.server.baseUrl, cookie)).status).toBe(429);

      open.shift()!.close();
      const again = await openOnceFreed(shop.server.baseUrl, cookie);
      open.push(again);
      expect(again.status).toBe(200);
      expect((await openStream(shop.server.baseUrl, cookie)).status).toBe(429);
    } finally {
      for (const stream of open) stream.close();
    }
  });

  it("does not count, and sweeps, rows no process refreshed for three heartbeats (a crashed process)", async () => {
    const { http } = await signUpShopper(shop.server.baseUrl, "After A Crash");
    const userId = await userOf(http);
    const cookie = cookieOf(http);
    // Five streams a crashed process held: their rows were last refreshed ten minutes ago.
    await run(sql`insert into realtime_streams (user_id, ip, process_id, opened_at, last_seen)
      select ${userId}, '198.51.100.7', 'crashed', now() - interval '1 hour', now() - interval '10 minutes'
      from generate_series(1, 5)`);
    const open: Stream[] = [];
    try {
      for (let i = 0; i < 5; i++) open.push(await openStream(shop.server.baseUrl, cookie));
      expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
      const crashed = await run(
        sql`select count(*)::int as n from realtime_streams where process_id = 'crashed'`,
      );
      expect(crashed.rows[0]!.n).toBe(0);
      expect((await openStream(shop.server.baseUrl, cookie)).status).toBe(429);

      // A row aged by SQL (its process gone quiet) no longer holds a slot either.
      await run(sql`update realtime_streams set last_seen = now() - interval '10 minutes'
        where id = (select id from realtime_streams where user_id = ${userId} limit 1)`);
      const sixth = await openStream(shop.server.baseUrl, cookie);
      open.push(sixth);
      expect(sixth.status).toBe(200);
    } finally {
      for (const stream of open) stream.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "realtime stream caps across two server processes on one PostgreSQL database",
  () => {
    let a: ServerProcess;
    let b: ServerProcess;
    let url: string;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const created = await createServerDatabase();
      drop = created.drop;
      url = created.url;
      const env = {
        DATABASE_URL: created.url,
        AUTH_SECRET: "stream-slots-secret-0123456789-abcd",
        REALTIME_STREAMS_PER_USER: "5",
        REALTIME_STREAMS_PER_IP: "1000",
      };
      a = await startServerProcess(env);
      b = await startServerProcess({ ...env, SEED_ON_START: "false" });
    }, 120_000);
    afterAll(async () => {
      await a?.stop();
      await b?.stop();
      await drop?.();
    });

    it("holds a user to five streams in all, whichever process each went to, even when opened at once", async () => {
      const { http } = await signUpShopper(a.baseUrl, "Two Process Streamer");
      const cookie = cookieOf(http);
      const open: Stream[] = [];
      try {
        // Ten at once, half to each process: exactly five are let in.
        const opened = await Promise.all(
          Array.from({ length: 10 }, (_, i) => openStream(i % 2 === 0 ? a.baseUrl : b.baseUrl, cookie)),
        );
        open.push(...opened);
        expect(opened.filter((s) => s.status === 200)).toHaveLength(5);
        expect(opened.filter((s) => s.status === 429)).toHaveLength(5);
        expect((await openStream(a.baseUrl, cookie)).status).toBe(429);
        expect((await openStream(b.baseUrl, cookie)).status).toBe(429);

        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const held = await client.query("select count(*)::int as n from realtime_streams");
          expect(held.rows[0]).toEqual({ n: 5 });
        } finally {
          await client.end();
        }

        // A stream closed on one process frees a slot for the other.
        const onA = opened.findIndex((s, i) => s.status === 200 && i % 2 === 0);
        const onB = opened.findIndex((s, i) => s.status === 200 && i % 2 === 1);
        const [closing, other] = onA >= 0 ? [onA, b.baseUrl] : [onB, a.baseUrl];
        opened[closing]!.close();
        const again = await openOnceFreed(other, cookie);
        open.push(again);
        expect(again.status).toBe(200);
        expect((await openStream(other, cookie)).status).toBe(429);
      } finally {
        for (const stream of open) stream.close();
      }
    });
  },
);
