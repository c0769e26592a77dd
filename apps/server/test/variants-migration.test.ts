/**
 * Migration 0028 (products with variants, decision 0044) on a copy of a shop made before it: a
 * database migrated up to 0027 gets products, a cart, a negotiation with a bundled offer and
 * orders, then the server's migrations run. Every product gets its default variant, every line
 * names it; afterwards the variants hold price and stock and the product's are derived. On the
 * embedded database and, when TEST_DATABASE_URL is set, on the PostgreSQL server. The migrations
 * after it run too: 0030 makes a cart line a variant (unique per cart and variant).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { journal, migrationsFolderFor, type BackupHeader } from "../src/platform/db/backup.ts";
import { type Database, openDatabase } from "../src/platform/db/client.ts";
import { createServerDatabase, DB_KINDS, type DbKind } from "./support/test-server.ts";

type Row = Record<string, unknown>;

async function rows<T = Row>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Runs each statement on its own (the embedded database takes one statement per query). */
async function run(database: Database, ...statements: SQL[]): Promise<void> {
  for (const statement of statements) await database.db.execute(statement);
}

/** The database's own message of a refused query (drizzle wraps it). */
async function refusal(query: Promise<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return String(cause instanceof Error ? cause.message : error);
  }
  return "not refused";
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Where a database of that kind lives, so it can be closed and opened again with more migrations. */
async function place(kind: DbKind): Promise<{ dataDir?: string; databaseUrl?: string }> {
  if (kind === "postgres") {
    const created = await createServerDatabase({ empty: true });
    cleanups.push(created.drop);
    return { databaseUrl: created.url };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "haggle-variants-migration-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { dataDir };
}

/** A shop as it was before variants: two products, a cart with both, a bundled offer, two orders. */
async function shopBeforeVariants(database: Database): Promise<void> {
  await run(
    database,
    sql`insert into "user" (id, name, email) values ('u1', 'Sam Shopper', 'sam@haggle.test')`,
    sql`insert into products (id, sku, name, brand, category, price, list_price, stock_level) values
      ('00000000-0000-4000-8000-000000000001', 'TEE-1', 'Trail Tee', 'Ridge', 'Apparel', 25.00, 30.00, 7),
      ('00000000-0000-4000-8000-000000000002', 'CAP-1', 'Trail Cap', 'Ridge', 'Apparel', 12.50, 12.50, 0),
      ('00000000-0000-4000-8000-000000000003', 'SOCK-1', 'Trail Socks', 'Ridge', 'Apparel', 8.00, 9.00, 40)`,
    sql`insert into carts (id, user_id) values ('00000000-0000-4000-8000-0000000000c1', 'u1')`,
    sql`insert into cart_items (cart_id, product_id, quantity, negotiated_on_price) values
      ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000001', 2, 25.00),
      ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000002', 1, null)`,
    sql`insert into negotiations (id, user_id, cart_id) values
      ('00000000-0000-4000-8000-0000000000a1', 'u1', '00000000-0000-4000-8000-0000000000c1')`,
    sql`insert into negotiation_offers (negotiation_id, cart_id, cart_fingerprint, subtotal, discount, percent_bp, new_items, expires_at) values
      ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000c1', 'f1', 70.50, 5.00, 709,
       '[{"productId": "00000000-0000-4000-8000-000000000003", "name": "Trail Socks", "quantity": 1, "price": 800}]',
       now() + interval '10 minutes')`,
    sql`insert into orders (id, user_id, subtotal, total) values
      ('00000000-0000-4000-8000-0000000000b1', 'u1', 50.00, 50.00),
      ('00000000-0000-4000-8000-0000000000b2', 'u1', 9.00, 9.00)`,
    sql`insert into order_lines (order_id, product_id, name, list_price, unit_price, regular_price, quantity) values
      ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-000000000001', 'Trail Tee', 30.00, 25.00, 25.00, 2),
      ('00000000-0000-4000-8000-0000000000b2', null, 'A product since deleted', 9.00, 9.00, 9.00, 1)`,
  );
}

describe.each(DB_KINDS)("migration 0028, products with variants (%s)", (kind) => {
  let database: Database;

  it("gives every product its default variant and points every cart line, offer and order line at it", async () => {
    const entries = await journal();
    const at = entries.findIndex((e) => e.tag === "0028_product_variants");
    expect(at).toBeGreaterThan(0);
    // Migrated up to 0027, then opened at today's migrations (0028 and those after it).
    const { folder } = await migrationsFolderFor({
      migrations: entries.slice(0, at).map((e) => e.when),
    } as BackupHeader);
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const where = await place(kind);
    const before = await openDatabase({ ...where, migrationsFolder: folder, embeddedThread: "main" });
    try {
      await shopBeforeVariants(before);
    } finally {
      await before.close();
    }
    database = await openDatabase({ ...where, embeddedThread: "main" });
    cleanups.push(() => database.close());

    const variants = await rows(
      database,
      sql`select p.sku as product_sku, v.sku, v.option_values, v.price::text, v.list_price::text, v.stock_level,
                 v.in_stock, v.image_url, v.weight_grams, v.barcode
          from product_variants v join products p on p.id = v.product_id order by p.sku`,
    );
    expect(variants).toEqual([
      {
        product_sku: "CAP-1",
        sku: "CAP-1",
        option_values: [],
        price: "12.50",
        list_price: "12.50",
        stock_level: 0,
        in_stock: false,
        image_url: "",
        weight_grams: null,
        barcode: null,
      },
      {
        product_sku: "SOCK-1",
        sku: "SOCK-1",
        option_values: [],
        price: "8.00",
        list_price: "9.00",
        stock_level: 40,
        in_stock: true,
        image_url: "",
        weight_grams: null,
        barcode: null,
      },
      {
        product_sku: "TEE-1",
        sku: "TEE-1",
        option_values: [],
        price: "25.00",
        list_price: "30.00",
        stock_level: 7,
        in_stock: true,
        image_url: "",
        weight_grams: null,
        barcode: null,
      },
    ]);

    const lines = await rows(
      database,
      sql`select v.sku, c.quantity from cart_items c join product_variants v on v.id = c.variant_id and v.product_id = c.product_id order by v.sku`,
    );
    expect(lines).toEqual([
      { sku: "CAP-1", quantity: 1 },
      { sku: "TEE-1", quantity: 2 },
    ]);
    const orderLines = await rows(
      database,
      sql`select l.name, v.sku from order_lines l left join product_variants v on v.id = l.variant_id order by l.name`,
    );
    expect(orderLines).toEqual([
      { name: "A product since deleted", sku: null },
      { name: "Trail Tee", sku: "TEE-1" },
    ]);
    const [offer] = await rows<{ new_items: Row[]; sku: string }>(
      database,
      sql`select o.new_items, v.sku from negotiation_offers o
          join product_variants v on v.id = (o.new_items->0->>'variantId')::uuid`,
    );
    expect(offer?.sku).toBe("SOCK-1");
    expect(offer?.new_items[0]).toMatchObject({
      productId: "00000000-0000-4000-8000-000000000003",
      price: 800,
    });
    // Nothing else moved: the products keep their prices and stock.
    expect(
      await rows(
        database,
        sql`select sku, price::text, list_price::text, stock_level from products order by sku`,
      ),
    ).toEqual([
      { sku: "CAP-1", price: "12.50", list_price: "12.50", stock_level: 0 },
      { sku: "SOCK-1", price: "8.00", list_price: "9.00", stock_level: 40 },
      { sku: "TEE-1", price: "25.00", list_price: "30.00", stock_level: 7 },
    ]);
  }, 120_000);

  it("writes of a product without options reach its default variant; new products and lines get theirs", async () => {
    await database.db.execute(
      sql`update products set stock_level = stock_level - 2, price = 24.00 where sku = 'TEE-1'`,
    );
    await database.db.execute(sql`update products set sku = 'CAP-2' where sku = 'CAP-1'`);
    await database.db.execute(sql`insert into products (sku, name, brand, category, price, list_price, stock_level)
      values ('MUG-1', 'Camp Mug', 'Ridge', 'Kitchen', 9.00, 9.00, 3)`);
    expect(
      await rows(database, sql`select sku, price::text, stock_level from product_variants order by sku`),
    ).toEqual([
      { sku: "CAP-2", price: "12.50", stock_level: 0 },
      { sku: "MUG-1", price: "9.00", stock_level: 3 },
      { sku: "SOCK-1", price: "8.00", stock_level: 40 },
      { sku: "TEE-1", price: "24.00", stock_level: 5 },
    ]);
    await database.db.execute(sql`insert into cart_items (cart_id, product_id, quantity)
      select '00000000-0000-4000-8000-0000000000c1', id, 1 from products where sku = 'MUG-1'`);
    const [line] = await rows(
      database,
      sql`select v.sku from cart_items c join product_variants v on v.id = c.variant_id join products p on p.id = c.product_id where p.sku = 'MUG-1'`,
    );
    expect(line).toEqual({ sku: "MUG-1" });
    // A variant's SKU is unique in the shop: a product cannot take another product's variant SKU.
    await run(
      database,
      sql`insert into products (sku, name, brand, category, price, list_price) values ('X', 'X', 'B', 'C', 1, 1)`,
    );
    expect(
      await refusal(database.db.execute(sql`update product_variants set sku = 'SOCK-1' where sku = 'X'`)),
    ).toMatch(/product_variants_sku_unique/);
  });

  it("derives the product's from price, list price and stock from its variants; refuses direct writes once it has options", async () => {
    const product = sql`(select id from products where sku = 'TEE-1')`;
    await run(
      database,
      sql`insert into product_options (product_id, position, name, values) values (${product}, 0, 'Size', '{S,M,L}')`,
      sql`update product_variants set sku = 'TEE-1-S', option_values = '{S}', position = 0, price = 24.00, list_price = 30.00, stock_level = 5
        where product_id = ${product}`,
      sql`insert into product_variants (product_id, sku, option_values, position, price, list_price, stock_level) values
        (${product}, 'TEE-1-M', '{M}', 1, 22.00, 28.00, 0),
        (${product}, 'TEE-1-L', '{L}', 2, 26.00, 30.00, 4)`,
    );
    const tee = sql`select price::text, list_price::text, stock_level, in_stock from products where sku = 'TEE-1'`;
    expect(await rows(database, tee)).toEqual([
      { price: "22.00", list_price: "28.00", stock_level: 9, in_stock: true },
    ]);
    // A cart line is a variant (migration 0030): the cart holding the tee's first size takes another.
    await database.db.execute(sql`insert into cart_items (cart_id, product_id, variant_id, quantity)
      select '00000000-0000-4000-8000-0000000000c1', product_id, id, 1 from product_variants where sku = 'TEE-1-L'`);
    expect(
      await rows(
        database,
        sql`select v.sku from cart_items c join product_variants v on v.id = c.variant_id where v.product_id = ${product} order by v.sku`,
      ),
    ).toEqual([{ sku: "TEE-1-L" }, { sku: "TEE-1-S" }]);
    expect(
      await refusal(
        database.db.execute(sql`insert into cart_items (cart_id, product_id, variant_id, quantity)
          select '00000000-0000-4000-8000-0000000000c1', product_id, id, 1 from product_variants where sku = 'TEE-1-L'`),
      ),
    ).toMatch(/cart_items_cart_variant_uq/);
    await database.db.execute(
      sql`delete from cart_items where variant_id = (select id from product_variants where sku = 'TEE-1-L')`,
    );
    // Sold out in every size: the product is out of stock; its from price stays.
    await database.db.execute(sql`update product_variants set stock_level = 0 where product_id = ${product}`);
    expect(await rows(database, tee)).toEqual([
      { price: "22.00", list_price: "28.00", stock_level: 0, in_stock: false },
    ]);
    await database.db.execute(sql`update product_variants set stock_level = 3 where sku = 'TEE-1-L'`);
    await database.db.execute(sql`delete from product_variants where sku = 'TEE-1-M'`);
    expect(await rows(database, tee)).toEqual([
      { price: "24.00", list_price: "30.00", stock_level: 3, in_stock: true },
    ]);
    // The product's price and stock are its variants': writing them on the product is refused.
    expect(
      await refusal(database.db.execute(sql`update products set stock_level = 10 where sku = 'TEE-1'`)),
    ).toBe("Product TEE-1 has options: its price and stock are its variants'.");
    // Other product fields stay the product's own.
    await database.db.execute(
      sql`update products set name = 'Trail Tee II', demand_index = 0.9 where sku = 'TEE-1'`,
    );
    expect(await rows(database, tee)).toEqual([
      { price: "24.00", list_price: "30.00", stock_level: 3, in_stock: true },
    ]);
    // An order line of a removed variant keeps its name and loses only the link.
    await database.db.execute(sql`insert into order_lines (order_id, product_id, variant_id, name, list_price, unit_price, regular_price, quantity)
      select '00000000-0000-4000-8000-0000000000b1', product_id, id, 'Trail Tee — L', 30, 26, 26, 1 from product_variants where sku = 'TEE-1-L'`);
    await database.db.execute(sql`delete from product_variants where sku = 'TEE-1-L'`);
    expect(
      await rows(database, sql`select variant_id from order_lines where name = 'Trail Tee — L'`),
    ).toEqual([{ variant_id: null }]);
  });
});
