import type { ImportRowError } from "@haggle/domain/catalog/product-import";
import { desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { minorUnitsPerUnit } from "../../platform/db/column-values.ts";
import { productImports } from "../../platform/db/schema/catalog.ts";
import type { NewProduct } from "./merchant-products.store.ts";

export type ImportedProduct = Required<NewProduct>;

/** A column list written the same way in the batch's input, insert and comparison. */
const COLUMNS =
  "sku, name, description, brand, category, price, list_price, image_url, stock_level, tags, hidden";

/** The batch as one JSON text parameter: prices in cents, tags as an array. */
function batchJson(rows: readonly ImportedProduct[]): string {
  return JSON.stringify(
    rows.map((r) => ({
      sku: r.sku,
      name: r.name,
      description: r.description,
      brand: r.brand,
      category: r.category,
      price: r.price,
      list_price: r.listPrice,
      image_url: r.imageUrl,
      stock_level: r.stockLevel,
      tags: r.tags,
      hidden: r.hidden,
    })),
  );
}

/**
 * The batch's rows as a relation (one parameter, however many rows: the statement's text and
 * its parse cost stay the same for every batch, on both databases).
 */
const input = (json: string) => sql`(
  select sku, name, description, brand, category,
    (price / ${minorUnitsPerUnit()})::numeric(12, 2) as price, (list_price / ${minorUnitsPerUnit()})::numeric(12, 2) as list_price,
    image_url, stock_level, tags, hidden
  from json_to_recordset(${json}::json) as t(
    sku text, name text, description text, brand text, category text, price bigint, list_price bigint,
    image_url text, stock_level integer, tags text[], hidden boolean)
) as i`;

/**
 * Writes the batch by SKU in two set-based statements (a re-import updates, never duplicates):
 * the SKUs not there yet are inserted (the slug trigger runs for those rows only), then the
 * existing ones whose values differ from the file's are updated; a row already equal to the
 * file's is not written at all (no new row version, index entries or trigger work), so
 * re-running a file is cheap. A product whose text changes loses its embedding, so the
 * background embedding job embeds it again; its picture, stock and visibility are the file's.
 * A product with options keeps its price and stock: they are its variants' (written next).
 * New products are written in (category, brand, name) order, so those a search finds together
 * (a category's, a brand's, a product line's) share heap pages: at 1,000,000 products the
 * 13,889 matches of "headphones" lay on 13,381 pages in the file's order and on 5,999 this way,
 * and the search reads every match's page (docs/decisions/0029).
 * The facet count and catalogue version triggers run once per statement. A SKU inserted by
 * someone else meanwhile is skipped by the insert and updated by the second statement.
 * `updated` counts every existing SKU (now holding the file's values), `unchanged` those of
 * them that already did.
 */
export async function upsertProductsBySku(
  db: Queryable,
  rows: readonly ImportedProduct[],
  /** Runs between the two statements (tests inject a crash there: the batch's inserts roll back too). */
  betweenWrites?: () => void | Promise<void>,
): Promise<{ inserted: number; updated: number; unchanged: number }> {
  if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const json = batchJson(rows);
  const inserted = await db.execute(sql`
    insert into products (${sql.raw(COLUMNS)})
    select ${sql.raw(COLUMNS)} from ${input(json)}
    where not exists (select 1 from products p where p.sku = i.sku)
    order by i.category, i.brand, i.name, i.sku
    on conflict (sku) do nothing
    returning 1`);
  await betweenWrites?.();
  const updated = await db.execute(sql`
    update products p set
      name = i.name, description = i.description, brand = i.brand, category = i.category,
      price = case when o.product_id is null then i.price else p.price end,
      list_price = case when o.product_id is null then i.list_price else p.list_price end,
      image_url = i.image_url,
      stock_level = case when o.product_id is null then i.stock_level else p.stock_level end,
      tags = i.tags, hidden = i.hidden,
      embedding = case when (p.name, p.description, p.brand, p.category, p.tags)
        is distinct from (i.name, i.description, i.brand, i.category, i.tags) then null else p.embedding end,
      embedding_model = case when (p.name, p.description, p.brand, p.category, p.tags)
        is distinct from (i.name, i.description, i.brand, i.category, i.tags) then null else p.embedding_model end,
      updated_at = now()
    from ${input(json)}
      left join lateral (select product_id from product_options po where po.product_id = (
        select id from products q where q.sku = i.sku) limit 1) o on true
    where p.sku = i.sku
      and (p.name, p.description, p.brand, p.category, p.image_url, p.tags, p.hidden)
        is distinct from (i.name, i.description, i.brand, i.category, i.image_url, i.tags, i.hidden)
      or p.sku = i.sku and o.product_id is null
        and (p.price, p.list_price, p.stock_level) is distinct from (i.price, i.list_price, i.stock_level)
    returning 1`);
  const added = rowCount(inserted);
  const changed = rowCount(updated);
  // Rows inserted by the first statement are equal to the file's: the second leaves them alone.
  return { inserted: added, updated: rows.length - added, unchanged: rows.length - added - changed };
}

function rowCount(result: unknown): number {
  const r = result as { rows?: unknown[]; rowCount?: number | null; affectedRows?: number };
  return r.rows?.length ?? r.rowCount ?? r.affectedRows ?? 0;
}

export type ProductImportRow = typeof productImports.$inferSelect;

export async function createImportJob(
  db: Queryable,
  job: { fileName: string; format: string; totalBytes: number; createdBy: string | null },
): Promise<string> {
  const [row] = await db.insert(productImports).values(job).returning({ id: productImports.id });
  if (!row) throw new Error("the import job was not created");
  return row.id;
}

export interface ImportJobProgress {
  status?: string;
  bytesRead?: number;
  rows?: number;
  inserted?: number;
  updated?: number;
  failed?: number;
  skippedVariants?: number;
  errors?: ImportRowError[];
  message?: string;
}

export async function updateImportJob(db: Queryable, id: string, progress: ImportJobProgress): Promise<void> {
  await db
    .update(productImports)
    .set({ ...progress, updatedAt: sql`now()` })
    .where(eq(productImports.id, id));
}

export async function findImportJob(db: Queryable, id: string): Promise<ProductImportRow | null> {
  const [row] = await db.select().from(productImports).where(eq(productImports.id, id)).limit(1);
  return row ?? null;
}

export async function latestImportJobs(db: Queryable, limit: number): Promise<ProductImportRow[]> {
  return db.select().from(productImports).orderBy(desc(productImports.createdAt)).limit(limit);
}

/** Imports left running by a process that stopped: they will never finish. */
export async function failAbandonedImports(db: Queryable, message: string): Promise<number> {
  const rows = await db
    .update(productImports)
    .set({ status: "failed", message, updatedAt: sql`now()` })
    .where(eq(productImports.status, "running"))
    .returning({ id: productImports.id });
  return rows.length;
}

/** The catalogue version's latest value (bumped by the products triggers, migration 0010). */
export async function readCatalogueVersion(db: Queryable): Promise<number> {
  const result = await db.execute(sql`select last_value, is_called from catalogue_version_seq`);
  const row = (result as unknown as { rows: { last_value: string | number; is_called: boolean }[] }).rows[0];
  return row?.is_called ? Number(row.last_value) : 0;
}
