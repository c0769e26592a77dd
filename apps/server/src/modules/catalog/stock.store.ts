import { and, asc, eq, inArray, notExists, type SQL, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { preparedSql, preparedStatement } from "../../platform/db/prepared.ts";
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
  const rows = await productVariantsStatement(db, { productId });
  const [first] = rows;
  if (!first) return null;
  const options = withOptions ? (await loadOptionsAndVariants(db, productId)).options : [];
  return { product: first.product, options, variants: rows.map((r) => r.variant) };
}

// Every add to the cart reads it: its SQL is built once (preparedStatement).
const productVariantsStatement = preparedStatement("catalog_product_variants", (q) =>
  q
    .select({
      product: { id: products.id, name: products.name, hidden: products.hidden },
      variant: variantColumns,
    })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(eq(products.id, sql.placeholder("productId")))
    .orderBy(asc(productVariants.position), asc(productVariants.id)),
);

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

/** One line a checkout buys: units of one variant of one product. */
export interface StockTake {
  productId: string;
  variantId: string;
  quantity: number;
}

/** A PostgreSQL array literal of uuids or integers, sent as one text parameter (same text for any length). */
function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.join(",")}}`;
}

/** Units per variant, each variant once (two lines of one variant are one row to update). */
function byVariant(lines: readonly StockTake[]): StockTake[] {
  const merged = new Map<string, StockTake>();
  for (const l of lines) {
    const seen = merged.get(l.variantId);
    merged.set(l.variantId, seen ? { ...seen, quantity: seen.quantity + l.quantity } : { ...l });
  }
  return [...merged.values()].sort(
    (a, b) => a.productId.localeCompare(b.productId) || a.variantId.localeCompare(b.variantId),
  );
}

/**
 * The stock's one statement, its SQL built once per process (preparedStatement): the products
 * locked in id order (`for no key update`, or `nowait`), then the variants (by product, then id),
 * then every line's units moved; taking moves only where the shelf holds enough.
 */
function moveStockSql(name: string, lockProducts: SQL) {
  return preparedSql<{ id: string }>(
    name,
    sql`
    with want as (
      select * from unnest(${sql.placeholder("variantIds")}::uuid[], ${sql.placeholder("quantities")}::int[]) as w(variant_id, quantity)
    ), locked_products as (
      select p.id from products p
      where p.id in (select product_id from product_variants where id = any(${sql.placeholder("variantIds")}::uuid[]))
      order by p.id ${lockProducts}
    ), locked_variants as (
      select v.id from product_variants v
      where v.id = any(${sql.placeholder("variantIds")}::uuid[]) and (select count(*) from locked_products) >= 0
      order by v.product_id, v.id for no key update
    )
    update product_variants v
    set stock_level = v.stock_level + ${sql.placeholder("sign")}::int * w.quantity, updated_at = now()
    from want w
    where v.id = w.variant_id and (not ${sql.placeholder("taking")}::boolean or v.stock_level >= w.quantity)
      and (select count(*) from locked_variants) >= 0
    returning v.id`,
  );
}
const moveStockWaiting = moveStockSql("catalog_move_stock", sql`for no key update`);
const moveStockNowait = moveStockSql("catalog_move_stock_nowait", sql`for no key update nowait`);

/**
 * Moves units of many variants in one statement: `sign` -1 takes them (only where the shelf holds
 * enough, never below zero), +1 puts them back. Every writer of stock locks in one order: the
 * products' rows first, then the variants', each in id order (a product write goes product then
 * variant, and a variant's roll-up writes its product), so two checkouts sharing products, or a
 * checkout and a cancelled order's return, never wait on each other in a cycle. The lock steps
 * run before the update (init plans); a row another transaction changed meanwhile is re-read and
 * re-checked at its update. The variants' products are found from the variants themselves.
 */
async function moveStock(
  tx: Tx,
  lines: readonly StockTake[],
  sign: 1 | -1,
  wait = true,
): Promise<Set<string>> {
  const variantIds = arrayLiteral(lines.map((l) => l.variantId));
  const quantities = arrayLiteral(lines.map((l) => l.quantity));
  const taking = sign < 0;
  const statement = wait ? moveStockWaiting : moveStockNowait;
  const moved = await statement(tx, { variantIds, quantities, sign, taking });
  return new Set(moved.rows.map((r) => r.id));
}

/** PostgreSQL's lock_not_available: a `nowait` lock found its row held by another transaction. */
const LOCK_NOT_AVAILABLE = "55P03";

/** Whether `error` (or what it wraps) is a `nowait` lock that found its row held. */
export function isRowBusy(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if ((e as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return true;
  return false;
}

/**
 * Takes every line's units off its variant's shelf in one statement, never below zero (locks as
 * moveStock takes them). All or nothing: null when every line was taken, else the first line (in
 * lock order) that could not be, with what is left of it; the caller then rolls the transaction back.
 * `wait: false`: a product's row held by another transaction fails the statement at once
 * (isRowBusy) instead of queueing for it, so the caller can wait without holding a connection.
 */
export async function takeStocks(
  tx: Tx,
  lines: readonly StockTake[],
  { wait = true }: { wait?: boolean } = {},
): Promise<{ variantId: string; left: number } | null> {
  const wanted = byVariant(lines);
  if (wanted.length === 0) return null;
  const taken = await moveStock(tx, wanted, -1, wait);
  if (taken.size === wanted.length) return null;
  const short = wanted.find((l) => !taken.has(l.variantId))!;
  const [now] = await tx
    .select({ s: productVariants.stockLevel })
    .from(productVariants)
    .where(eq(productVariants.id, short.variantId));
  return { variantId: short.variantId, left: now?.s ?? 0 };
}

/**
 * Puts units back on their variants' shelves (a cancel, a refund, a payment that failed or was
 * never made) in one statement, locked as checkout locks them; a variant deleted since is skipped.
 */
export async function returnStocks(
  tx: Tx,
  lines: readonly { variantId: string | null; quantity: number }[],
): Promise<void> {
  const back = byVariant(
    lines.flatMap((l) =>
      l.variantId && l.quantity > 0 ? [{ productId: "", variantId: l.variantId, quantity: l.quantity }] : [],
    ),
  );
  if (back.length > 0) await moveStock(tx, back, 1);
}

/** A variant low on stock, as the merchant's dashboard lists it. */
export interface LowStockVariant {
  productId: string;
  variantId: string;
  productName: string;
  optionValues: string[];
  stockLevel: number;
}

/**
 * The visible products' variants with `atMost` units or fewer, fewest first (then by SKU, which
 * keeps a product's variants together), at most `limit` of them, and how many there are, counted
 * up to `countUpTo` (a total of `countUpTo` means at least that many). A product without options
 * is its default variant, so it is listed by its own name.
 *
 * Both read the partial index of low variants in its order (migration 0042) and stop early: the
 * list after `limit` visible rows, the count after `countUpTo`. Ordering by the product's name
 * instead read and sorted every variant of the lowest level (12,500 at 100,000 products with
 * 500,000 variants, 69 ms), and counting them all read 70,000 index entries.
 */
export async function lowStockVariants(
  db: Queryable,
  atMost: number,
  limit: number,
  countUpTo: number,
): Promise<{ variants: LowStockVariant[]; total: number }> {
  const variants = await db
    .select({
      productId: products.id,
      variantId: productVariants.id,
      productName: products.name,
      optionValues: productVariants.optionValues,
      stockLevel: productVariants.stockLevel,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.hidden, false), sql`${productVariants.stockLevel} <= ${atMost}`))
    .orderBy(asc(productVariants.stockLevel), asc(productVariants.sku))
    .limit(limit);
  // Every low variant but those of hidden products (an anti-join against the small partial index
  // of hidden products, where a join to products would read every product), up to the bound.
  const counted = db
    .select({ one: sql`1`.as("one") })
    .from(productVariants)
    .where(
      and(
        sql`${productVariants.stockLevel} <= ${atMost}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(products)
            .where(and(eq(products.id, productVariants.productId), sql`${products.hidden}`)),
        ),
      ),
    )
    .limit(countUpTo)
    .as("counted");
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(counted);
  return { variants, total: total?.n ?? 0 };
}
