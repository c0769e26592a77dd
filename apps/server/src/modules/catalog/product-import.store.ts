import type { ImportRowError } from "@haggle/domain/catalog/product-import";
import { desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { productImports, products } from "../../platform/db/schema.ts";
import type { NewProduct } from "./merchant-products.store.ts";

export type ImportedProduct = Required<NewProduct>;

/**
 * Inserts the batch's products, or updates those whose SKU exists (a re-import updates, never
 * duplicates). A product whose text changes loses its embedding, so the background embedding job
 * embeds it again; its picture, stock and visibility are the file's. One statement: the facet
 * count and catalogue version triggers run once for the batch.
 */
export async function upsertProductsBySku(
  db: Queryable,
  rows: readonly ImportedProduct[],
): Promise<{ inserted: number; updated: number }> {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const textChanged = sql`(${products.name}, ${products.description}, ${products.brand}, ${products.category}, ${products.tags})
    is distinct from (excluded.name, excluded.description, excluded.brand, excluded.category, excluded.tags)`;
  const result = await db
    .insert(products)
    .values(rows.map((r) => ({ ...r })))
    .onConflictDoUpdate({
      target: products.sku,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        brand: sql`excluded.brand`,
        category: sql`excluded.category`,
        price: sql`excluded.price`,
        listPrice: sql`excluded.list_price`,
        imageUrl: sql`excluded.image_url`,
        stockLevel: sql`excluded.stock_level`,
        tags: sql`excluded.tags`,
        hidden: sql`excluded.hidden`,
        embedding: sql`case when ${textChanged} then null else ${products.embedding} end`,
        embeddingModel: sql`case when ${textChanged} then null else ${products.embeddingModel} end`,
        updatedAt: sql`now()`,
      },
    })
    // xmax is 0 on a row this statement inserted, the updating transaction's id on one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const inserted = result.filter((r) => r.inserted === true || (r.inserted as unknown) === "t").length;
  return { inserted, updated: result.length - inserted };
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
