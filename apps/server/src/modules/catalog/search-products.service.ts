import type { Product } from "@haggle/contract/products";
import { type Cents, toDecimalString } from "@haggle/domain/pricing/money";
import type { ProductSearchFilters, SearchSort } from "@haggle/domain/assistant/shopping-request";
import { inArray, type SQL, sql } from "drizzle-orm";
import { currentEmbeddingModel, embedTexts, LOCAL_EMBEDDING_MODEL } from "../../platform/ai/embeddings.ts";
import { findLexiconTerms, STOP_WORDS, splitWords, stemWord, termKey } from "../../platform/ai/local-embedder.ts";
import type { AiConfig } from "../../platform/ai/openai-compatible.ts";
import type { Db } from "../../platform/db/client.ts";
import { products } from "../../platform/db/schema.ts";
import type { Logger } from "../../platform/logger.ts";
import { productColumns, toProductDto } from "./product-dto.ts";

/**
 * Hybrid product search for the shopping assistant (docs: the "Search and catalogue" decision).
 *
 * The query is split into word groups (stop words dropped; a phrase of the synonym table in
 * local-embedder.ts is one group, with its synonyms as alternatives); a word no product knows
 * gets typo corrections from the shop's vocabulary ("headphnes" -> "headphones", at most 1 edit
 * for short words, 2 from 7 letters). Three legs then rank the products that pass the
 * structured filters (never hidden ones):
 * - text: the generated, weighted search_vector (name A > brand, category B > description C)
 *   and the tags; ranked by the word groups a product covers (a typed word 1, a correction 0.9,
 *   a synonym 0.8), then ts_rank;
 * - name: pg_trgm word_similarity of the typed text to the name, over the best 500 text
 *   matches (typos and word order the text leg does not see);
 * - vector: cosine between the query's embedding and the stored ones of the same model
 *   (pgvector's <=> over `embedding::vector(n)` where pgvector exists, otherwise an exact scan
 *   in this process over the filtered candidates' vectors, cached by row version).
 * They are fused by weighted reciprocal rank fusion (k = 60; weights text 1, vector 0.7, name
 * 0.5); a target price multiplies a product's score by up to 1.3 the closer its price is.
 * Other sorts order the whole relevant set by price or rating.
 *
 * "Nothing matches": a product is relevant only when it covers enough of the query's word
 * groups (all of one or two; two thirds of more, or half when nothing covers two thirds), or
 * when its embedding is among the 100 nearest and at least the model's similarity floor. A
 * query nothing is relevant to ("zxqv blorp", "protein powder") answers `{ items: [], total: 0 }`:
 * the vector leg never fills a result with its nearest-but-unrelated products. `total` counts
 * the relevant products passing the filters (vector-only ones among the 100 nearest).
 */

export interface SearchDeps {
  db: Db;
  hasPgvector: boolean;
  ai: AiConfig | null;
  logger?: Pick<Logger, "warn"> | undefined;
}

export interface SearchInput {
  text: string;
  filters: ProductSearchFilters;
  sort: SearchSort;
  limit: number;
  targetPrice: Cents | null;
}

export interface SearchResult {
  items: Product[];
  /** How many products are relevant (and pass the filters); items holds the first `limit`. */
  total: number;
}

// --- query expansion -------------------------------------------------------------------------

/** One part of a query: a word, or a phrase of the synonym table, with its alternatives. */
export interface QueryGroup {
  /** What the shopper typed ("headphnes", "running shoes"), lower case; typed synonyms share a group. */
  typed: string[];
  /** Synonyms and narrower terms from the table ("sneakers" -> "trainer", "kicks", "running shoe"). */
  alternatives: string[];
  /** Words of product names a typed word is a typo of (filled by the search, not by expandQuery). */
  corrections: string[];
  /** Hyphenated tags the typed words may form with their neighbours ("home gym" -> "home-gym"). */
  tagPhrases: string[];
}

/** At most this many word groups are searched; a longer text is a sentence, not a search. */
const MAX_GROUPS = 8;

function contentWords(text: string): string[] {
  return [...new Set(splitWords(text).filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w))))];
}

