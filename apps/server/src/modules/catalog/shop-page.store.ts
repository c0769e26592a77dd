import type { ProductQuery } from "@haggle/contract/products";
import { facetCountsFromPairs } from "@haggle/domain/catalog/facet-counts";
import { escapeLike, likelyCasings } from "@haggle/domain/text/search-text";
import { and, asc, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { serially } from "../../platform/db/serially.ts";
import {
  productFacetCounts,
  productOptionCounts,
  productPairCounts,
  products,
} from "../../platform/db/schema/catalog.ts";
import { productColumns, type ProductRow } from "./products.store.ts";

/**
 * The catalogue page (GET /api/products): one page of the visible products with the facet
 * counts, the total and the collection's size. Measured at 100,000 products (bench/README.md,
 * docs/decisions/0019-catalogue-at-scale.md):
 * - without words, nothing reads more products than it shows or counts: the page walks the
 *   index of its order, and each facet is counted under the other facet's filter alone, from
 *   the counts the triggers keep (migrations 0009 and 0025: per value, and per category and
 *   brand pair);
 * - with words, one statement finds the matches once (a materialized CTE) and answers both the
 *   facet counts and the page's ids from them; the page's products are then read by id. Before,
 *   the page and the counts each found and rechecked every match (twice the trigram work), and
 *   the page computed word_similarity for every match.
 */

/** A search word and the vocabulary words it may be a typo of ("brehwaus" -> "brewhaus"). */
export interface SearchWord {
  word: string;
  corrections: string[];
  /**
   * For a word the vocabulary does not know: the vocabulary words near it by trigrams
   * ("headphnes" -> "headphones", found in memory: list-products.service.ts). A product whose
   * name or brand holds one matches; no product name is trigram-compared with the typed word.
   */
  near?: string[];
  /**
   * Of the word and its near words, those no other word of the shop's vocabulary contains
   * (list-products.service.ts): a name or brand holds one only as a whole word, which the full
   * text finds, so they need no LIKE arm. Without it every word has one.
   */
  wholeWords?: ReadonlySet<string>;
}

/** Below this length a word matches by its whole (stemmed) form only: no trigrams to look up. */
const MIN_TRIGRAM_WORD = 3;

const nameAndBrand = sql`(${products.name} || ' ' || ${products.brand})`;

/**
 * A product matches a word when its search_vector has it (name, brand, category, description;
 * stemmed, GIN index) or its name or brand contains it ("headph"); a word the shop's vocabulary
 * does not know also matches when its name or brand holds one of the vocabulary words near it
 * ("headphnes" -> "headphones", SearchWord.near). The LIKE arms use the trigram index on
 * name || ' ' || brand; every arm of the OR has an index, so the planner ORs bitmaps.
 *
 * A word no other vocabulary word contains (SearchWord.wholeWords: "headphones", a typo) has no
 * LIKE arm: a name or brand can hold it only as a whole word, which the full text finds, a near
 * word through the full text's name, brand and category entries (weights A and B). That spares
 * the trigram index's candidates and their LIKE recheck (13,889 at 1,000,000 products for
 * "headphones"). The full text arms come first, so a row's recheck stops at the first that
 * holds. Before, an unknown word was matched by `(name || ' ' || brand) %> word`:
 * word_similarity for every trigram candidate (docs/decisions/0019).
 */
function matchesWord(
  word: string,
  near: readonly string[] = [],
  whole: ReadonlySet<string> = new Set(),
): SQL {
  const text = sql`${products.searchVector} @@ plainto_tsquery('english', ${word})`;
  if (word.length < MIN_TRIGRAM_WORD) return text;
  // A whole word is letters only, so it is safe in to_tsquery's syntax.
  const inNameOrBrand = near
    .filter((w) => whole.has(w))
    .map((w) => sql`${products.searchVector} @@ to_tsquery('english', ${`${w}:AB`})`);
  const contains = [word, ...near]
    .filter((w) => !whole.has(w))
    .map((w) => sql`${nameAndBrand} ilike ${`%${escapeLike(w)}%`}`);
  const arms = [text, ...inNameOrBrand, ...contains];
  return arms.length === 1 ? text : sql`(${sql.join(arms, sql` or `)})`;
}

/** Every search word (or one of its corrections) must match. */
export function wordConditions(words: readonly SearchWord[]): SQL[] {
  return words.map((w) => {
    const alternatives = [
      matchesWord(w.word, w.near, w.wholeWords),
      ...w.corrections.map((c) => matchesWord(c)),
    ];
    return alternatives.length === 1 ? alternatives[0]! : sql`(${sql.join(alternatives, sql` or `)})`;
  });
}

/** The order of a page without words, on products' own columns (each has its index). */
function listingOrder(sort: ProductQuery["sort"]): SQL[] {
  switch (sort) {
    case "price-low":
      return [asc(products.price), asc(products.name), asc(products.id)];
    case "price-high":
      return [desc(products.price), asc(products.name), asc(products.id)];
    case "rating":
      return [desc(products.rating), desc(products.reviewCount), asc(products.name), asc(products.id)];
    default:
      // What can be bought first, then what is in demand (the order of products_featured_idx).
      return [desc(products.inStock), desc(products.demandIndex), asc(products.name), asc(products.id)];
  }
}

/**
 * The same orders over the matches' CTE (plain column names). Relevance first: the name holding
 * the whole typed text, then ts_rank (with the first corrections), then how close the typed text
 * is to the name and brand (word_similarity: 1 when the name holds the text, so it is computed
 * only for the other matches: typos and partial words), then the featured order.
 */
export function matchOrder(sort: ProductQuery["sort"]): SQL {
  return sort === "featured"
    ? sql`in_name desc, text_rank desc, closeness desc, ${columnOrder(sort)}`
    : columnOrder(sort);
}

/** listingOrder over plain column names (a CTE's), for the listing's sorted matches. */
export function columnOrder(sort: ProductQuery["sort"]): SQL {
  switch (sort) {
    case "price-low":
      return sql`price asc, name asc, id asc`;
    case "price-high":
      return sql`price desc, name asc, id asc`;
    case "rating":
      return sql`rating desc, review_count desc, name asc, id asc`;
    default:
      return sql`in_stock desc, demand_index desc, name asc, id asc`;
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

export interface ShopPage {
  rows: ProductRow[];
  total: number;
  collectionTotal: number;
  categories: { value: string; count: number }[];
  brands: { value: string; count: number }[];
  /** How many of the products the other filters leave have each option value ("Size:M"). */
  options: OptionTextCount[];
  /** In a listing filtered by options: each shown product's first variant that matches them. */
  variantIds?: ReadonlyMap<string, string>;
}

export interface OptionTextCount {
  text: string;
  count: number;
}

/** Of the given words (with their near words), those some product (hidden or not) matches. */
export async function wordsMatchingAnyProduct(
  db: Queryable,
  searchWords: readonly SearchWord[],
): Promise<Set<string>> {
  const words = searchWords.map((w) => w.word);
  if (words.length === 0) return new Set();
  // A count, not exists(): for exists() the planner bets on a scan that stops at the first
  // match, which reads every product when (as for a typo) there is none. Every word keeps its
  // LIKE arm here (no wholeWords): hidden products count too, and the vocabulary has none of theirs.
  const checks = searchWords.map(
    (w, k) =>
      sql`(select count(*) from ${products} where ${matchesWord(w.word, w.near)}) > 0 as ${sql.raw(`k${k}`)}`,
  );
  const result = (await db.execute(sql`select ${sql.join(checks, sql`, `)}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const row = result.rows[0];
  // Only a clear "no" counts: a driver that answered nothing does not turn words into typos.
  return new Set(words.filter((_, k) => row?.[`k${k}`] !== false));
}

/** One page of the visible products, with the counts of each facet value and of the collection. */
export function queryShopPage(db: Queryable, query: ShopPageQuery): Promise<ShopPage> {
  return query.words.length === 0 ? listingPage(db, query) : searchPage(db, query);
}

/**
 * A filtered listing that matches at most this many products sorts its matches (read through
 * the filter's index) instead of walking the order's index: the walk assumes the matches are
 * spread evenly along the order, and they need not be. Imported products share one demand
 * index, so the featured order is the names' order, which begins with the brand: at 1,000,000
 * products a brand's page walked 672,000 rows (1.2–1.4 s) before its first match.
 */
export const SORT_MATCHES_UP_TO = 20_000;

async function listingPage(db: Queryable, query: ShopPageQuery): Promise<ShopPage> {
  const byCategory = query.category.length > 0 ? inArray(products.category, query.category) : undefined;
  const byBrand = query.brand.length > 0 ? inArray(products.brand, query.brand) : undefined;
  const filters = and(eq(products.hidden, false), byCategory, byBrand);
  if (!byCategory && !byBrand) {
    const [rows, facets] = await Promise.all([
      listingRows(db, filters, { total: Number.POSITIVE_INFINITY, collection: 0 }, query),
      filterFacets(db, query.category, query.brand),
    ]);
    return { rows, ...facets };
  }
  // The counts come first (kept counts): they say how many products match.
  const facets = {
    ...(await filterFacets(db, query.category, query.brand)),
    options: await optionCounts(db, query.category, query.brand),
  };
  const counts = { total: facets.total, collection: facets.collectionTotal };
  return { rows: await listingRows(db, filters, counts, query), ...facets };
}

/**
 * One page of the visible products a filter without words leaves, `total` of `collection`:
 * - more than SORT_MATCHES_UP_TO matches: walk the index of the order;
 * - fewer, spread evenly along the order, the page is found within WALK_SLACK times the rows
 *   that spread takes (24 of 8,000 in 100,000: about 300 rows): walk that many, no further
 *   (products_featured_idx and the like, then the filter on each row);
 * - otherwise, or when that walk fell short (matches bunched further along the order, as an
 *   imported brand is), sort the matches read through the filter's index (a materialized CTE,
 *   so the planner cannot walk instead).
 * With one category chosen, in the featured order, the walk reads that category's products only
 * (products_category_featured_idx): `Size:XL` in Audio at 100,000 products walked 495 entries
 * of every category to find its 24, 47 of Audio's this way.
 */
export async function listingRows(
  db: Queryable,
  filters: SQL | undefined,
  counts: { total: number; collection: number },
  query: Pick<ShopPageQuery, "sort" | "page" | "pageSize"> & { category?: readonly string[] },
): Promise<ProductRow[]> {
  const offset = (query.page - 1) * query.pageSize;
  if (counts.total > SORT_MATCHES_UP_TO)
    return db
      .select(productColumns)
      .from(products)
      .where(filters)
      .orderBy(...listingOrder(query.sort))
      .limit(query.pageSize)
      .offset(offset);
  const wanted = Math.min(query.pageSize, Math.max(0, counts.total - offset));
  if (wanted === 0) return [];
  const walk = Math.ceil(((offset + wanted) * counts.collection * WALK_SLACK) / Math.max(counts.total, 1));
  const [only, ...more] = query.category ?? [];
  const within =
    query.sort === "featured" && more.length === 0 && only ? eq(products.category, only) : undefined;
  if (walk < counts.total) {
    // The walked rows are aliased "products", so the filter's column names read them.
    const walked = (await db.execute(sql`
      select products.id::text as id from (
        select ${sql.join(
          [
            products.id,
            products.hidden,
            products.category,
            products.brand,
            products.optionFacets,
            products.optionPairs,
            products.inStock,
            products.demandIndex,
            products.name,
            products.price,
            products.rating,
            products.reviewCount,
          ],
          sql`, `,
        )} from ${products} where ${and(eq(products.hidden, false), within)}
        order by ${sql.join(listingOrder(query.sort), sql`, `)} limit ${walk}
      ) as products where ${filters}
      order by ${sql.join(listingOrder(query.sort), sql`, `)}
      limit ${query.pageSize} offset ${offset}`)) as unknown as { rows: { id: string }[] };
    if (walked.rows.length === wanted)
      return productsInOrder(
        db,
        walked.rows.map((r) => r.id),
      );
  }
  const result = (await db.execute(sql`
    with matches as materialized (
      select ${products.id} as id, ${products.price} as price, ${products.name} as name,
        ${products.rating} as rating, ${products.reviewCount} as review_count,
        ${products.inStock} as in_stock, ${products.demandIndex} as demand_index
      from ${products} where ${filters}
    )
    select id::text as id from matches order by ${columnOrder(query.sort)}
    limit ${query.pageSize} offset ${offset}`)) as unknown as { rows: { id: string }[] };
  return productsInOrder(
    db,
    result.rows.map((r) => r.id),
  );
}

/** How many times the rows an even spread of the matches takes a bounded walk reads (listingRows). */
const WALK_SLACK = 4;

/**
 * How many of the products of the chosen categories and brands have each option value: sums of
 * the kept counts (product_option_counts, migration 0034), no product read.
 */
async function optionCounts(db: Queryable, category: string[], brand: string[]): Promise<OptionTextCount[]> {
  const statement = sql`
    select ${productOptionCounts.facet} as text, sum(${productOptionCounts.visible})::int as n
    from ${productOptionCounts}
    where ${and(
      eq(productOptionCounts.paired, ""),
      gt(productOptionCounts.visible, 0),
      category.length > 0 ? inArray(productOptionCounts.category, category) : undefined,
      brand.length > 0 ? inArray(productOptionCounts.brand, brand) : undefined,
    )}
    group by ${productOptionCounts.facet}`;
  const result = (await serially(db, (tx) => tx.execute(statement))) as unknown as {
    rows: { text: string; n: number }[];
  };
  return result.rows.map((r) => ({ text: r.text, count: Number(r.n) }));
}

/** The products of these ids, in the ids' order. */
export async function productsInOrder(db: Queryable, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const found = await db.select(productColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ProductRow => r !== undefined);
}

interface CountRow {
  kind: string;
  value: string;
  brand: string | null;
  n: number;
}

/**
 * Facets without words, each counted under the other facet's filter (so choosing a brand keeps
 * its siblings visible), in one statement of kept counts (no product is read): an unfiltered
 * facet and the collection from product_facet_counts (migration 0009); with a filter, the
 * (category, brand) pairs of the chosen values from product_pair_counts (migration 0025), whose
 * sums are the other facet and the total (facetCountsFromPairs). Before the pairs were kept,
 * a filtered facet was an index-only scan of every product of the chosen values (83,000 entries
 * for Audio at 1,000,000 products).
 */
async function filterFacets(db: Queryable, category: string[], brand: string[]) {
  const parts: SQL[] = [
    sql`select ${productFacetCounts.kind} as kind, ${productFacetCounts.value} as value, null::text as brand,
        ${productFacetCounts.visible}::int as n
      from ${productFacetCounts} where ${gt(productFacetCounts.visible, 0)}`,
  ];
  const filtered = category.length > 0 || brand.length > 0;
  if (filtered) {
    const chosen = [
      ...(category.length > 0 ? [inArray(productPairCounts.category, category)] : []),
      ...(brand.length > 0 ? [inArray(productPairCounts.brand, brand)] : []),
    ];
    parts.push(sql`select 'pair', ${productPairCounts.category}, ${productPairCounts.brand}, ${productPairCounts.visible}
      from ${productPairCounts} where ${gt(productPairCounts.visible, 0)} and (${sql.join(chosen, sql` or `)})`);
  }
  const rows = ((await db.execute(sql.join(parts, sql` union all `))) as unknown as { rows: CountRow[] })
    .rows;
  const of = (kind: string) =>
    rows
      .filter((r) => r.kind === kind && Number(r.n) > 0)
      .map((r) => ({ value: r.value, count: Number(r.n) }));
  const collection = Number(rows.find((r) => r.kind === "all")?.n ?? 0);
  const pairs = rows
    .filter((r) => r.kind === "pair" && r.brand !== null)
    .map((r) => ({ category: r.value, brand: r.brand as string, count: Number(r.n) }));
  // The pairs read are those of a chosen value: they hold every count a filter changes.
  const byFilter = facetCountsFromPairs(pairs, category, brand);
  return {
    total: filtered ? byFilter.total : collection,
    collectionTotal: collection,
    categories: brand.length > 0 ? byFilter.categories : of("category"),
    brands: category.length > 0 ? byFilter.brands : of("brand"),
    options: of("option").map((o) => ({ text: o.value, count: o.count })),
  };
}

interface SearchRow {
  kind: "pair" | "collection" | "option" | "page";
  category: string | null;
  brand: string | null;
  n: number | null;
  collection: number | null;
  id: string | null;
  pos: number | null;
}

/**
 * Whether the name holds the text, case-insensitively: `name ilike '%text%'`, tested first
 * case-sensitively in the casings a name most likely has ("Wireless Headphones"), so the name is
 * lowered only when those miss. Lowering every match's name (as ilike does) took 10-15 ms of a
 * one-word search's 85-100 at 1,000,000 products.
 */
function nameHolds(text: string): SQL {
  const casings = likelyCasings(text).map((c) => sql`strpos(${products.name}, ${c}) > 0`);
  return sql.join([...casings, sql`strpos(lower(${products.name}), lower(${text})) > 0`], sql` or `);
}

/**
 * The matches' columns a search needs: category and brand for the facets, and the order's
 * columns (a narrower row is cheaper to keep for 13,889 matches).
 */
export function orderColumns(sort: ProductQuery["sort"]): SQL {
  switch (sort) {
    case "price-low":
    case "price-high":
      return sql`${products.price} as price`;
    case "rating":
      return sql`${products.rating} as rating, ${products.reviewCount} as review_count`;
    default:
      return sql`${products.inStock} as in_stock, ${products.demandIndex} as demand_index`;
  }
}

/**
 * The featured order's relevance over the matches of words: the lateral join computing in_name
 * once per match (not again for the closeness) and the columns it orders by; none for another
 * order or without words. The order reads the words as meant: a typo's nearest vocabulary word
 * (or first correction).
 */
export function relevanceOf(query: Pick<ShopPageQuery, "words" | "sort">): { inName: SQL; relevance: SQL } {
  if (query.words.length === 0 || query.sort !== "featured") return { inName: sql``, relevance: sql`` };
  const text = query.words.map((w) => w.near?.[0] ?? w.corrections[0] ?? w.word).join(" ");
  return {
    inName: sql`cross join lateral (select ${nameHolds(text)} as in_name) as typed`,
    relevance: sql`, in_name,
        ts_rank(${products.searchVector}, plainto_tsquery('english', ${text})) as text_rank,
        case when in_name then 1::real else word_similarity(${text}, ${nameAndBrand}) end as closeness`,
  };
}

/**
 * With words: the matches once (a materialized CTE of the columns the order and facets need),
 * how many of them each (category, brand) pair holds (the facet counts follow from those:
 * facetCountsFromPairs), how many have each option value (counted per distinct set of values
 * the matches hold, then unnested: unnesting every match's values cost more than finding the
 * matches), and the page's ids in its order; then the page's products by id. The matches read
 * are those passing the words and at least one of the two filters.
 */
async function searchPage(db: Queryable, query: ShopPageQuery): Promise<ShopPage> {
  const byCategory = query.category.length > 0 ? inArray(products.category, query.category) : undefined;
  const byBrand = query.brand.length > 0 ? inArray(products.brand, query.brand) : undefined;
  const either = byCategory && byBrand ? sql`(${byCategory} or ${byBrand})` : undefined;
  const { inName, relevance } = relevanceOf(query);
  const collection = sql`(select ${productFacetCounts.visible} from ${productFacetCounts} where ${productFacetCounts.kind} = 'all')`;
  const result = (await db.execute(sql`
    with matches as materialized (
      select ${products.id} as id, ${products.category} as category, ${products.brand} as brand,
        ${products.name} as name, ${products.optionFacets} as option_facets, ${orderColumns(query.sort)},
        ${byCategory ?? sql`true`} as in_category, ${byBrand ?? sql`true`} as in_brand ${relevance}
      from ${products} ${inName}
      where ${and(eq(products.hidden, false), ...wordConditions(query.words), either)}
    ),
    pairs as (
      select category, brand, count(*)::int as n from matches group by category, brand
    ),
    page as (
      select id, row_number() over (order by ${matchOrder(query.sort)})::int as pos
      from (
        select * from matches where in_category and in_brand
        order by ${matchOrder(query.sort)}
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
      ) as chosen
    )
    select 'pair' as kind, category, brand, n, null::int as collection, null::text as id, null::int as pos
    from pairs
    union all
    select 'collection', null, null, null, ${collection}::int, null, null
    union all
    select 'option', facet, null, sum(n)::int, null, null, null
    from (select option_facets, count(*) as n from matches where in_category and in_brand
      group by option_facets) as held
    cross join lateral unnest(option_facets) as facet group by facet
    union all
    select 'page', null, null, null, null, id::text, pos from page`)) as unknown as {
    rows: SearchRow[];
  };
  const pairs = result.rows
    .filter((r) => r.kind === "pair" && r.category !== null && r.brand !== null)
    .map((r) => ({ category: r.category as string, brand: r.brand as string, count: Number(r.n) }));
  const { categories, brands, total } = facetCountsFromPairs(pairs, query.category, query.brand);
  const collectionTotal = Number(result.rows.find((r) => r.kind === "collection")?.collection ?? 0);
  const pageIds = result.rows
    .filter((r) => r.kind === "page" && r.id)
    .sort((a, b) => Number(a.pos) - Number(b.pos))
    .map((r) => r.id as string);
  const options = result.rows
    .filter((r) => r.kind === "option" && r.category !== null)
    .map((r) => ({ text: r.category as string, count: Number(r.n) }));
  return { rows: await productsInOrder(db, pageIds), total, collectionTotal, categories, brands, options };
}
