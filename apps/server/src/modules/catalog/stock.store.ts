import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { products } from "../../platform/db/schema/catalog.ts";

/** What a cart change needs to know of a product. */
const stockColumns = {
  id: products.id,
  name: products.name,
  stockLevel: products.stockLevel,
  hidden: products.hidden,
};

export interface ProductStock {
  id: string;
  name: string;
  stockLevel: number;
  hidden: boolean;
}

export async function findProductStock(db: Queryable, productId: string): Promise<ProductStock | null> {
  const [row] = await db.select(stockColumns).from(products).where(eq(products.id, productId)).limit(1);
  return row ?? null;
}

/** The products among `ids` that exist (hidden ones too), in no particular order. */
export async function findProductsStock(db: Queryable, ids: readonly string[]): Promise<ProductStock[]> {
  if (ids.length === 0) return [];
  return db
    .select(stockColumns)
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/** The name of one product among `ids` that the merchant hid, or null when none is hidden. */
export async function findHiddenProductName(db: Queryable, ids: readonly string[]): Promise<string | null> {
  if (ids.length === 0) return null;
  const [row] = await db
    .select({ name: products.name })
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.hidden, true)))
    .limit(1);
  return row?.name ?? null;
}

/**
 * Takes `quantity` units with one conditional update, so the stock cannot go below zero whatever
 * races it. `left` is the stock after taking, or, when there was too little, the stock now.
 */
export async function takeStock(
  tx: Tx,
  productId: string,
  quantity: number,
): Promise<{ taken: boolean; left: number }> {
  const [taken] = await tx
    .update(products)
    .set({ stockLevel: sql`${products.stockLevel} - ${quantity}`, updatedAt: new Date() })
    .where(and(eq(products.id, productId), gte(products.stockLevel, quantity)))
    .returning({ left: products.stockLevel });
  if (taken) return { taken: true, left: taken.left };
  const [now] = await tx.select({ s: products.stockLevel }).from(products).where(eq(products.id, productId));
  return { taken: false, left: now?.s ?? 0 };
}

/** Puts units back on the shelf (a cancel, a refund, a payment that failed or was never made); a product deleted since is skipped. */
export async function returnStock(tx: Tx, productId: string, quantity: number): Promise<void> {
  if (quantity <= 0) return;
  await tx
    .update(products)
    .set({ stockLevel: sql`${products.stockLevel} + ${quantity}`, updatedAt: new Date() })
    .where(eq(products.id, productId));
}