/**
 * Splits a query into word groups and adds synonyms from the table in local-embedder.ts:
 * "comfy sneakers" -> [{comfy}, {sneakers | trainer, kicks, running shoe}]. Stop words and
 * repeated words are dropped; two typed words of one synonym line make one group ("wireless
 * bluetooth speaker" is two groups, not three, so a wireless mouse does not cover two thirds).
 */
export function expandQuery(text: string): QueryGroup[] {
  const words = contentWords(text);
  const stems = words.map(stemWord);
  const matches = findLexiconTerms(stems);
  const groups: QueryGroup[] = [];
  const byConcept = new Map<number, QueryGroup>();
  let i = 0;
  while (i < words.length) {
    const match = matches.find((m) => m.start === i);
    if (!match) {
      groups.push({ typed: [words[i] ?? ""], alternatives: [], corrections: [], tagPhrases: [] });
      i++;
      continue;
    }
    const phrase = words.slice(i, i + match.length).join(" ");
    i += match.length;
    const same = byConcept.get(match.concept);
    if (same) {
      same.typed.push(phrase);
      same.alternatives = same.alternatives.filter((t) => termKey(t) !== termKey(phrase));
      continue;
    }
    const own = termKey(phrase);
    const alternatives = [...match.entry.terms, ...(match.entry.expandsTo ?? [])].filter(
      (t) => termKey(t) !== own,
    );
    const group: QueryGroup = {
      typed: [phrase],
      alternatives: [...new Set(alternatives)],
      corrections: [],
      tagPhrases: [],
    };
    byConcept.set(match.concept, group);
    groups.push(group);
  }
  // Runs of two or three neighbouring words, stop words included, as tags ("work-from-home").
  const groupOf = new Map<string, QueryGroup>();
  for (const group of groups)
    for (const t of group.typed) for (const w of splitWords(t)) groupOf.set(w, group);
  const raw = splitWords(text);
  for (let start = 0; start < raw.length; start++) {
    for (let length = 2; length <= 3 && start + length <= raw.length; length++) {
      const run = raw.slice(start, start + length);
      const owners = new Set(run.map((w) => groupOf.get(w)).filter((g): g is QueryGroup => g !== undefined));
      if (owners.size < 2) continue;
      for (const owner of owners) owner.tagPhrases.push(run.join("-"));
    }
  }
  return groups.slice(0, MAX_GROUPS);
}

/**
 * How many of n word groups a product must cover to be relevant: all of one or two words,
 * then two thirds ("waterproof trail running shoes" needs 3 of 4); when no product covers that
 * many, half will do (`relaxedCoverage`), so a long request still finds its closest products,
 * while "protein powder" (nothing covers both) finds nothing rather than powder-coated kettlebells.
 */
export function requiredCoverage(n: number): number {
  return n <= 2 ? n : Math.ceil((2 * n) / 3);
}

export function relaxedCoverage(n: number): number {
  return n <= 2 ? n : Math.ceil(n / 2);
}

// --- tuning --------------------------------------------------------------------------------

/** Candidates each leg contributes to fusion. */
const LEG_DEPTH = 100;
/**
 * The name-similarity leg re-ranks this many of the best text matches (word_similarity of the
 * typed text to each name is too slow to compute for every match of a broad word at 100,000
 * products).
 */
const NAME_LEG_POOL = 500;
const RRF_K = 60;
const LEG_WEIGHT = { text: 1, name: 0.5, vector: 0.7 } as const;
/** How much a match through a typo correction or a synonym counts, against the typed word (ranking only). */
const CORRECTION_CREDIT = 0.9;
const SYNONYM_CREDIT = 0.8;
/** With a target price, a product priced exactly there scores this much more (linearly less up to 100% away). */
const TARGET_PRICE_BOOST = 0.3;
/**
 * Cosine a product found by the vector leg alone needs to count as relevant, per model. For the
 * local embedder: on the labelled queries of test/search-quality.test.ts the queries with no
 * relevant product reach at most 0.26 (hash collisions, shared trigrams), and no floor between
 * 0.3 and 1 changes precision or recall there, so 0.4 keeps a margin. Other models get a
 * conservative default; measure yours and add it here.
 */
const SIMILARITY_FLOOR: Record<string, number> = { [LOCAL_EMBEDDING_MODEL]: 0.4 };
const DEFAULT_SIMILARITY_FLOOR = 0.5;

