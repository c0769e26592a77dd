import type { Product, ProductQuery } from "@haggle/contract/products";
import type { BundleSearch } from "@haggle/domain/negotiation/bundle-candidate";
import type { BundleCandidate } from "@haggle/domain/negotiation/negotiation-types";
import { escapeLike } from "@haggle/domain/text/search-text";
import { and, asc, count, desc, eq, gt, gte, inArray, lte, notInArray, type SQL, sql } from "drizzle-orm";
import type { SeedProduct } from "../../platform/db/seed/catalogue.ts";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { productFacetCounts, productPairings, products } from "../../platform/db/schema.ts";
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
  };
}

/** A search word and the vocabulary words it may be a typo of ("brehwaus" -> "brewhaus"). */
export interface SearchWord {
  word: string;
  corrections: string[];
}

/** Below this length a word matches by its whole (stemmed) form only: no trigrams to look up. */
const MIN_TRIGRAM_WORD = 3;

const nameAndBrand = sql`(${products.name} || ' ' || ${products.brand})`;

/**
 * A product matches a word when its search_vector has it (name, brand, category, description;
 * stemmed, GIN index), its name or brand contains it ("headph"), or a word of its name or
 * brand is a near miss of it ("headphnes": pg_trgm's `<%` at the session's
 * word_similarity_threshold, see platform/db/client.ts). The last two use the trigram index on
 * name || ' ' || brand; every arm of the OR has an index, so the planner ORs bitmaps.
 */
function matchesWord(word: string): SQL {
  const text = sql`${products.searchVector} @@ plainto_tsquery('english', ${word})`;
  if (word.length < MIN_TRIGRAM_WORD) return text;
  return sql`(${text} or ${nameAndBrand} ilike ${`%${escapeLike(word)}%`} or ${word} <% ${nameAndBrand})`;
}

/** Every search word (or one of its corrections) must match. */
function wordConditions(words: readonly SearchWord[]): SQL[] {
  return words.map((w) => {
    const alternatives = [w.word, ...w.corrections].map(matchesWord);
    return alternatives.length === 1 ? alternatives[0]! : sql`(${sql.join(alternatives, sql` or `)})`;
  });
}

function orderFor(sort: ProductQuery["sort"], words: readonly SearchWord[]): SQL[] {
  switch (sort) {
    case "price-low":
      return [asc(products.price), asc(products.name), asc(products.id)];
    case "price-high":
      return [desc(products.price), asc(products.name), asc(products.id)];
    case "rating":
      return [desc(products.rating), desc(products.reviewCount), asc(products.name), asc(products.id)];
    default: {
      // What can be bought first, then what is in demand (the order of products_featured_idx).
      const featured = [
        desc(products.inStock),
        desc(products.demandIndex),
        asc(products.name),
        asc(products.id),
      ];
      if (words.length === 0) return featured;
      const text = words.map((w) => w.word).join(" ");
      const corrected = words.map((w) => w.corrections[0] ?? w.word).join(" ");
      const relevance = sql`(case when ${products.name} ilike ${`%${escapeLike(text)}%`} then 1 else 0 end) desc, ts_rank(${products.searchVector}, plainto_tsquery('english', ${corrected})) desc, word_similarity(${text}, ${nameAndBrand}) desc`;
      return [relevance, ...featured];
    }
  }
}

export interface ShopPageQuery {
  /** The search words (already tokenized, with their typo corrections); every one must match. */
  words: SearchWord[];
  category: string[];
  brand: string[];
  sort: ProductQuery["sort"];
  page: number;
  pageSize: number;
}

