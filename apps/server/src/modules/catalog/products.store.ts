import type { Product } from "@haggle/contract/products";
import { swatchesOf } from "@haggle/domain/catalog/option-facets";
import type { BundleSearch } from "@haggle/domain/negotiation/bundle-candidate";
import type { BundleCandidate } from "@haggle/domain/negotiation/negotiation-types";
import { and, asc, count, desc, eq, gt, gte, lte, notInArray, type SQLWrapper, sql } from "drizzle-orm";
import type { SeedProduct } from "../../platform/db/seed/catalogue.ts";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import {
  productFacetCounts,
  productPairings,
  products,
  productVariants,
} from "../../platform/db/schema/catalog.ts";
import { type ProductImageInput, productImagePath } from "./product-image.ts";

/** The columns a product answer needs: not the embedding nor the search vector (large, internal). */
export const productColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  slug: products.slug,
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
  maxPrice: products.maxPrice,
  optionFacets: products.optionFacets,
};

export type ProductRow = Pick<typeof products.$inferSelect, keyof typeof productColumns>;

export function toProductDto(row: ProductRow): Product {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    slug: row.slug,
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
    maxPrice: row.maxPrice,
    hasOptions: row.optionFacets.length > 0,
    swatches: swatchesOf(row.optionFacets),
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

/** A visible product by its page address (the unique slug index); null when there is none. */
export async function findVisibleProductBySlug(db: Queryable, slug: string): Promise<ProductRow | null> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.hidden, false)))
    .limit(1);
  return row ?? null;
}

/** A visible product's page address by its id (an id URL redirects to it); null when there is none. */
export async function findVisibleSlug(db: Queryable, id: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: products.slug })
    .from(products)
    .where(and(eq(products.id, id), eq(products.hidden, false)))
    .limit(1);
  return row?.slug ?? null;
}

/** The visible products the merchant cross-sells with a product, newest pairing first. */
export async function crossSellsOf(db: Queryable, productId: string, limit: number): Promise<ProductRow[]> {
  return db
    .select(productColumns)
    .from(productPairings)
    .innerJoin(products, eq(products.id, productPairings.pairedProductId))
    .where(
      and(
        eq(productPairings.productId, productId),
        eq(productPairings.kind, "cross_sell"),
        eq(products.hidden, false),
      ),
    )
    .orderBy(desc(productPairings.createdAt), asc(products.id))
    .limit(limit);
}

/** Visible products of a category other than those excluded, the catalogue's featured order. */
export async function sameCategoryProducts(
  db: Queryable,
  category: string,
  exclude: readonly string[],
  limit: number,
): Promise<ProductRow[]> {
  return db
    .select(productColumns)
    .from(products)
    .where(
      and(eq(products.category, category), eq(products.hidden, false), notInArray(products.id, [...exclude])),
    )
    .orderBy(desc(products.inStock), desc(products.demandIndex), asc(products.name), asc(products.id))
    .limit(limit);
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
/** Inserts the seeded products the shop lacks (by SKU); answers those inserted. */
export async function insertSeedProducts(
  tx: Tx,
  catalogue: readonly SeedProduct[],
): Promise<{ id: string; sku: string }[]> {
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
    .returning({ id: products.id, sku: products.sku });
  return inserted;
}

/**
 * The shop's own bundle pick, the domain's search in one query: visible, enough stock, not in
 * the cart, inside the price band; the preferred category first, then the hottest, the best
 * rated, the lowest id (the order pickBundleCandidate sorts by).
 */
/**
 * Ava bundles only a product without options: which size or colour a shopper wants is theirs to
 * choose, so a bundled product is its default variant (the unique index on product and option
 * values finds it).
 */
export function hasDefaultVariant(productId: SQLWrapper) {
  return sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${productId} and ${productVariants.optionValues} = '{}')`;
}

export async function searchBundleCandidate(
  db: Queryable,
  search: BundleSearch,
): Promise<BundleCandidate | null> {
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
        hasDefaultVariant(products.id),
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

/**
 * What decides whether a bundled product can still join a cart (hidden, stock, price) and the
 * variant it joins as: its default variant; null for a product gone or given options since.
 */
export async function bundledProduct(db: Queryable, productId: string) {
  const [row] = await db
    .select({
      hidden: products.hidden,
      stockLevel: productVariants.stockLevel,
      price: productVariants.price,
      variantId: productVariants.id,
    })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(and(eq(products.id, productId), sql`${productVariants.optionValues} = '{}'`));
  return row ?? null;
}

/** The categories that hold at least one visible product, by name (the facet counts' own table). */
export async function visibleCategories(db: Queryable): Promise<string[]> {
  const rows = await db
    .select({ value: productFacetCounts.value })
    .from(productFacetCounts)
    .where(and(eq(productFacetCounts.kind, "category"), gt(productFacetCounts.visible, 0)))
    .orderBy(asc(productFacetCounts.value));
  return rows.map((row) => row.value);
}

/** Visible products' addresses and last change, oldest first, at most `limit` (the sitemap's). */
export async function visibleProductSlugs(
  db: Queryable,
  limit: number,
): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.hidden, false))
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(limit);
}

/**
 * One page of the visible products by id, after `after` (the ACP product feed's): the primary
 * key's order, so a page reads `limit` rows of its index however large the catalogue (by name,
 * every page sorted every visible product: 30 s at 120,000 on the embedded database).
 */
export async function visibleProductsForFeed(
  db: Queryable,
  page: { after?: string | undefined; limit: number },
): Promise<ProductRow[]> {
  return db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.hidden, false), page.after ? gt(products.id, page.after) : undefined))
    .orderBy(asc(products.id))
    .limit(page.limit);
}

/**
 * A sample cart for the merchant to try Ava on: `limit` visible products well in stock at an
 * everyday price ($30 to $150), by id, so the same shop gives the same cart (cheap at any size:
 * the first rows of the primary key that qualify).
 */
export async function sampleCartProducts(db: Queryable, limit: number): Promise<ProductRow[]> {
  return db
    .select(productColumns)
    .from(products)
    .where(
      and(
        eq(products.hidden, false),
        gte(products.stockLevel, 10),
        gte(products.price, 3_000),
        lte(products.price, 15_000),
      ),
    )
    .orderBy(asc(products.id))
    .limit(limit);
}
