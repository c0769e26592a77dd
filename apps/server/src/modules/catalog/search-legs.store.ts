import type { Product } from "@haggle/contract/products";
import type { ProductSearchFilters, SearchSort } from "@haggle/domain/assistant/shopping-request";
import { TARGET_PRICE_BOOST } from "@haggle/domain/catalog/rank-fusion";
import {
  type QueryGroup,
  relaxedCoverage,
  requiredCoverage,
  tagForms,
} from "@haggle/domain/catalog/search-query";
import type { SearchVocabulary } from "@haggle/domain/catalog/typo-corrections";
import type { Cents } from "@haggle/domain/pricing/money";
import { asc, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { moneySql } from "../../platform/db/column-values.ts";
import { productPairCounts, products, searchVocabulary } from "../../platform/db/schema/catalog.ts";
import { productColumns, toProductDto } from "./products.store.ts";
import { SEARCH_LEXICON } from "./search-lexicon.ts";

/**
 * The SQL of product search, and the only part of it that knows the schema: the structured
 * filters, the text leg (full text over the weighted search_vector and the tags, scored by the
 * word groups a product covers), the name leg (pg_trgm word_similarity), the vector leg with
 * pgvector, the reads the exact in-process vector leg needs, and the listings by price, rating
 * or popularity. Every function takes the database (or the search's transaction) as given.
 */

/** How much a match through a typo correction or a synonym counts, against the typed word (ranking only). */
export const CORRECTION_CREDIT = 0.9;
export const SYNONYM_CREDIT = 0.8;
/**
 * The name-similarity leg re-ranks this many of the best text matches (word_similarity of the
 * typed text to each name is too slow to compute for every match of a broad word at 100,000
 * products).
 */
const NAME_LEG_POOL = 500;

/** Ids and how many products qualified in all (the page is the first `limit`). */
export interface IdPage {
  ids: string[];
  total: number;
}

/** The rows of a raw query; both drivers (PGlite, node-postgres) answer `{ rows }`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A PostgreSQL array literal of text values ('{"a","b"}'), for one bound parameter. */
function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`;
}

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

function pageOf(rows: { id: string; total: number }[]): IdPage {
  return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
}

/** One snapshot for every leg of a search, and pgvector settings local to it. */
export function inSearchSnapshot<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => run(tx as unknown as Db));
}

/** The structured filters as a WHERE condition; hidden products never pass. */
function filterSql(filters: ProductSearchFilters): SQL {
  const parts: SQL[] = [sql`hidden = false`];
  const lower = (values: string[]) => values.map((v) => v.trim().toLowerCase()).filter((v) => v.length > 0);
  const categories = lower(filters.categories);
  if (categories.length > 0) parts.push(sql`lower(category) = any(${textArray(categories)}::text[])`);
  const brands = lower(filters.brands);
  if (brands.length > 0) parts.push(sql`lower(brand) = any(${textArray(brands)}::text[])`);
  if (filters.minPrice !== null) parts.push(sql`price >= ${moneySql(filters.minPrice)}`);
  if (filters.maxPrice !== null) parts.push(sql`price <= ${moneySql(filters.maxPrice)}`);
  if (filters.onSale) parts.push(sql`list_price > price`);
  if (filters.inStockOnly) parts.push(sql`stock_level > 0`);
  // Compared as real, like the column, so "4.1 and up" keeps a product rated 4.1.
  if (filters.minRating !== null && Number.isFinite(filters.minRating))
    parts.push(sql`rating >= ${filters.minRating}::real`);
  const tags = lower(filters.tags);
  if (tags.length > 0) parts.push(sql`tags @> ${textArray(tags)}::text[]`);
  return sql.join(parts, sql` and `);
}

function tsQuery(text: string): SQL {
  return text.includes(" ")
    ? sql`phraseto_tsquery('english', ${text})`
    : sql`plainto_tsquery('english', ${text})`;
}

/**
 * A product matches terms when its search_vector does (name, brand, category, description) or
 * one of its tags is a term. Tags are not part of search_vector and have no index (yet): the
 * tag test is added only for forms the shop really uses as tags, so other words stay on the GIN
 * index of search_vector.
 */
function termsMatch(
  terms: readonly string[],
  vocabulary: SearchVocabulary,
  tagPhrases: readonly string[] = [],
): SQL {
  if (terms.length === 0) return sql`false`;
  const text = sql`search_vector @@ (${sql.join(terms.map(tsQuery), sql` || `)})`;
  const tags = [...new Set([...tagForms(terms, SEARCH_LEXICON), ...tagPhrases])].filter((t) =>
    vocabulary.tags.has(t),
  );
  return tags.length > 0 ? sql`(${text} or tags && ${textArray(tags)}::text[])` : sql`(${text})`;
}

/** priceCloseness of the domain's rank fusion, in SQL. */
function closenessSql(targetPrice: Cents): SQL {
  const target = moneySql(targetPrice);
  return sql`greatest(0, 1 - abs(price - ${target}) / greatest(${target}, 0.01))::float8`;
}

function sortOrder(sort: Exclude<SearchSort, "relevance">): SQL {
  switch (sort) {
    case "price-low":
      return sql`price asc, rating desc, name asc, id asc`;
    case "price-high":
      return sql`price desc, rating desc, name asc, id asc`;
    case "rating":
      return sql`rating desc, review_count desc, name asc, id asc`;
  }
}

/**
 * The products relevant by their words, as CTEs ending in `qualified` (id, price, name, pop,
 * tr, fts). fts: the query's word groups a product covers, a typed word counting 1, a
 * correction 0.9, a synonym 0.8; tr: ts_rank (name > brand and category > description).
 */
function lexicalCtes(groups: QueryGroup[], filters: SQL, vocabulary: SearchVocabulary): SQL {
  const n = (i: number) => sql.raw(String(i));
  const allTerms = groups.flatMap((g) => [...g.typed, ...g.corrections, ...g.alternatives]);
  const rankQuery = sql.join(allTerms.map(tsQuery), sql` || `);
  // When every group is required (one or two groups), say so to the planner: it can then
  // intersect index matches instead of scoring every product that has any one of the words.
  const candidates =
    relaxedCoverage(groups.length) === groups.length
      ? sql.join(
          groups.map((g) =>
            termsMatch([...g.typed, ...g.corrections, ...g.alternatives], vocabulary, g.tagPhrases),
          ),
          sql` and `,
        )
      : termsMatch(allTerms, vocabulary, [...new Set(groups.flatMap((g) => g.tagPhrases))]);
  const perGroup = groups.map(
    (g, i) => sql`${termsMatch(g.typed, vocabulary, g.tagPhrases)} as o${n(i)},
      ${termsMatch(g.corrections, vocabulary)} as c${n(i)}, ${termsMatch(g.alternatives, vocabulary)} as a${n(i)}`,
  );
  const covered = sql.join(
    groups.map((_, i) => sql`(o${n(i)} or c${n(i)} or a${n(i)})::int`),
    sql` + `,
  );
  const textScore = sql.join(
    groups.map(
      (_, i) =>
        sql`(case when o${n(i)} then 1.0 when c${n(i)} then ${CORRECTION_CREDIT} when a${n(i)} then ${SYNONYM_CREDIT} else 0 end)`,
    ),
    sql` + `,
  );
  return sql`
    base as (
      select id, price, name, rating * demand_index as pop,
        ts_rank('{0.1, 0.2, 0.4, 1.0}', search_vector, (${rankQuery})) as tr,
        ${sql.join(perGroup, sql`, `)}
      from products
      where ${filters} and ${candidates}
    ),
    scored as (
      select id, price, name, pop, tr, (${covered}) as covered, (${textScore})::float8 as fts from base
    ),
    best as (select *, max(covered) over () as best_covered from scored),
    qualified as (
      select id, price, name, pop, tr, fts from best
      where covered >= greatest(${relaxedCoverage(groups.length)}, least(${requiredCoverage(groups.length)}, best_covered))
    )`;
}

/**
 * The words of the visible products' names, brands and categories (three letters or more),
 * and their tags. Split on spaces by the triggers that keep search_vocabulary, and into words
 * here: a regular-expression split in SQL is several times slower.
 */
export async function loadSearchVocabulary(db: Db): Promise<SearchVocabulary> {
  // Kept by the products triggers (migration 0024): a few thousand rows, not a split of every name.
  const rows = await db
    .select({ kind: searchVocabulary.kind, word: searchVocabulary.word })
    .from(searchVocabulary)
    .where(gt(searchVocabulary.products, 0));
  const words = new Set<string>();
  const tags = new Set<string>();
  for (const row of rows) {
    if (row.kind === "t") tags.add(row.word);
    else for (const w of SEARCH_LEXICON.splitWords(row.word)) if (w.length >= 3) words.add(w);
  }
  return { words: [...words], tags };
}

/** For each group, whether any product (hidden or not) matches its typed words or synonyms. */
export async function groupsMatchingAnyProduct(
  db: Db,
  groups: readonly QueryGroup[],
  vocabulary: SearchVocabulary,
): Promise<boolean[]> {
  if (groups.length === 0) return [];
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${sql.join(
      groups.map(
        (g, k) =>
          sql`exists(select 1 from products where ${termsMatch([...g.typed, ...g.alternatives], vocabulary)}) as k${sql.raw(String(k))}`,
      ),
      sql`, `,
    )}`,
  );
  // Only a clear "no" counts: a driver that answered nothing does not turn words into typos.
  return groups.map((_, k) => row?.[`k${k}`] !== false);
}