export function similarityFloor(model: string): number {
  return SIMILARITY_FLOOR[model] ?? DEFAULT_SIMILARITY_FLOOR;
}

// --- typos -------------------------------------------------------------------------------------

/** Words shorter than this are not corrected ("tv", "mat" have too many neighbours). */
const MIN_TYPO_WORD = 4;

/** Edits (insert, delete, substitute, swap two neighbours) a typo may be away from the word it means. */
export function allowedEdits(word: string): number {
  return word.length >= 7 ? 2 : 1;
}

/** Optimal string alignment distance (Damerau-Levenshtein without repeated edits of one substring). */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(
        d[(i - 1) * cols + j]! + 1,
        d[i * cols + j - 1]! + 1,
        d[(i - 1) * cols + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = v;
    }
  }
  return d[rows * cols - 1]!;
}

/** The words of the shop's visible product names, brands and categories, and its tags. */
export interface Vocabulary {
  words: string[];
  tags: ReadonlySet<string>;
}

/** Kept per process for a few minutes: a new product's new word becomes a typo target that much later. */
const VOCABULARY_TTL_MS = 5 * 60_000;
const vocabularies = new WeakMap<Db, { at: number; value: Promise<Vocabulary> }>();

async function loadVocabulary(db: Db): Promise<Vocabulary> {
  // Split on spaces in the database (distinct keeps the answer small) and into words here:
  // a regular-expression split in SQL is several times slower at 100,000 products.
  const rows = await rowsOf<{ kind: string; word: string }>(
    db,
    sql`
    select distinct 'w' as kind, w as word
    from products, unnest(string_to_array(lower(name || ' ' || brand || ' ' || category), ' ')) as w
    where hidden = false
    union
    select 't', t from products, unnest(tags) as t where hidden = false`,
  );
  const words = new Set<string>();
  for (const row of rows) {
    if (row.kind === "w") for (const w of splitWords(row.word)) if (w.length >= 3) words.add(w);
  }
  return { words: [...words], tags: new Set(rows.filter((r) => r.kind === "t").map((r) => r.word)) };
}

function vocabularyOf(db: Db): Promise<Vocabulary> {
  const cached = vocabularies.get(db);
  if (cached && Date.now() - cached.at < VOCABULARY_TTL_MS) return cached.value;
  const value = loadVocabulary(db);
  vocabularies.set(db, { at: Date.now(), value });
  value.catch(() => vocabularies.delete(db));
  return value;
}

/**
 * Adds corrections for the words the catalogue does not know ("headphnes" -> "headphones"):
 * a typed word that no product matches (full text, tags, synonyms) is compared with the shop's
 * vocabulary, and the words within allowedEdits become alternatives, bringing their synonyms.
 * "blorp" is 2 edits from "block" and stays uncorrected, so nonsense does not turn into yoga
 * blocks.
 */
async function correctTypos(db: Db, groups: QueryGroup[], vocabulary: Vocabulary): Promise<QueryGroup[]> {
  const words = new Set(vocabulary.words);
  const checkable = groups
    .map((g, i) => ({ i, word: g.typed.length === 1 ? (g.typed[0] ?? "") : "" }))
    .filter(
      ({ word }) =>
        word.length >= MIN_TYPO_WORD &&
        /^\p{L}+$/u.test(word) &&
        !words.has(word) &&
        !tagForms([word]).some((t) => vocabulary.tags.has(t)),
    );
  if (checkable.length === 0) return groups;
  const [known] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${sql.join(
      checkable.map(({ i }, k) => {
        const g = groups[i]!;
        return sql`exists(select 1 from products where ${termsMatch([...g.typed, ...g.alternatives], vocabulary)}) as k${sql.raw(String(k))}`;
      }),
      sql`, `,
    )}`,
  );
  const unknown = checkable.filter((_, k) => known?.[`k${k}`] === false);
  if (unknown.length === 0) return groups;
  return groups.map((group, i) => {
    const word = unknown.find((u) => u.i === i)?.word;
    if (word === undefined) return group;
    const max = allowedEdits(word);
    const corrections = vocabulary.words
      .map((candidate) => ({ candidate, distance: editDistance(word, candidate, max) }))
      .filter((c) => c.distance <= max)
      .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
      .slice(0, 3)
      .map((c) => c.candidate);
    if (corrections.length === 0) return group;
    const synonyms = corrections.flatMap((c) => expandQuery(c).flatMap((g) => g.alternatives));
    return { ...group, corrections, alternatives: [...new Set([...group.alternatives, ...synonyms])] };
  });
}

// --- SQL helpers -----------------------------------------------------------------------------

/** The rows of a raw query; both drivers (PGlite, node-postgres) answer `{ rows }`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A PostgreSQL array literal of text values ('{"a","b"}'), for one bound parameter. */
function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`;
}

