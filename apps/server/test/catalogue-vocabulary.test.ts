import { POSTGRES_ENGLISH_STOP_WORDS } from "@haggle/domain/catalog/postgres-stop-words";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/platform/db/client.ts";
import { DB_KINDS, openFreshTestDatabase, startTestServer, type TestServer } from "./support/test-server.ts";

/**
 * The search vocabulary (the words typo corrections come from, read by scanning every product)
 * is loaded once per database and kept, whatever handle a search runs on: on the PostgreSQL
 * server each search gets its own cancellable handle, and a vocabulary kept per handle made
 * every search scan the whole catalogue again (0.8 s at 100,000 products, bench/README.md).
 */
describe.each(DB_KINDS)("the catalogue search vocabulary on the %s database", (kind) => {
  let server: TestServer;
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  const statements: string[] = [];

  beforeAll(async () => {
    ({ database, drop } = await openFreshTestDatabase(kind, { logQuery: (query) => statements.push(query) }));
    server = await startTestServer(kind, { database });
  });

  afterAll(async () => {
    await server?.close();
    await database?.close();
    await drop?.();
  });

  it("is read once for several searches, not once per search", async () => {
    statements.length = 0;
    // Different words each time: the answer cache must not be what spares the scan.
    for (const q of ["headphones", "headphnes", "wireless speaker", "zxqv"]) {
      const res = await fetch(`${server.baseUrl}/api/products?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const vocabularyScans = statements.filter((s) => s.includes("string_to_array(lower(name"));
    expect(vocabularyScans.length).toBe(1);
  });

  it("knows the database's English stop words: the full text leaves out those and no other", async () => {
    // A whole word needs no LIKE arm only if the full text keeps it (list-products.service.ts).
    const candidates = [
      ...POSTGRES_ENGLISH_STOP_WORDS,
      "headphones",
      "lamp",
      "food",
      "wireless",
      "into",
      "onto",
    ];
    const result = (await database.db.execute(
      sql`select w, to_tsvector('english', w) = ''::tsvector as dropped from unnest(string_to_array(${candidates.join(" ")}, ' ')) as w`,
    )) as unknown as { rows: { w: string; dropped: boolean }[] };
    const dropped = result.rows.filter((r) => r.dropped).map((r) => r.w);
    expect(new Set(dropped)).toEqual(new Set([...POSTGRES_ENGLISH_STOP_WORDS]));
  });
});