/** The first of the models that has stored vectors, or null when none has. */
export async function firstEmbeddedModel(db: Db, models: readonly string[]): Promise<string | null> {
  for (const model of models) {
    const found = await rowsOf(
      db,
      sql`select 1 from products where embedding_model = ${model} and embedding is not null limit 1`,
    );
    if (found.length > 0) return model;
  }
  return null;
}

/** A product and the cosine of its stored vector to the query's. */
export interface VectorHit {
  id: string;
  cosine: number;
}

/**
 * pgvector: the nearest products inside the database, through the HNSW index of migration 0007
 * for the local embedder's vectors (the size test repeats the index's predicate; other models
 * are scanned exactly, casting each real[] to vector); the query
 * is written so that such an index is used, with ef_search raised to the depth asked for and
 * iterative scans for filtered searches (pgvector 0.8; older versions ignore them). Runs inside
 * a savepoint: a stored vector of another size under the same model name fails the cast, and
 * the caller may then search without the vector leg rather than fail the whole search.
 */
export async function nearestWithPgvector(
  db: Db,
  filters: ProductSearchFilters,
  model: string,
  vector: number[],
  depth: number,
): Promise<VectorHit[]> {
  const type = sql.raw(`vector(${Math.trunc(vector.length)})`);
  try {
    await db.transaction(async (sp) => {
      await sp.execute(sql`select set_config('hnsw.ef_search', ${String(Math.min(depth, 1000))}, true),
        set_config('hnsw.iterative_scan', 'relaxed_order', true)`);
    });
  } catch {
    // An older pgvector without iterative scans: only an index would have used them.
  }
  const rows = await db.transaction((sp) =>
    rowsOf<{ id: string; distance: number | string }>(
      sp as unknown as Db,
      sql`
      select id::text as id, embedding::${type} <=> ${`[${vector.join(",")}]`}::${type} as distance
      from products
      where ${filterSql(filters)} and embedding_model = ${model}
        and cardinality(embedding) = ${Math.trunc(vector.length)}
      order by distance
      limit ${depth}`,
    ),
  );
  return rows
    .map((r) => ({ id: r.id, cosine: 1 - Number(r.distance) }))
    .sort((a, b) => b.cosine - a.cosine || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The candidates of the exact vector leg as one text value, "id:version,id:version", for the
 * products passing the filters that have a vector of this model and size (version: xmin, which
 * every UPDATE changes). One value instead of a row per product: several times faster to ship
 * and parse at 100,000 products.
 */
export async function listEmbeddedCandidates(
  db: Db,
  filters: ProductSearchFilters,
  model: string,
  dimensions: number,
): Promise<string> {
  const [listed] = await rowsOf<{ list: string | null }>(
    db,
    sql`
    select string_agg(id::text || ':' || xmin::text, ',') as list from products
    where ${filterSql(filters)} and embedding_model = ${model} and cardinality(embedding) = ${dimensions}`,
  );
  return listed?.list ?? "";
}

/** A stored vector in PostgreSQL's binary array format (array_send), with its row version. */
export interface StoredEmbedding {
  id: string;
  version: string;
  embedding: Uint8Array | null;
}

/**
 * Stored vectors of a model, of the products passing the filters or of the given ids. They
 * travel in PostgreSQL's binary array format: printing and parsing 256 floats as text per
 * product made the first search at 100,000 products several times slower.
 */
export async function loadEmbeddings(
  db: Db,
  model: string,
  of: { filters: ProductSearchFilters } | { ids: readonly string[] },
): Promise<StoredEmbedding[]> {
  const where = "ids" in of ? sql`id = any(${uuidArray(of.ids)})` : filterSql(of.filters);
  return rowsOf<StoredEmbedding>(
    db,
    sql`select id::text as id, xmin::text as version, array_send(embedding) as embedding from products
      where ${where} and embedding_model = ${model}`,
  );
}

/**
 * Without words: the products passing the filters, by the sort asked for; "relevance" is
 * rating x demand, nudged towards the target price when there is one.
 */
export async function listFiltered(
  db: Db,
  filters: ProductSearchFilters,
  sort: SearchSort,
  targetPrice: Cents | null,
  limit: number,
): Promise<IdPage> {
  const order =
    sort === "relevance"
      ? targetPrice === null
        ? sql`rating * demand_index desc, name asc, price asc, id asc`
        : sql`rating * demand_index * (1 + ${TARGET_PRICE_BOOST} * ${closenessSql(targetPrice)}) desc, name asc, price asc, id asc`
      : sortOrder(sort);
  return pageOf(
    await rowsOf<{ id: string; total: number }>(
      db,
      sql`
      select id::text as id, count(*) over ()::int as total from products
      where ${filterSql(filters)} order by ${order} limit ${limit}`,
    ),
  );
}

/** The products relevant by their words or among `vectorMatches`, by price or rating. */
export async function sortRelevant(
  db: Db,
  groups: QueryGroup[],
  filters: ProductSearchFilters,
  vocabulary: SearchVocabulary,
  vectorMatches: readonly string[],
  sort: Exclude<SearchSort, "relevance">,
  limit: number,
): Promise<IdPage> {
  return pageOf(
    await rowsOf<{ id: string; total: number }>(
      db,
      sql`
      with ${lexicalCtes(groups, filterSql(filters), vocabulary)}
      select id::text as id, count(*) over ()::int as total from products
      where hidden = false and (id in (select id from qualified) or id = any(${uuidArray(vectorMatches)}))
      order by ${sortOrder(sort)} limit ${limit}`,
    ),
  );
}

/** A product relevant by its words, with its rank in the text and name legs. */
export interface LexicalRow {
  id: string;
  /** Decimal dollars as PostgreSQL prints them ("19.99"). */
  price: string;
  /** rating x demand. */
  pop: number;
  text_rank: number;
  /** 2147483647 when outside the name leg's pool. */
  name_rank: number;
  /** How many products are relevant by their words. */
  total: number;
}

/**
 * The text leg (covered word groups, then ts_rank, then popularity, then the name and price: a tie never
 * falls to the id, which is new in every shop) and the name leg
 * (word_similarity of the typed text to the name, over the best NAME_LEG_POOL text matches):
 * the products either leg ranks within `depth`, and those of `alsoIds` (the vector leg's).
 */
export function rankLexical(
  db: Db,
  groups: QueryGroup[],
  filters: ProductSearchFilters,
  vocabulary: SearchVocabulary,
  text: string,
  depth: number,
  alsoIds: readonly string[],
): Promise<LexicalRow[]> {
  return rowsOf<LexicalRow>(
    db,
    sql`
    with ${lexicalCtes(groups, filterSql(filters), vocabulary)},
    ranked as (
      select id, price, pop, name, count(*) over ()::int as total,
        row_number() over (order by fts desc, tr desc, pop desc, name asc, price asc, id asc)::int as text_rank
      from qualified
    ),
    named as (
      select id, row_number() over (order by word_similarity(${text}, name) desc, text_rank asc)::int as name_rank
      from ranked where text_rank <= ${NAME_LEG_POOL}
    )
    select r.id::text as id, r.price::text as price, r.pop::float8 as pop, r.text_rank,
      coalesce(n.name_rank, 2147483647) as name_rank, r.total
    from ranked as r left join named as n on n.id = r.id
    where r.text_rank <= ${depth} or n.name_rank <= ${depth} or r.id = any(${uuidArray(alsoIds)})`,
  );
}

/** Price (decimal dollars) and popularity (rating x demand) of the given products. */
export function loadPriceAndPopularity(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; price: string; pop: number }[]> {
  return rowsOf(
    db,
    sql`
    select id::text as id, price::text as price, (rating * demand_index)::float8 as pop
    from products where id = any(${uuidArray(ids)})`,
  );
}

/** The products of the given ids, in that order (ids of products gone are skipped). */
export async function loadProducts(db: Db, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(productColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, toProductDto(r)]));
  return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
}

/**
 * The categories and brands of the visible products, for reading what a shopper asks for: from
 * the (category, brand) pairs the products triggers keep (migration 0025), not a distinct of
 * every product (0.25 s at 1,000,000).
 */
export async function loadCatalogNames(db: Db): Promise<{ categories: string[]; brands: string[] }> {
  const rows = await db
    .select({ category: productPairCounts.category, brand: productPairCounts.brand })
    .from(productPairCounts)
    .where(gt(productPairCounts.visible, 0))
    .orderBy(asc(productPairCounts.category), asc(productPairCounts.brand));
  return {
    categories: [...new Set(rows.map((r) => r.category))],
    brands: [...new Set(rows.map((r) => r.brand))],
  };
}
