import type { Product, ProductQuery } from "@haggle/contract/products";
import type { BundleSearch } from "@haggle/domain/negotiation/bundle-candidate";
import type { BundleCandidate } from "@haggle/domain/negotiation/negotiation-types";
import { escapeLike } from "@haggle/domain/text/search-text";
import { and, asc, count, desc, eq, gte, inArray, lte, notInArray, type SQL, sql } from "drizzle-orm";
import type { SeedProduct } from "../../platform/db/seed/catalogue.ts";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { products } from "../../platform/db/schema.ts";
import { type ProductImageInput, productImagePath } from "./product-image.ts";

/** The columns a product answer needs: not the embedding nor the search vector (large, internal). */
export const productColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  description: products.description,
  brand: products.brand,
  category: products.category,
  price: products.price,
  listPrice: products.listPrice,
  imageUrl: products.imageUrl,
  rating: products.rating,
  reviewCount: products.reviewCount,
  inStock: products.inStock,
  stockLevel: products.stockLevel,
  demandIndex: products.demandIndex,
  tags: products.tags,
};

export type ProductRow = Pick<typeof products.$inferSelect, keyof typeof productColumns>;

export function toProductDto(row: ProductRow): Product {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    description: row.description,
    brand: row.brand,
    category: row.category,
    price: row.price,
    listPrice: row.listPrice,
    imageUrl: row.imageUrl,
    rating: Math.round(row.rating * 10) / 10,
    reviewCount: row.reviewCount,
    inStock: row.inStock,
    stockLevel: row.stockLevel,
    demandIndex: Math.round(row.demandIndex * 100) / 100,
    tags: row.tags,
  };
}

/** How close a misspelt word must be to a word of the name or brand (pg_trgm word_similarity). */
const TYPO_SIMILARITY = 0.45;

/**
 * Every search word must appear in the name, description or brand (case-insensitive), or be a
 * near miss of a word in the name or brand ("headphnes").
 */
function wordConditions(words: string[]): SQL[] {
  return words.map((word) => {
    const pattern = `%${escapeLike(word)}%`;
    return sql`(${products.name} ilike ${pattern} or ${products.brand} ilike ${pattern} or ${products.description} ilike ${pattern} or word_similarity(${word}, ${products.name} || ' ' || ${products.brand}) >= ${TYPO_SIMILARITY})`;
  });
}

function orderFor(sort: ProductQuery["sort"], words: string[]): SQL[] {
  switch (sort) {
    case "price-low":
      return [asc(products.price), asc(products.name), asc(products.id)];
    case "price-high":
      return [desc(products.price), asc(products.name), asc(products.id)];
    case "rating":
      return [desc(products.rating), desc(products.reviewCount), asc(products.name), asc(products.id)];
    default: {
      // What can be bought first, then what is in demand.
      const featured = [
        desc(products.inStock),
        desc(products.demandIndex),
        asc(products.name),
        asc(products.id),
      ];
      if (words.length === 0) return featured;
      const text = words.join(" ");
      const relevance = sql`(case when ${products.name} ilike ${`%${escapeLike(text)}%`} then 1 else 0 end) desc, ts_rank(${products.searchVector}, plainto_tsquery('english', ${text})) desc, word_similarity(${text}, ${products.name} || ' ' || ${products.brand}) desc`;
      return [relevance, ...featured];
    }
  }
}

export interface ShopPageQuery {
  /** The search words (already tokenized); every one must match. */
  words: string[];
  category: string[];
  brand: string[];
  sort: ProductQuery["sort"];
  page: number;
  pageSize: number;
}

/** One page of the visible products, with the counts of each facet value and of the collection. */
export async function queryShopPage(db: Queryable, query: ShopPageQuery) {
  const visible = eq(products.hidden, false);
  const text = wordConditions(query.words);
  const byCategory = query.category.length > 0 ? inArray(products.category, query.category) : undefined;
  const byBrand = query.brand.length > 0 ? inArray(products.brand, query.brand) : undefined;
  const where = and(visible, ...text, byCategory, byBrand);

  // Each facet counts what the other filters leave, so choosing a brand keeps its siblings visible.
  const [rows, [totalRow], categories, brands, [collectionRow]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...orderFor(query.sort, query.words))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(products).where(where),
    db
      .select({ value: products.category, count: count() })
      .from(products)
      .where(and(visible, ...text, byBrand))
      .groupBy(products.category),
    db
      .select({ value: products.brand, count: count() })
      .from(products)
      .where(and(visible, ...text, byCategory))
      .groupBy(products.brand),
    db.select({ n: count() }).from(products).where(visible),
  ]);
  return {
    rows,
    total: totalRow?.n ?? 0,
    collectionTotal: collectionRow?.n ?? 0,
    categories,
    brands,
  };
}

/** A product the shop sells or shows (not hidden); null when there is none. */
export async function findVisibleProduct(db: Queryable, id: string): Promise<ProductRow | null> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), eq(products.hidden, false)))
    .limit(1);
  return row ?? null;
}

/** What the product picture is drawn from, by SKU (hidden products keep their picture). */
export async function findImageSource(db: Queryable, sku: string): Promise<ProductImageInput | null> {
  const [row] = await db
    .select({ sku: products.sku, name: products.name, brand: products.brand, category: products.category })
    .from(products)
    .where(eq(products.sku, sku))
    .limit(1);
  return row ?? null;
}

export async function countAllProducts(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products);
  return row?.n ?? 0;
}

export async function countVisibleProducts(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.hidden, false));
  return row?.n ?? 0;
}

/**
 * Inserts the seeded catalogue; a SKU that exists already is left as it is, so a merchant's
 * edits survive a re-seed. Returns how many products were created.
 */
export async function insertSeedProducts(tx: Tx, catalogue: readonly SeedProduct[]): Promise<number> {
  const inserted = await tx
    .insert(products)
    .values(
      catalogue.map((p) => ({
        sku: p.sku,
        name: p.name,
        description: p.description,
        brand: p.brand,
        category: p.category,
        price: p.priceCents,
        listPrice: p.listPriceCents,
        imageUrl: productImagePath(p.sku),
        rating: p.rating,
        reviewCount: p.reviewCount,
        stockLevel: p.stockLevel,
        demandIndex: p.demandIndex,
        tags: p.tags,
      })),
    )
    .onConflictDoNothing({ target: products.sku })
    .returning({ id: products.id });
  return inserted.length;
}

/**
 * The shop's own bundle pick, the domain's search in one query: visible, enough stock, not in
 * the cart, inside the price band; the preferred category first, then the hottest, the best
 * rated, the lowest id (the order pickBundleCandidate sorts by).
 */
export async function searchBundleCandidate(db: Queryable, search: BundleSearch): Promise<BundleCandidate | null> {
  const [row] = await db
    .select({ id: products.id, name: products.name, price: products.price })
    .from(products)
    .where(
      and(
        eq(products.hidden, false),
        gte(products.stockLevel, search.minStock),
        notInArray(products.id, search.exclude),
        gte(products.price, search.minPrice),
        lte(products.price, search.maxPrice),
      ),
    )
    .orderBy(
      sql`(${products.category} = ${search.preferCategory ?? ""}) desc`,
      desc(products.demandIndex),
      desc(products.rating),
      asc(products.id),
    )
    .limit(1);
  return row ? { productId: row.id, name: row.name, price: row.price } : null;
}

/** What decides whether a bundled product can still join a cart: hidden, stock, price. */
export async function bundledProduct(db: Queryable, productId: string) {
  const [row] = await db
    .select({ hidden: products.hidden, stockLevel: products.stockLevel, price: products.price })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? null;
}