/** Of the given words, those some product (hidden or not) matches as typed. */
export async function wordsMatchingAnyProduct(db: Queryable, words: readonly string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  // A count, not exists(): for exists() the planner bets on a scan that stops at the first
  // match, which reads every product when (as for a typo) there is none.
  const checks = words.map(
    (w, k) => sql`(select count(*) from ${products} where ${matchesWord(w)}) > 0 as ${sql.raw(`k${k}`)}`,
  );
  const result = (await db.execute(sql`select ${sql.join(checks, sql`, `)}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const row = result.rows[0];
  // Only a clear "no" counts: a driver that answered nothing does not turn words into typos.
  return new Set(words.filter((_, k) => row?.[`k${k}`] !== false));
}

interface FacetRow {
  category: string | null;
  brand: string | null;
  /** grouping(category, brand): 1 for the category rows, 2 for the brand rows, 3 for the total. */
  g: number;
  for_category: number;
  for_brand: number;
  matching: number;
  collection: number;
}

/**
 * The facet counts, the total and the collection's size in one statement (grouping sets; the
 * unfiltered collection reads the counts kept by triggers instead).
 * Each facet counts what the other filters leave, so choosing a brand keeps its siblings
 * visible: the rows read are those passing the text and at least one of the two filters.
 */
async function queryFacets(db: Queryable, text: SQL[], byCategory?: SQL, byBrand?: SQL) {
  if (text.length === 0 && !byCategory && !byBrand) return collectionFacets(db);
  const either = byCategory && byBrand ? sql`(${byCategory} or ${byBrand})` : undefined;
  const where = and(eq(products.hidden, false), ...text, either);
  // Kept by triggers (see the schema): counting the visible products would read them all.
  const collectionCount = sql`(select ${productFacetCounts.visible} from ${productFacetCounts} where ${productFacetCounts.kind} = 'all')`;
  const result = (await db.execute(sql`
    select ${products.category} as category, ${products.brand} as brand,
      grouping(${products.category}, ${products.brand})::int as g,
      count(*) filter (where ${byBrand ?? sql`true`})::int as for_category,
      count(*) filter (where ${byCategory ?? sql`true`})::int as for_brand,
      count(*) filter (where ${and(byCategory, byBrand) ?? sql`true`})::int as matching,
      ${collectionCount}::int as collection
    from ${products}
    where ${where}
    group by grouping sets ((${products.category}), (${products.brand}), ())`)) as unknown as {
    rows: FacetRow[];
  };
  const categories: { value: string; count: number }[] = [];
  const brands: { value: string; count: number }[] = [];
  let total = 0;
  // The grand total row is there even when nothing matches.
  let collection: number | null = null;
  for (const row of result.rows) {
    if (Number(row.g) === 3) {
      total = Number(row.matching);
      collection = Number(row.collection);
    }
    if (Number(row.g) === 1 && row.category !== null && Number(row.for_category) > 0)
      categories.push({ value: row.category, count: Number(row.for_category) });
    else if (Number(row.g) === 2 && row.brand !== null && Number(row.for_brand) > 0)
      brands.push({ value: row.brand, count: Number(row.for_brand) });
  }
  return { total, categories, brands, collection };
}

/** The whole visible collection's facets, from the counts the triggers keep (no product read). */
async function collectionFacets(db: Queryable) {
  const rows = await db
    .select({ kind: productFacetCounts.kind, value: productFacetCounts.value, n: productFacetCounts.visible })
    .from(productFacetCounts)
    .where(gt(productFacetCounts.visible, 0));
  const facet = (kind: string) =>
    rows.filter((r) => r.kind === kind).map((r) => ({ value: r.value, count: r.n }));
  const total = rows.find((r) => r.kind === "all")?.n ?? 0;
  return { total, categories: facet("category"), brands: facet("brand"), collection: total };
}

/** One page of the visible products, with the counts of each facet value and of the collection. */
export async function queryShopPage(db: Queryable, query: ShopPageQuery) {
  const visible = eq(products.hidden, false);
  const text = wordConditions(query.words);
  const byCategory = query.category.length > 0 ? inArray(products.category, query.category) : undefined;
  const byBrand = query.brand.length > 0 ? inArray(products.brand, query.brand) : undefined;
  const where = and(visible, ...text, byCategory, byBrand);

  const [rows, facets] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...orderFor(query.sort, query.words))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    queryFacets(db, text, byCategory, byBrand),
  ]);
  return {
    rows,
    total: facets.total,
    collectionTotal: facets.collection ?? (await countVisibleProducts(db)),
    categories: facets.categories,
    brands: facets.brands,
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

/** Every visible product, by name (the ACP product feed's). */
export async function visibleProductsForFeed(db: Queryable): Promise<ProductRow[]> {
  return db
    .select(productColumns)
    .from(products)
    .where(eq(products.hidden, false))
    .orderBy(asc(products.name), asc(products.id));
}
