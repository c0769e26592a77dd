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
  /** The product's options in order (none for a product without options; see findProductVariants). */
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

/** A product's options in order and its variants in the merchant's order (one after another: `db` may be a transaction). */
export async function loadOptionsAndVariants(
  db: Queryable,
  productId: string,
): Promise<Pick<ProductVariants, "options" | "variants">> {
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
  return { options, variants };
}

/**
 * A product (hidden ones too) with its variants, in one query (a cart change reads it on every
 * add); null when there is none. Its options' names are read only when asked (`withOptions`),
 * for the sentence that asks which variant: whether it has options shows in its variants (a
 * product without options has exactly one, with no option values).
 */
export async function findProductVariants(
  db: Queryable,
  productId: string,
  withOptions = false,
): Promise<ProductVariants | null> {
  const rows = await db
    .select({
      product: { id: products.id, name: products.name, hidden: products.hidden },
      variant: variantColumns,
    })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(eq(products.id, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const [first] = rows;
  if (!first) return null;
  const options = withOptions ? (await loadOptionsAndVariants(db, productId)).options : [];
  return { product: first.product, options, variants: rows.map((r) => r.variant) };
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
