import type { Product } from "@haggle/contract/products";
import type { ProductSearchFilters, SearchSort } from "@haggle/domain/assistant/shopping-request";
import {
  boostNearTarget,
  fuseRanks,
  LEG_WEIGHT,
  type RankVote,
  topByScore,
} from "@haggle/domain/catalog/rank-fusion";
import { expandQuery, type QueryGroup } from "@haggle/domain/catalog/search-query";
import {
  type SearchVocabulary,
  typoSuspects,
  withCorrections,
} from "@haggle/domain/catalog/typo-corrections";
import type { Cents } from "@haggle/domain/pricing/money";
import { currentEmbeddingModel, embedTexts, LOCAL_EMBEDDING_MODEL } from "../../platform/ai/embeddings.ts";
import type { AiConfig } from "../../platform/ai/openai-compatible.ts";
import { inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { products } from "../../platform/db/schema/catalog.ts";
import { readMoney } from "../../platform/db/column-values.ts";
import type { Logger } from "../../platform/logger.ts";
import { nearestExact } from "./exact-vector-search.ts";
import { SEARCH_LEXICON } from "./search-lexicon.ts";
import {
  firstEmbeddedModel,
  groupsMatchingAnyProduct,
  inSearchSnapshot,
  listFiltered,
  loadPriceAndPopularity,
  loadProducts,
  loadSearchVocabulary,
  nearestWithPgvector,
  rankLexical,
  sortRelevant,
  type VectorHit,
} from "./search-legs.store.ts";

/**
 * Hybrid product search for the shopping assistant (docs: the "Search and catalogue" decision).
 * A store: it only reads the catalogue (through search-legs.store.ts) and changes nothing, so
 * the assistant and other modules may search with it (docs/decisions/0006-module-rules.md).
 *
 * The query is split into word groups (stop words dropped; a phrase of the synonym table in
 * local-embedder.ts is one group, with its synonyms as alternatives: domain catalog/search-query.ts);
 * a word no product knows gets typo corrections from the shop's vocabulary ("headphnes" ->
 * "headphones", at most 1 edit for short words, 2 from 7 letters: catalog/typo-corrections.ts).
 * Three legs then rank the products that pass the structured filters (never hidden ones; the
 * SQL is in search-legs.store.ts):
 * - text: the generated, weighted search_vector (name A > brand, category B > description C)
 *   and the tags; ranked by the word groups a product covers (a typed word 1, a correction 0.9,
 *   a synonym 0.8), then ts_rank;
 * - name: pg_trgm word_similarity of the typed text to the name, over the best 500 text
 *   matches (typos and word order the text leg does not see);
 * - vector: cosine between the query's embedding and the stored ones of the same model
 *   (pgvector's <=> over `embedding::vector(n)` where pgvector exists, otherwise an exact scan
 *   in this process over the filtered candidates' vectors, cached by row version:
 *   exact-vector-search.ts).
 * They are fused by weighted reciprocal rank fusion (k = 60; weights text 1, vector 0.7, name
 * 0.5: catalog/rank-fusion.ts); a target price multiplies a product's score by up to 1.3 the
 * closer its price is, a boosted category by 1.1 (CATEGORY_BOOST). Other sorts order the whole
 * relevant set by price or rating.
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
  /**
   * Categories ranked first without filtering (the assistant's categories read from product
   * words: a shop may file headphones under "electronics"). Case-insensitive.
   */
  boostCategories?: string[];
  /**
   * Kinds of product any one of which a product must match (the assistant's reading of a need:
   * "umbrella", "rain jacket"): one word group of alternatives, beside the groups of `text`.
   */
  anyOf?: string[];
}

export interface SearchResult {
  items: Product[];
  /** How many products are relevant (and pass the filters); items holds the first `limit`. */
  total: number;
}

/** Candidates each leg contributes to fusion. */
const LEG_DEPTH = 100;

/**
 * A product of a boosted category scores this much more: about seven places near the top of
 * the fused ranking, so it leads among near-equal matches while a clearly better text match of
 * another category still shows.
 */
export const CATEGORY_BOOST = 1.1;