function filterSql(filters: ProductSearchFilters): SQL {
  const parts: SQL[] = [sql`hidden = false`];
  const lower = (values: string[]) => values.map((v) => v.trim().toLowerCase()).filter((v) => v.length > 0);
  const categories = lower(filters.categories);
  if (categories.length > 0) parts.push(sql`lower(category) = any(${textArray(categories)}::text[])`);
  const brands = lower(filters.brands);
  if (brands.length > 0) parts.push(sql`lower(brand) = any(${textArray(brands)}::text[])`);
  if (filters.minPrice !== null) parts.push(sql`price >= ${toDecimalString(filters.minPrice)}::numeric`);
  if (filters.maxPrice !== null) parts.push(sql`price <= ${toDecimalString(filters.maxPrice)}::numeric`);
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
 * The tags a term may be stored as: tags are lower-case words or hyphenated phrases, singular or
 * plural as the catalogue chose ("shoes", "noise-cancelling", "sleeping-bag").
 */
function tagForms(terms: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const term of terms) {
    const words = splitWords(term);
    if (words.length === 0) continue;
    const last = words.length - 1;
    const stem = stemWord(words[last] ?? "");
    for (const end of [
      words[last] ?? "",
      stem,
      `${stem}s`,
      stem.endsWith("y") ? `${stem.slice(0, -1)}ies` : "",
    ]) {
      if (!end) continue;
      const form = [...words.slice(0, last), end];
      forms.add(form.join("-"));
      if (form.length > 1) forms.add(form.join(""));
    }
  }
  return [...forms];
}

/**
 * A product matches terms when its search_vector does (name, brand, category, description) or
 * one of its tags is a term. Tags are not part of search_vector and have no index (yet): the
 * tag test is added only for forms the shop really uses as tags, so other words stay on the GIN
 * index of search_vector.
 */
function termsMatch(
  terms: readonly string[],
  vocabulary: Vocabulary,
  tagPhrases: readonly string[] = [],
): SQL {
  if (terms.length === 0) return sql`false`;
  const text = sql`search_vector @@ (${sql.join(terms.map(tsQuery), sql` || `)})`;
  const tags = [...new Set([...tagForms(terms), ...tagPhrases])].filter((t) => vocabulary.tags.has(t));
  return tags.length > 0 ? sql`(${text} or tags && ${textArray(tags)}::text[])` : sql`(${text})`;
}

