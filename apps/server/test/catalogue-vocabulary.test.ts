import { POSTGRES_ENGLISH_STOP_WORDS } from "@haggle/domain/catalog/postgres-stop-words";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadSearchVocabulary } from "../src/modules/catalog/search-legs.store.ts";
import { vocabularyOf } from "../src/modules/catalog/search-products.store.ts";
import { loadTagCategories } from "../src/modules/catalog/tag-categories.store.ts";
import type { Database } from "../src/platform/db/client.ts";
import { DB_KINDS, openFreshTestDatabase, startTestServer, type TestServer } from "./support/test-server.ts";

/**
 * The search vocabulary (the words typo corrections come from) is loaded once per database and
 * kept, whatever handle a search runs on: on the PostgreSQL server each search gets its own
 * cancellable handle, and a vocabulary kept per handle made every search scan the whole
 * catalogue again (0.8 s at 100,000 products, bench/README.md). It is read from the table the
 * products triggers keep (migration 0024), no longer by splitting every product's name.
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
    const vocabularyReads = statements.filter((s) => s.includes('from "search_vocabulary"'));
    expect(vocabularyReads.length).toBe(1);
    // It is read from the table the triggers keep, never by splitting every product's name.
    expect(statements.filter((s) => s.includes("string_to_array(lower(name"))).toEqual([]);
  });

  it("is reread after 30 seconds, and stays the same object while its words are the same", async () => {
    const until = async (what: string, probe: () => Promise<boolean> | boolean) => {
      for (let waited = 0; !(await probe()); waited += 20) {
        if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const reads = () => statements.filter((s) => s.includes('from "search_vocabulary"')).length;
    // Only the clock is faked: the reread's promises and the database run as they do.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const first = await vocabularyOf(database.db);
      const before = reads();
      vi.setSystemTime(Date.now() + 31_000);
      // Past its time it still answers at once, while a reread runs beside.
      expect(await vocabularyOf(database.db)).toBe(first);
      await until("the reread", () => reads() > before);
      await until("the reread to be kept", async () => (await vocabularyOf(database.db)) === first);
      expect(reads()).toBe(before + 1);

      await database.db.execute(sql`insert into products (sku, name, brand, category, price, list_price)
        values ('VOCAB-REREAD', 'Bilbyphone', 'Zyzzyva', 'Audio', 10, 10)`);
      expect(await vocabularyOf(database.db)).toBe(first);
      vi.setSystemTime(Date.now() + 31_000);
      await vocabularyOf(database.db);
      await until("the new word", async () => (await vocabularyOf(database.db)).words.includes("bilbyphone"));
      expect(await vocabularyOf(database.db)).not.toBe(first);
    } finally {
      vi.useRealTimers();
      await database.db.execute(sql`delete from products where sku = 'VOCAB-REREAD'`);
    }
  });

  /**
   * The vocabulary as the triggers keep it (kind, word and product count), and the tags'
   * categories (migration 0026: tag, category and product count), sorted.
   */
  async function kept(): Promise<string[]> {
    const result = (await database.db.execute(sql`
      select kind, word, products from search_vocabulary where products > 0
      union all select 'tc', tag || ' in ' || category, visible from product_tag_categories where visible > 0`)) as unknown as {
      rows: { kind: string; word: string; products: number }[];
    };
    return result.rows.map((r) => `${r.kind} ${r.word} ${r.products}`).sort();
  }

  /** The same, counted from every visible product now. */
  async function recounted(): Promise<string[]> {
    const result = (await database.db.execute(sql`
      select x.kind, x.word, count(*)::int as products from products as c, lateral (
        select 'w' as kind, w as word from unnest(string_to_array(lower(c.name || ' ' || c.brand || ' ' || c.category), ' ')) as w
        where w <> ''
        union all select 't', t from unnest(c.tags) as t
        union all select 'tc', lower(t) || ' in ' || c.category from unnest(c.tags) as t) as x
      where not c.hidden group by x.kind, x.word`)) as unknown as {
      rows: { kind: string; word: string; products: number }[];
    };
    return result.rows.map((r) => `${r.kind} ${r.word} ${r.products}`).sort();
  }

  it("is kept, with its tags' categories, by the products triggers through inserts, imports' upserts, renames, moves, stock changes, hiding and deletes", async () => {
    expect(await kept()).toEqual(await recounted());
    const words = async () => (await loadSearchVocabulary(database.db)).words;
    await database.db.execute(sql`insert into products (sku, name, brand, category, price, list_price, tags)
      values ('VOCAB-1', 'Quokkaphone Deluxe', 'Zyzzyva', 'Audio', 10, 10, '{marsupial}')`);
    expect(await words()).toEqual(expect.arrayContaining(["quokkaphone", "deluxe", "zyzzyva"]));
    expect((await loadSearchVocabulary(database.db)).tags.has("marsupial")).toBe(true);
    expect(await kept()).toEqual(await recounted());

    const before = await kept();
    await database.db.execute(sql`update products set stock_level = stock_level + 3 where sku = 'VOCAB-1'`);
    expect(await kept()).toEqual(before);

    // An import re-sends a product by SKU: insert ... on conflict do update.
    await database.db.execute(sql`insert into products (sku, name, brand, category, price, list_price)
      values ('VOCAB-1', 'Wombatphone Deluxe', 'Zyzzyva', 'Audio', 10, 10), ('VOCAB-2', 'Numbat Lamp', 'Zyzzyva', 'Home', 5, 5)
      on conflict (sku) do update set name = excluded.name, tags = excluded.tags`);
    expect(await words()).toEqual(expect.arrayContaining(["wombatphone", "numbat"]));
    expect(await words()).not.toContain("quokkaphone");
    expect((await loadSearchVocabulary(database.db)).tags.has("marsupial")).toBe(false);
    expect(await kept()).toEqual(await recounted());

    // A tag's categories (what the assistant ranks first for it) follow its products, in lower case.
    await database.db.execute(sql`update products set tags = '{Marsupial,night}' where sku = 'VOCAB-2'`);
    expect((await loadTagCategories(database.db)).marsupial).toEqual(["Home"]);
    await database.db.execute(sql`update products set category = 'Audio' where sku = 'VOCAB-2'`);
    expect((await loadTagCategories(database.db)).marsupial).toEqual(["Audio"]);
    expect(await kept()).toEqual(await recounted());

    await database.db.execute(sql`update products set hidden = true where sku = 'VOCAB-2'`);
    expect((await loadTagCategories(database.db)).marsupial).toBeUndefined();
    expect(await words()).not.toContain("numbat");
    expect(await kept()).toEqual(await recounted());
    await database.db.execute(sql`update products set hidden = false where sku = 'VOCAB-2'`);
    expect(await words()).toContain("numbat");

    await database.db.execute(sql`delete from products where sku in ('VOCAB-1', 'VOCAB-2')`);
    expect(await words()).not.toContain("wombatphone");
    expect(await words()).not.toContain("zyzzyva");
    expect(await kept()).toEqual(await recounted());
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