async function boostCategories(
  tx: Db,
  scores: Map<string, number>,
  categories: string[] | undefined,
): Promise<Map<string, number>> {
  const wanted = new Set((categories ?? []).map((c) => c.toLowerCase()));
  if (wanted.size === 0 || scores.size === 0) return scores;
  const rows = await tx
    .select({ id: products.id, category: products.category })
    .from(products)
    .where(inArray(products.id, [...scores.keys()]));
  const boosted = new Map(scores);
  for (const row of rows) {
    const score = boosted.get(row.id);
    if (score !== undefined && wanted.has(row.category.toLowerCase()))
      boosted.set(row.id, score * CATEGORY_BOOST);
  }
  return boosted;
}

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

/**
 * Kept per process for half a minute: a new product's new word becomes a typo target that much
 * later. Reading it is cheap (the triggers keep it: migration 0024); a reread that finds the same
 * words keeps the kept object, so what searches derive from it (list-products.service.ts) stays.
 */
const VOCABULARY_TTL_MS = 30_000;
const vocabularies = new WeakMap<Db, { at: number; value: Promise<SearchVocabulary> }>();

function sameVocabulary(a: SearchVocabulary, b: SearchVocabulary): boolean {
  if (a.words.length !== b.words.length || a.tags.size !== b.tags.size) return false;
  const words = new Set(a.words);
  return b.words.every((w) => words.has(w)) && [...b.tags].every((t) => a.tags.has(t));
}

/**
 * Past its time the kept vocabulary still answers while a fresh one loads in the background
 * (no search waits for it). It is kept for `db`; the first read goes through `readWith` (a
 * request's cancellable handle on the same database: a read its request abandons is
 * cancelled, and the next search reads again).
 */
export function vocabularyOf(db: Db, readWith: Db = db): Promise<SearchVocabulary> {
  const cached = vocabularies.get(db);
  // A read another request started may be cancelled with it: this search then reads its own.
  if (cached && Date.now() - cached.at < VOCABULARY_TTL_MS)
    return cached.value.catch(() => loadSearchVocabulary(readWith));
  // A refresh nobody waits for reads through `db` itself: a request's handle may be cancelled
  // when that request ends.
  const loaded = loadSearchVocabulary(cached ? db : readWith);
  const value = cached
    ? Promise.all([cached.value.catch(() => null), loaded]).then(([kept, fresh]) =>
        kept && sameVocabulary(kept, fresh) ? kept : fresh,
      )
    : loaded;
  vocabularies.set(db, { at: Date.now(), value: cached ? cached.value : value });
  value.then(
    () => vocabularies.set(db, { at: Date.now(), value }),
    () => {
      if (!cached) vocabularies.delete(db);
    },
  );
  return cached ? cached.value : value;
}

/** Adds corrections for the typed words that neither the vocabulary nor any product knows. */
async function correctTypos(
  db: Db,
  groups: QueryGroup[],
  vocabulary: SearchVocabulary,
): Promise<QueryGroup[]> {
  const suspects = typoSuspects(groups, vocabulary, SEARCH_LEXICON);
  if (suspects.length === 0) return groups;
  const matched = await groupsMatchingAnyProduct(
    db,
    suspects.map((s) => groups[s.index]!),
    vocabulary,
  );
  const misspelled = suspects.filter((_, k) => !matched[k]);
  if (misspelled.length === 0) return groups;
  return withCorrections(groups, misspelled, vocabulary, SEARCH_LEXICON);
}

