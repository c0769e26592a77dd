/** Product import: Shopify CSV and JSON lines, upserts by SKU, crashes, access. */
import { createReadStream, readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { inArray, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { importProducts } from "../src/modules/catalog/product-import.service.ts";
import { products } from "../src/platform/db/schema.ts";
import { HttpClient } from "./support/http-client.ts";
import { signUpShopper, useShop, signUpMerchant } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const FIXTURE = path.join(import.meta.dirname, "fixtures", "shopify-products.csv");
const IMPORTED_SKUS = [
  "alpine-shell-jacket",
  "trail-runner-shoe",
  "IMP-POUR",
  "IMP-LAMP",
  "no-sku-blanket",
  "IMP-SOCKS",
  "IMP-HEAD",
  "IMP-PONCHO",
  "IMP-VEST",
];

const jsonl = (rows: unknown[]) =>
  Readable.from([Buffer.from(rows.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n"))]);
const item = (n: number, price = 10) => ({
  sku: `JL-${n}`,
  name: `Line Product ${n}`,
  brand: "Linebrand",
  category: "Lines",
  price,
  listPrice: price + 5,
  stockLevel: n,
  tags: ["line"],
});

describe.each(DB_KINDS)("product import on the %s database", (kind) => {
  const shop = useShop(kind);
  const db = () => shop.server.database.db;

  it("imports a Shopify CSV: one product per handle, bad rows reported with their line; a re-import updates", async () => {
    const facetsBefore = (await new HttpClient(shop.server.baseUrl).get("/api/products")).json;
    const result = await importProducts(db(), createReadStream(FIXTURE), { format: "csv", batchSize: 4 });
    expect(result.errors.map((e) => [e.line, e.reason])).toEqual([
      [9, 'Variant Price is not a price: "twelve".'],
      [10, "Vendor is empty (it is the product's brand)."],
      [12, 'Variant Inventory Qty is not a whole number: "many".'],
      [13, "Image URL must start with https:// or /images/, or be empty."],
      [17, "Handle is empty."],
    ]);
    expect(result).toMatchObject({ inserted: 9, updated: 0, failed: 5, skippedVariants: 0 });
    const rows = await db().select().from(products).where(inArray(products.sku, IMPORTED_SKUS));
    expect(rows).toHaveLength(9);
    const bySku = Object.fromEntries(rows.map((r) => [r.sku, r]));
    // A handle with a Size option is one product with a variant per size, its SKU the handle's.
    expect(bySku["alpine-shell-jacket"]).toMatchObject({
      name: "Alpine Shell Jacket",
      description: "A waterproof shell & hood.",
      brand: "Fjordson",
      category: "Jackets",
      price: 14900,
      listPrice: 18900,
      stockLevel: 26,
      tags: ["outdoor", "rain", "hiking"],
      imageUrl: "https://cdn.example.com/jacket-front.jpg",
      hidden: false,
    });
    expect(bySku["trail-runner-shoe"]).toMatchObject({
      imageUrl: "https://cdn.example.com/shoe.jpg",
      listPrice: 8950,
      description: "Grippy outsole.\nLight upper.",
    });
    expect(bySku["IMP-POUR"]?.category).toBe("Coffee Makers");
    expect(bySku["IMP-LAMP"]?.hidden).toBe(true);
    expect(bySku["no-sku-blanket"]?.imageUrl).toBe("/images/products/no-sku-blanket.svg");
    expect(bySku["IMP-SOCKS"]).toMatchObject({ price: 1800, listPrice: 1800 });

    // The catalogue's counts follow: 8 visible products more, Jackets has 3 more.
    const after = (await new HttpClient(shop.server.baseUrl).get("/api/products?pageSize=1")).json;
    expect(after.collectionTotal).toBe(facetsBefore.collectionTotal + 8);
    const jackets = (list: { facets: { categories: { value: string; count: number }[] } }) =>
      list.facets.categories.find((c) => c.value === "Jackets")?.count ?? 0;
    expect(jackets(after)).toBe(jackets(facetsBefore) + 3);

    // A re-import with a changed price updates, never duplicates.
    const changed = readFileSync(FIXTURE, "utf8").replace("IMP-POUR,400,30,32.00", "IMP-POUR,400,30,35.00");
    const again = await importProducts(db(), Readable.from([changed]), { format: "csv" });
    expect(again).toMatchObject({ inserted: 0, updated: 9, failed: 5 });
    const pour = await db().select().from(products).where(like(products.sku, "IMP-POUR"));
    expect(pour.map((p) => p.price)).toEqual([3500]);
    expect((await db().select().from(products).where(inArray(products.sku, IMPORTED_SKUS))).length).toBe(9);
  });

  it("a crash in batch 2 leaves batch 1 written; running the file again completes it without duplicates", async () => {
    const file = Array.from({ length: 25 }, (_, i) => item(i + 1));
    await expect(
      importProducts(db(), jsonl(file), {
        format: "jsonl",
        batchSize: 10,
        beforeBatch: (n) => {
          if (n === 2) throw new Error("injected crash");
        },
      }),
    ).rejects.toThrow("injected crash");
    const written = await db().select({ sku: products.sku }).from(products).where(like(products.sku, "JL-%"));
    expect(written).toHaveLength(10);
    const rerun = await importProducts(db(), jsonl(file), { format: "jsonl", batchSize: 10 });
    expect(rerun).toMatchObject({ inserted: 15, updated: 10, failed: 0 });
    expect(
      await db().select({ sku: products.sku }).from(products).where(like(products.sku, "JL-%")),
    ).toHaveLength(25);
  });

  it("a bad row in the middle of a batch is reported while the batch's other rows go in", async () => {
    const file: unknown[] = Array.from({ length: 12 }, (_, i) => item(3001 + i));
    file[5] = { ...item(3006), listPrice: "lots" };
    const result = await importProducts(db(), jsonl(file), { format: "jsonl", batchSize: 4 });
    expect(result).toMatchObject({ rows: 12, inserted: 11, updated: 0, failed: 1 });
    expect(result.errors.map((e) => [e.line, e.sku])).toEqual([[6, "JL-3006"]]);
    const skus = (await db().select({ sku: products.sku }).from(products).where(like(products.sku, "JL-30%")))
      .map((r) => r.sku)
      .sort();
    expect(skus).toEqual(
      Array.from({ length: 12 }, (_, i) => `JL-${3001 + i}`)
        .filter((s) => s !== "JL-3006")
        .sort(),
    );
  });

  it("writes a batch's new products in category, brand and name order, so a search's matches share pages", async () => {
    const rows = [
      { category: "Zeta", brand: "Beta", name: "Lamp" },
      { category: "Alpha", brand: "Gamma", name: "Kettle" },
      { category: "Zeta", brand: "Alpha", name: "Stool" },
      { category: "Alpha", brand: "Gamma", name: "Grinder" },
      { category: "Alpha", brand: "Delta", name: "Cup" },
    ].map((r, i) => ({ ...item(6001 + i), ...r }));
    await importProducts(db(), jsonl(rows), { format: "jsonl", batchSize: 10 });
    // The order they lie in the table (ctid), the one a bitmap heap scan reads them in. The
    // insert goes on where the free space map sends it (a page freed by autovacuum comes first),
    // so the batch may be cut into runs on several pages: each page holds a run in order.
    const stored = (await db().execute(
      sql`select name, (ctid::text::point)[0] as page from ${products}
          where ${like(products.sku, "JL-600%")} order by ctid`,
    )) as unknown as { rows: { name: string; page: number }[] };
    const expected = ["Cup", "Grinder", "Kettle", "Stool", "Lamp"];
    const pages = new Map<number, string[]>();
    for (const r of stored.rows) pages.set(Number(r.page), [...(pages.get(Number(r.page)) ?? []), r.name]);
    expect(stored.rows).toHaveLength(expected.length);
    for (const names of pages.values()) {
      const from = expected.indexOf(names[0] ?? "");
      expect(names).toEqual(expected.slice(from, from + names.length));
    }
  });

  it("re-importing the same file updates nothing and duplicates nothing; a changed text drops only that embedding", async () => {
    const file = Array.from({ length: 6 }, (_, i) => item(4001 + i));
    expect(await importProducts(db(), jsonl(file), { format: "jsonl", batchSize: 4 })).toMatchObject({
      inserted: 6,
      updated: 0,
      unchanged: 0,
    });
    const mine = like(products.sku, "JL-400%");
    await db()
      .update(products)
      .set({ embedding: [1, 0], embeddingModel: "test-model" })
      .where(mine);
    const before = await db().select().from(products).where(mine);
    const same = await importProducts(db(), jsonl(file), { format: "jsonl", batchSize: 4 });
    expect(same).toMatchObject({ inserted: 0, updated: 6, unchanged: 6, failed: 0 });
    // Not written at all: same row versions, same update stamps, embeddings kept.
    const after = await db().select().from(products).where(mine);
    expect(after).toHaveLength(6);
    expect(after.map((r) => [r.sku, r.updatedAt.getTime(), r.embeddingModel]).sort()).toEqual(
      before.map((r) => [r.sku, r.updatedAt.getTime(), "test-model"]).sort(),
    );

    const changed = [...file];
    changed[0] = { ...item(4001), stockLevel: 999 };
    changed[1] = { ...item(4002), name: "Line Product 4002, renamed" };
    changed.push(item(4007));
    const again = await importProducts(db(), jsonl(changed), { format: "jsonl", batchSize: 4 });
    expect(again).toMatchObject({ inserted: 1, updated: 6, unchanged: 4 });
    const rows = Object.fromEntries((await db().select().from(products).where(mine)).map((r) => [r.sku, r]));
    expect(Object.keys(rows)).toHaveLength(7);
    expect(rows["JL-4001"]).toMatchObject({ stockLevel: 999, embeddingModel: "test-model" });
    expect(rows["JL-4002"]).toMatchObject({
      name: "Line Product 4002, renamed",
      embedding: null,
      embeddingModel: null,
    });
    expect(rows["JL-4003"]?.embeddingModel).toBe("test-model");
  });

  it("a crash between a batch's inserts and its updates rolls back both; the re-run completes", async () => {
    const first = Array.from({ length: 4 }, (_, i) => item(5001 + i));
    await importProducts(db(), jsonl(first), { format: "jsonl" });
    // Batch 1: JL-5001..5004 (existing; prices changed) and JL-5005..5008 (new); batch 2: JL-5009..5012.
    const file = Array.from({ length: 12 }, (_, i) => item(5001 + i, 30));
    await expect(
      importProducts(db(), jsonl(file), {
        format: "jsonl",
        batchSize: 8,
        betweenWrites: (n) => {
          if (n === 1) throw new Error("injected crash");
        },
      }),
    ).rejects.toThrow("injected crash");
    const mine = like(products.sku, "JL-50%");
    const left = await db().select({ sku: products.sku, price: products.price }).from(products).where(mine);
    expect(left.map((r) => [r.sku, r.price]).sort()).toEqual(first.map((p) => [p.sku, 1000]).sort());
    const rerun = await importProducts(db(), jsonl(file), { format: "jsonl", batchSize: 8 });
    expect(rerun).toMatchObject({ inserted: 8, updated: 4, unchanged: 0, failed: 0 });
    const done = await db().select({ sku: products.sku, price: products.price }).from(products).where(mine);
    expect(done).toHaveLength(12);
    expect(new Set(done.map((r) => r.price))).toEqual(new Set([3000]));
  });

  it("imports JSON lines of our product shape, with bad lines reported", async () => {
    const result = await importProducts(
      db(),
      jsonl([
        item(101, 20),
        "{not json",
        "",
        { ...item(102), price: -1 },
        { ...item(103), sku: "bad sku!" },
        item(104),
      ]),
      { format: "jsonl" },
    );
    expect(result).toMatchObject({ inserted: 2, failed: 3 });
    expect(result.errors.map((e) => e.line)).toEqual([2, 4, 5]);
    expect(result.errors[2]?.reason).toBe(
      "SKU may contain only letters, digits, dots, dashes and underscores.",
    );
    const [row] = await db().select().from(products).where(like(products.sku, "JL-101"));
    expect(row).toMatchObject({
      price: 2000,
      listPrice: 2500,
      stockLevel: 101,
      imageUrl: "/images/products/JL-101.svg",
    });
  });

  it("the merchant imports through the Import route, sees its progress and downloads the bad rows; shoppers get 403", async () => {
    const base = shop.server.baseUrl;
    const csv = readFileSync(FIXTURE);
    const anonymous = new HttpClient(base);
    const { http: shopper } = await signUpShopper(base);
    expect((await anonymous.upload("/api/merchant/imports?fileName=p.csv", csv, "text/csv")).status).toBe(
      401,
    );
    expect((await shopper.upload("/api/merchant/imports?fileName=p.csv", csv, "text/csv")).status).toBe(403);
    expect((await shopper.get("/api/merchant/embeddings/progress")).status).toBe(403);
    const merchant = await signUpMerchant(base);
    const started = await merchant.upload("/api/merchant/imports?fileName=products.csv", csv, "text/csv");
    expect(started.status).toBe(202);
    const id = started.json.id as string;
    expect((await shopper.get(`/api/merchant/imports/${id}`)).status).toBe(403);
    let job = started.json;
    for (let i = 0; i < 100 && job.status === "running"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await merchant.get(`/api/merchant/imports/${id}`)).json;
    }
    expect(job).toMatchObject({
      status: "done",
      failed: 5,
      bytesRead: csv.byteLength,
      totalBytes: csv.byteLength,
    });
    expect(job.inserted + job.updated).toBe(9);
    const report = await merchant.get(`/api/merchant/imports/${id}/errors.csv`);
    expect(report.status).toBe(200);
    expect(report.headers.get("content-type")).toMatch(/text\/csv/);
    expect(report.text.split("\n")[0]).toBe("line,sku,reason");
    expect(report.text).toContain('9,IMP-MUG,"Variant Price is not a price: ""twelve""."');
    expect((await shopper.get(`/api/merchant/imports/${id}/errors.csv`)).status).toBe(403);
    const progress = (await merchant.get("/api/merchant/embeddings/progress")).json;
    expect(progress.total).toBeGreaterThan(0);
  });
});
