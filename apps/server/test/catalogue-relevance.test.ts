import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryShopPage } from "../src/modules/catalog/shop-page.store.ts";
import type { Database } from "../src/platform/db/client.ts";
import { DB_KINDS, openFreshTestDatabase } from "./support/test-server.ts";

/**
 * The featured order of a search puts first the products whose name holds the typed text, in
 * any case (shop-page.store.ts: likely casings tested as they are, then the name lowered), before
 * what the full-text rank prefers.
 */
describe.each(DB_KINDS)("a search's featured order on the %s database", (kind) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ database, drop } = await openFreshTestDatabase(kind));
    // The second is in more demand and its description has the word (a full-text match the first
    // has not: "quillo" is only inside its name's longer word), so only the name test puts the
    // first ahead.
    await database.db.execute(sql`insert into products (sku, name, brand, category, price, list_price, stock_level, demand_index, description)
      values ('REL-CAPS', 'ZEPHYRQUILLO Pro', 'Rel Brand', 'Rel', 10, 10, 5, 0.1, ''),
             ('REL-TITLE', 'Zephyrquillo Mini', 'Rel Brand', 'Rel', 10, 10, 5, 0.2, ''),
             ('REL-DESC', 'Quiet Reed', 'Rel Brand', 'Rel', 10, 10, 5, 0.9, 'It plays like a quillo.')`);
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("ranks names holding the text first, whatever their case, then the full-text rank", async () => {
    const page = await queryShopPage(database.db, {
      words: [{ word: "quillo", corrections: [] }],
      category: [],
      brand: [],
      sort: "featured",
      page: 1,
      pageSize: 24,
    });
    expect(page.rows.map((r) => r.sku)).toEqual(["REL-TITLE", "REL-CAPS", "REL-DESC"]);
    expect(page.total).toBe(3);
    expect(page.brands).toEqual([{ value: "Rel Brand", count: 3 }]);
  });
});
