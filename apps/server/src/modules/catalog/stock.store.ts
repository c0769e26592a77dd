import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { productOptions, products, productVariants } from "../../platform/db/schema/catalog.ts";

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

/** A variant as a cart, checkout or the product page reads it. */
export interface VariantRow {
  id: string;
  sku: string;
  optionValues: string[];
  price: number;
  listPrice: number;
  stockLevel: number;
  imageUrl: string;
}

export interface ProductVariants {
  product: { id: string; name: string; hidden: boolean };
  /** The product's options in order (none for a product without options). */
  options: { name: string; values: string[] }[];
  /** Its variants in the merchant's order (one, the default, for a product without options). */
  variants: VariantRow[];
}

const variantColumns = {
  id: productVariants.id,
  sku: productVariants.sku,
  optionValues: productVariants.optionValues,
  price: productVariants.price,
  listPrice: productVariants.listPrice,
  stockLevel: productVariants.stockLevel,
  imageUrl: productVariants.imageUrl,
};

/** A product (hidden ones too) with its options and variants; null when there is none. */
export async function findProductVariants(db: Queryable, productId: string): Promise<ProductVariants | null> {
  const [product] = await db
    .select({ id: products.id, name: products.name, hidden: products.hidden })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product) return null;
  // One after another: `db` may be a transaction (one connection).
  const options = await db
    .select({ name: productOptions.name, values: productOptions.values })
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position));
  const variants = await db
    .select(variantColumns)
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return { product, options, variants };
}

/** The default variants (no option values) of these products, by product; a product with options has none. */
export async function findDefaultVariants(
  db: Queryable,
  productIds: readonly string[],
): Promise<Map<string, VariantRow>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productVariants.productId, variant: variantColumns })
    .from(productVariants)
    .where(
      and(inArray(productVariants.productId, [...productIds]), sql`${productVariants.optionValues} = '{}'`),
    );
  return new Map(rows.map((r) => [r.productId, r.variant]));
}

/** A variant with what a line needs of its product (name, hidden). */
export interface LineVariantStock {
  productId: string;
  variantId: string;
  productName: string;
  hidden: boolean;
  optionValues: string[];
  stockLevel: number;
}

/**
 * What each of `ids` buys, for callers that name a line by one id (ACP's items): a variant's id
 * is that variant; a product's id is its default variant (a product with options has none, so
 * its id finds nothing). Ids that find nothing are left out.
 */
export async function findLineVariants(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, LineVariantStock>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      productId: productVariants.productId,
      variantId: productVariants.id,
      productName: products.name,
      hidden: products.hidden,
      optionValues: productVariants.optionValues,
      stockLevel: productVariants.stockLevel,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      sql`${productVariants.id} in ${[...ids]} or (${productVariants.productId} in ${[...ids]} and ${productVariants.optionValues} = '{}')`,
    );
  const found = new Map<string, LineVariantStock>();
  for (const id of ids) {
    const row =
      rows.find((r) => r.variantId === id) ??
      rows.find((r) => r.productId === id && r.optionValues.length === 0);
    if (row) found.set(id, row);
  }
  return found;
}

/**
 * Takes `quantity` units of a variant with one conditional update, so its stock cannot go below
 * zero whatever races it (the product's derived stock follows by migration 0028's roll-up).
 * `left` is the stock after taking, or, when there was too little, the stock now.
 */
export async function takeStock(
  tx: Tx,
  variantId: string,
  quantity: number,
): Promise<{ taken: boolean; left: number }> {
  const [taken] = await tx
    .update(productVariants)
    .set({ stockLevel: sql`${productVariants.stockLevel} - ${quantity}`, updatedAt: new Date() })
    .where(and(eq(productVariants.id, variantId), gte(productVariants.stockLevel, quantity)))
    .returning({ left: productVariants.stockLevel });
  if (taken) return { taken: true, left: taken.left };
  const [now] = await tx
    .select({ s: productVariants.stockLevel })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return { taken: false, left: now?.s ?? 0 };
}

/** Puts units of a variant back on the shelf (a cancel, a refund, a payment that failed or was never made); a variant deleted since is skipped. */
export async function returnStock(tx: Tx, variantId: string | null, quantity: number): Promise<void> {
  if (quantity <= 0 || !variantId) return;
  await tx
    .update(productVariants)
    .set({ stockLevel: sql`${productVariants.stockLevel} + ${quantity}`, updatedAt: new Date() })
    .where(eq(productVariants.id, variantId));
}