/** 0..1: how close a price is to the target (1 at the target, 0 at 100% away or more). */
function closenessSql(targetPrice: Cents): SQL {
  const target = toDecimalString(targetPrice);
  return sql`greatest(0, 1 - abs(price - ${target}::numeric) / greatest(${target}::numeric, 0.01))::float8`;
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
function lexicalCtes(groups: QueryGroup[], filters: SQL, vocabulary: Vocabulary): SQL {
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

// --- the vector leg ------------------------------------------------------------------------

interface VectorHit {
  id: string;
  cosine: number;
}

/** The model whose stored vectors the query is compared with, or null when there are none. */
async function vectorModel(db: Db, ai: AiConfig | null): Promise<string | null> {
  const candidates = [...new Set([currentEmbeddingModel(ai), LOCAL_EMBEDDING_MODEL])];
  for (const model of candidates) {
    const found = await rowsOf(
      db,
      sql`select 1 from products where embedding_model = ${model} and embedding is not null limit 1`,
    );
    if (found.length > 0) return model;
  }
  return null;
}

async function queryVector(deps: SearchDeps, text: string, model: string): Promise<number[] | null> {
  try {
    const { vectors } = await embedTexts(deps.ai, [text], model);
    const vector = vectors[0];
    return vector?.some((v) => v !== 0) ? vector : null;
  } catch (error) {
    deps.logger?.warn({ err: error }, "query embedding failed; searching without the vector leg");
    return null;
  }
}

/**
 * pgvector: the nearest products inside the database. Exact (a scan casting each real[] to
 * vector) unless an HNSW index on the same cast exists (see the report on indexes); the query
 * is written so that such an index is used, with ef_search raised to the depth asked for and
 * iterative scans for filtered searches (pgvector 0.8; older versions ignore them). A stored
 * vector of another size under the same model name would fail the cast: the leg is then
 * skipped, inside a savepoint, rather than failing the search.
 */
async function nearestWithPgvector(
  db: Db,
  filters: SQL,
  model: string,
  vector: number[],
  depth: number,
  logger: SearchDeps["logger"],
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
  let rows: { id: string; distance: number | string }[];
  try {
    rows = await db.transaction((sp) =>
      rowsOf<{ id: string; distance: number | string }>(
        sp as unknown as Db,
        sql`
        select id::text as id, embedding::${type} <=> ${`[${vector.join(",")}]`}::${type} as distance
        from products
        where ${filters} and embedding_model = ${model}
        order by distance
        limit ${depth}`,
      ),
    );
  } catch (error) {
    logger?.warn({ err: error, model }, "vector search failed; searching without the vector leg");
    return [];
  }
  return rows
    .map((r) => ({ id: r.id, cosine: 1 - Number(r.distance) }))
    .sort((a, b) => b.cosine - a.cosine || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Stored vectors kept in this process for the exact path, one model and size at a time, in
 * one contiguous array (scanning 100,000 vectors is then a tight loop). Each is keyed by
 * product id and checked against its row version (xmin, which every UPDATE changes) on each
 * search, so an edited or re-embedded product is reloaded, even when another process changed it.
 */
class VectorStore {
  private readonly slots = new Map<string, number>();
  private versions: string[] = [];
  private ids: string[] = [];
  private data: Float32Array;

  constructor(
    readonly model: string,
    readonly dimensions: number,
  ) {
    this.data = new Float32Array(dimensions * 1024);
  }

  get size() {
    return this.slots.size;
  }

  /** The slot of a product's vector when the cached one is current, else -1. */
  current(id: string, version: string): number {
    const slot = this.slots.get(id);
    return slot !== undefined && this.versions[slot] === version ? slot : -1;
  }

  put(id: string, version: string, vector: ArrayLike<number>): number {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.ids.length;
      if ((slot + 1) * this.dimensions > this.data.length) {
        const grown = new Float32Array(this.data.length * 2);
        grown.set(this.data);
        this.data = grown;
      }
      this.slots.set(id, slot);
      this.ids.push(id);
    }
    this.versions[slot] = version;
    this.data.set(vector, slot * this.dimensions);
    return slot;
  }

  dot(slot: number, q: Float64Array): number {
    const data = this.data;
    const dimensions = this.dimensions;
    const offset = slot * dimensions;
    let a = 0;
    let b = 0;
    let d = 0;
    for (; d + 1 < dimensions; d += 2) {
      a += q[d]! * data[offset + d]!;
      b += q[d + 1]! * data[offset + d + 1]!;
    }
    if (d < dimensions) a += q[d]! * data[offset + d]!;
    return a + b;
  }

  /**
   * The slots of the last few candidate lists (ids and versions, as the database sent them):
   * the same list again means the same current vectors, without a lookup per product.
   */
  private readonly recentLists: { list: string; ids: string[]; slots: Int32Array }[] = [];

  recall(list: string) {
    return this.recentLists.find((r) => r.list === list) ?? null;
  }

  remember(list: string, ids: string[], slots: Int32Array) {
    this.recentLists.unshift({ list, ids, slots });
    this.recentLists.length = Math.min(this.recentLists.length, 4);
  }

  /** Drops every product not in `live` (deleted or hidden ones), compacting the array. */
  keepOnly(live: ReadonlySet<string>) {
    this.recentLists.length = 0;
    const ids = this.ids;
    const versions = this.versions;
    const data = this.data;
    this.slots.clear();
    this.ids = [];
    this.versions = [];
    this.data = new Float32Array(Math.max(1024, live.size) * this.dimensions);
    ids.forEach((id, slot) => {
      if (!live.has(id)) return;
      const d = this.dimensions;
      this.put(id, versions[slot] ?? "", data.subarray(slot * d, (slot + 1) * d));
    });
  }
}

const vectorStores = new WeakMap<Db, VectorStore>();

function storeFor(db: Db, model: string, dimensions: number): VectorStore {
  let store = vectorStores.get(db);
  if (!store || store.model !== model || store.dimensions !== dimensions) {
    store = new VectorStore(model, dimensions);
    vectorStores.set(db, store);
  }
  return store;
}

const LOAD_CHUNK = 2000;

/**
 * A real[] in PostgreSQL's binary format (array_send): dimensions, null flag and element type,
 * then per dimension its size and lower bound, then per element a length and a big-endian
 * float4. Null for anything but a one-dimensional array of finite numbers.
 */
export function readFloat4Array(bytes: Uint8Array): Float32Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 20 || view.getInt32(0) !== 1) return null;
  const size = view.getInt32(12);
  if (size < 0 || bytes.byteLength !== 20 + size * 8) return null;
  const out = new Float32Array(size);
  for (let i = 0, offset = 20; i < size; i++, offset += 8) {
    if (view.getInt32(offset) !== 4) return null;
    const value = view.getFloat32(offset + 4);
    if (!Number.isFinite(value)) return null;
    out[i] = value;
  }
  return out;
}

/** No pgvector: exact cosine in this process over the stored vectors of the filtered candidates. */
async function nearestExact(
  db: Db,
  cacheKey: Db,
  filters: SQL,
  unfiltered: boolean,
  model: string,
  vector: number[],
  depth: number,
): Promise<VectorHit[]> {
  // One text value instead of a row per product: several times faster to ship and parse at
  // 100,000 products.
  const [listed] = await rowsOf<{ list: string | null }>(
    db,
    sql`
    select string_agg(id::text || ':' || xmin::text, ',') as list from products
    where ${filters} and embedding_model = ${model} and cardinality(embedding) = ${vector.length}`,
  );
  const list = listed?.list ?? "";
  const store = storeFor(cacheKey, model, vector.length);
  const q = Float64Array.from(vector);
  const top = new TopK(depth);
  const known = store.recall(list);
  if (known) {
    for (let i = 0; i < known.ids.length; i++) top.offer(known.ids[i]!, store.dot(known.slots[i]!, q));
    return top.sorted();
  }
  const entries = list ? list.split(",") : [];
  const ids: string[] = new Array(entries.length);
  const slots = new Int32Array(entries.length);
  const stale: number[] = [];
  const live = unfiltered ? new Set<string>() : null;
  entries.forEach((entry, i) => {
    const colon = entry.indexOf(":");
    const id = entry.slice(0, colon);
    ids[i] = id;
    live?.add(id);
    const slot = store.current(id, entry.slice(colon + 1));
    slots[i] = slot;
    if (slot < 0) stale.push(i);
    else top.offer(id, store.dot(slot, q));
  });
  // Vectors travel in PostgreSQL's binary array format: printing and parsing 256 floats as
  // text per product made the first search at 100,000 products several times slower. Most of
  // them stale (a cold cache): one scan with the filters; a few: by id.
  const position = new Map(stale.map((i) => [ids[i]!, i]));
  const chunks =
    stale.length > entries.length / 2
      ? [sql`${filters} and embedding_model = ${model}`]
      : Array.from({ length: Math.ceil(stale.length / LOAD_CHUNK) }, (_, c) => {
          const chunk = stale.slice(c * LOAD_CHUNK, (c + 1) * LOAD_CHUNK).map((i) => ids[i]!);
          return sql`id = any(${uuidArray(chunk)}) and embedding_model = ${model}`;
        });
  for (const where of chunks) {
    const loaded = await rowsOf<{ id: string; version: string; embedding: Uint8Array | null }>(
      db,
      sql`select id::text as id, xmin::text as version, array_send(embedding) as embedding from products where ${where}`,
    );
    for (const row of loaded) {
      const i = position.get(row.id);
      const embedding = row.embedding ? readFloat4Array(row.embedding) : null;
      if (i === undefined || embedding?.length !== vector.length) continue;
      const slot = store.put(row.id, row.version, embedding);
      slots[i] = slot;
      top.offer(row.id, store.dot(slot, q));
    }
  }
  // Every product was a candidate: anything else in the store was deleted or hidden.
  if (live && store.size > live.size) store.keepOnly(live);
  // A list is remembered only when every vector in it was loaded as listed (a row changed
  // between the two queries is reloaded next time).
  else if (
    stale.length === 0 ||
    stale.every(
      (i) => slots[i]! >= 0 && store.current(ids[i]!, entries[i]!.slice(entries[i]!.indexOf(":") + 1)) >= 0,
    )
  )
    store.remember(list, ids, slots);
  return top.sorted();
}

/** Keeps the k best (highest cosine; ties by id, like the SQL path) of a stream. */
class TopK {
  private heap: VectorHit[] = [];
  constructor(private readonly k: number) {}

  private worse(a: VectorHit, b: VectorHit) {
    return a.cosine < b.cosine || (a.cosine === b.cosine && a.id > b.id);
  }

  offer(id: string, cosine: number) {
    const heap = this.heap;
    if (heap.length < this.k) {
      heap.push({ id, cosine });
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(heap[i]!, heap[parent]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
      return;
    }
    const root = heap[0];
    // Not better than the worst kept (checked without allocating: most offers stop here).
    if (!root || cosine < root.cosine || (cosine === root.cosine && id > root.id)) return;
    heap[0] = { id, cosine };
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && this.worse(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && this.worse(heap[r]!, heap[m]!)) m = r;
      if (m === i) break;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  }

  sorted(): VectorHit[] {
    return [...this.heap].sort((a, b) => b.cosine - a.cosine || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}

// --- search ----------------------------------------------------------------------------------

function isUnfiltered(f: ProductSearchFilters): boolean {
  return (
    f.categories.length === 0 &&
    f.brands.length === 0 &&
    f.minPrice === null &&
    f.maxPrice === null &&
    !f.onSale &&
    !f.inStockOnly &&
    f.minRating === null &&
    f.tags.length === 0
  );
}

async function loadProducts(db: Db, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(productColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, toProductDto(r)]));
  return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
}

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

/**
 * Hybrid search (see the top of this file). Empty text (or only stop words) lists the products
 * passing the filters; its "relevance" is rating x demand, nudged towards the target price.
 */
export async function searchProducts(deps: SearchDeps, input: SearchInput): Promise<SearchResult> {
  const limit = Math.max(1, Math.min(Math.trunc(input.limit) || 1, 200));
  const depth = Math.max(LEG_DEPTH, limit);
  const filters = filterSql(input.filters);
  const groups = expandQuery(input.text);

  if (groups.length === 0) {
    const order =
      input.sort === "relevance"
        ? input.targetPrice === null
          ? sql`rating * demand_index desc, name asc, id asc`
          : sql`rating * demand_index * (1 + ${TARGET_PRICE_BOOST} * ${closenessSql(input.targetPrice)}) desc, name asc, id asc`
        : sortOrder(input.sort);
    const rows = await rowsOf<{ id: string; total: number }>(
      deps.db,
      sql`
      select id::text as id, count(*) over ()::int as total from products
      where ${filters} order by ${order} limit ${limit}`,
    );
    return {
      items: await loadProducts(
        deps.db,
        rows.map((r) => r.id),
      ),
      total: Number(rows[0]?.total ?? 0),
    };
  }

  // Outside the transaction (no connection held): an AI server may take a while to embed the query.
  const vocabulary = await vocabularyOf(deps.db);
  const model = await vectorModel(deps.db, deps.ai);
  const vector = model ? await queryVector(deps, input.text, model) : null;
  const floor = model ? similarityFloor(model) : 1;

  return deps.db.transaction(async (tx) => {
    // One transaction: one snapshot for every leg, and pgvector settings local to this search.
    const db = tx as unknown as Db;
    const corrected = await correctTypos(db, groups, vocabulary);

    // Vector leg first: its matches above the floor join the relevant set of the text legs.
    let nearest: VectorHit[] = [];
    if (model && vector) {
      nearest = deps.hasPgvector
        ? await nearestWithPgvector(db, filters, model, vector, depth, deps.logger)
        : await nearestExact(db, deps.db, filters, isUnfiltered(input.filters), model, vector, depth);
    }
    const vectorMatches = nearest.filter((h) => h.cosine >= floor).map((h) => h.id);
    const ctes = lexicalCtes(corrected, filters, vocabulary);

    if (input.sort !== "relevance") {
      const rows = await rowsOf<{ id: string; total: number }>(
        db,
        sql`
        with ${ctes}
        select id::text as id, count(*) over ()::int as total from products
        where hidden = false and (id in (select id from qualified) or id = any(${uuidArray(vectorMatches)}))
        order by ${sortOrder(input.sort)} limit ${limit}`,
      );
      return {
        items: await loadProducts(
          db,
          rows.map((r) => r.id),
        ),
        total: Number(rows[0]?.total ?? 0),
      };
    }

    const lexical = await rowsOf<{
      id: string;
      price: string;
      pop: number;
      text_rank: number;
      name_rank: number;
      total: number;
    }>(
      db,
      sql`
      with ${ctes},
      ranked as (
        select id, price, pop, name, count(*) over ()::int as total,
          row_number() over (order by fts desc, tr desc, pop desc, id asc)::int as text_rank
        from qualified
      ),
      named as (
        select id, row_number() over (order by word_similarity(${input.text}, name) desc, text_rank asc)::int as name_rank
        from ranked where text_rank <= ${NAME_LEG_POOL}
      )
      select r.id::text as id, r.price::text as price, r.pop::float8 as pop, r.text_rank,
        coalesce(n.name_rank, 2147483647) as name_rank, r.total
      from ranked as r left join named as n on n.id = r.id
      where r.text_rank <= ${depth} or n.name_rank <= ${depth} or r.id = any(${uuidArray(nearest.map((h) => h.id))})`,
    );

    const scores = new Map<string, number>();
    const bump = (id: string, weight: number, rank: number) =>
      scores.set(id, (scores.get(id) ?? 0) + weight / (RRF_K + rank));
    for (const row of lexical) {
      if (row.text_rank <= depth) bump(row.id, LEG_WEIGHT.text, row.text_rank);
      if (row.name_rank <= depth) bump(row.id, LEG_WEIGHT.name, row.name_rank);
    }
    const lexicalIds = new Set(lexical.map((r) => r.id));
    const relevant = new Set([...lexicalIds, ...vectorMatches]);
    nearest.forEach((hit, index) => {
      // Below the floor the vector leg still orders products the text legs found; it adds none.
      if (relevant.has(hit.id)) bump(hit.id, LEG_WEIGHT.vector, index + 1);
    });

    let total = Number(lexical[0]?.total ?? 0);
    total += vectorMatches.filter((id) => !lexicalIds.has(id)).length;

    const prices = new Map(lexical.map((r) => [r.id, Number(r.price)]));
    const popularity = new Map(lexical.map((r) => [r.id, Number(r.pop)]));
    const missing = [...scores.keys()].filter((id) => !prices.has(id));
    if (missing.length > 0) {
      const rows = await rowsOf<{ id: string; price: string; pop: number }>(
        db,
        sql`
        select id::text as id, price::text as price, (rating * demand_index)::float8 as pop
        from products where id = any(${uuidArray(missing)})`,
      );
      for (const r of rows) {
        prices.set(r.id, Number(r.price));
        popularity.set(r.id, Number(r.pop));
      }
    }
    if (input.targetPrice !== null) {
      const target = input.targetPrice / 100;
      for (const [id, score] of scores) {
        const price = prices.get(id);
        if (price === undefined) continue;
        const closeness = Math.max(0, 1 - Math.abs(price - target) / Math.max(target, 0.01));
        scores.set(id, score * (1 + TARGET_PRICE_BOOST * closeness));
      }
    }

    const ranked = [...scores.entries()]
      .sort(
        (a, b) =>
          b[1] - a[1] ||
          (popularity.get(b[0]) ?? 0) - (popularity.get(a[0]) ?? 0) ||
          (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
      )
      .slice(0, limit)
      .map(([id]) => id);
    return { items: await loadProducts(db, ranked), total };
  });
}