/** The model whose stored vectors the query is compared with, or null when there are none. */
function vectorModel(db: Db, ai: AiConfig | null): Promise<string | null> {
  return firstEmbeddedModel(db, [...new Set([currentEmbeddingModel(ai), LOCAL_EMBEDDING_MODEL])]);
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

async function nearestProducts(
  deps: SearchDeps,
  tx: Db,
  filters: ProductSearchFilters,
  model: string,
  vector: number[],
  depth: number,
): Promise<VectorHit[]> {
  if (!deps.hasPgvector) return nearestExact(tx, deps.db, filters, model, vector, depth);
  try {
    return await nearestWithPgvector(tx, filters, model, vector, depth);
  } catch (error) {
    deps.logger?.warn({ err: error, model }, "vector search failed; searching without the vector leg");
    return [];
  }
}

/**
 * Hybrid search (see the top of this file). Empty text (or only stop words) lists the products
 * passing the filters; its "relevance" is rating x demand, nudged towards the target price.
 */
export async function searchProducts(deps: SearchDeps, input: SearchInput): Promise<SearchResult> {
  const limit = Math.max(1, Math.min(Math.trunc(input.limit) || 1, 200));
  const depth = Math.max(LEG_DEPTH, limit);
  const anyOf = [...new Set((input.anyOf ?? []).map((t) => t.trim().toLowerCase()).filter(Boolean))];
  const anyOfGroups: QueryGroup[] =
    anyOf.length > 0 ? [{ typed: anyOf, alternatives: [], corrections: [], tagPhrases: [] }] : [];
  // The kinds are the catalogue's or general words chosen by the assistant: no typo to correct.
  const textGroups = expandQuery(input.text, SEARCH_LEXICON);
  const groups: QueryGroup[] = [...anyOfGroups, ...textGroups];
  const queryText = [input.text, ...anyOf].join(" ").trim();

  if (groups.length === 0) {
    const page = await listFiltered(deps.db, input.filters, input.sort, input.targetPrice, limit);
    return { items: await loadProducts(deps.db, page.ids), total: page.total };
  }

  // Outside the transaction (no connection held): an AI server may take a while to embed the query.
  const vocabulary = await vocabularyOf(deps.db);
  const model = await vectorModel(deps.db, deps.ai);
  const vector = model ? await queryVector(deps, queryText, model) : null;
  const floor = model ? similarityFloor(model) : 1;

  return inSearchSnapshot(deps.db, async (tx) => {
    const corrected = [...anyOfGroups, ...(await correctTypos(tx, textGroups, vocabulary))];

    // Vector leg first: its matches above the floor join the relevant set of the text legs.
    const nearest =
      model && vector ? await nearestProducts(deps, tx, input.filters, model, vector, depth) : [];
    const vectorMatches = nearest.filter((h) => h.cosine >= floor).map((h) => h.id);

    if (input.sort !== "relevance") {
      const page = await sortRelevant(
        tx,
        corrected,
        input.filters,
        vocabulary,
        vectorMatches,
        input.sort,
        limit,
      );
      return { items: await loadProducts(tx, page.ids), total: page.total };
    }

    const lexical = await rankLexical(
      tx,
      corrected,
      input.filters,
      vocabulary,
      queryText,
      depth,
      nearest.map((h) => h.id),
    );
    const lexicalIds = new Set(lexical.map((r) => r.id));
    const relevant = new Set([...lexicalIds, ...vectorMatches]);
    const votes: RankVote[] = [];
    for (const row of lexical) {
      if (row.text_rank <= depth) votes.push({ id: row.id, weight: LEG_WEIGHT.text, rank: row.text_rank });
      if (row.name_rank <= depth) votes.push({ id: row.id, weight: LEG_WEIGHT.name, rank: row.name_rank });
    }
    nearest.forEach((hit, index) => {
      // Below the floor the vector leg still orders products the text legs found; it adds none.
      if (relevant.has(hit.id)) votes.push({ id: hit.id, weight: LEG_WEIGHT.vector, rank: index + 1 });
    });
    let scores = fuseRanks(votes);

    const total = Number(lexical[0]?.total ?? 0) + vectorMatches.filter((id) => !lexicalIds.has(id)).length;

    const prices = new Map(lexical.map((r) => [r.id, readMoney(r.price)]));
    const popularity = new Map(lexical.map((r) => [r.id, Number(r.pop)]));
    const missing = [...scores.keys()].filter((id) => !prices.has(id));
    if (missing.length > 0) {
      for (const r of await loadPriceAndPopularity(tx, missing)) {
        prices.set(r.id, readMoney(r.price));
        popularity.set(r.id, Number(r.pop));
      }
    }
    if (input.targetPrice !== null) scores = boostNearTarget(scores, prices, input.targetPrice);
    scores = await boostCategories(tx, scores, input.boostCategories);

    return { items: await loadProducts(tx, topByScore(scores, popularity, limit)), total };
  });
}
