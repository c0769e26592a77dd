import type { Product } from "@haggle/contract/products";
import {
  type CatalogueTextIndex,
  type QueryTerm,
  queryOf,
  sharesTooLittle,
  termsOf,
} from "@haggle/domain/assistant/catalogue-text-index";
import type { ParsedShoppingRequest } from "@haggle/domain/assistant/parse-shopping-request";
import type { SearchPlan } from "@haggle/domain/assistant/relax-shopping-request";
import { STOP_WORDS } from "@haggle/domain/assistant/shopping-phrases";
import { indexTerms, nearestScored, type TermIndex } from "@haggle/domain/assistant/word-meaning";
import { wordVectors } from "../../platform/ai/word-vectors.ts";
import { loadProducts } from "../catalog/index.ts";
import { learnedCatalogue } from "./assistant-learned-meaning.ts";
import type { AssistantDeps } from "./assistant-types.ts";

/**
 * The shop's products ranked by the words of the shopper's whole message, as the catalogue
 * itself writes them (catalogue-text-index.ts): the structured reading (subject, price,
 * exclusions) filters; this ranks what it found and rescues an answer it left short.
 */

/** The catalogue's words with their vectors, per text index (built once per catalogue version). */
const vocabularies = new WeakMap<CatalogueTextIndex, TermIndex | null>();

/** A word the catalogue never writes is read through catalogue words at least this near. */
const NEAR_FLOOR = 0.7;

function vocabularyVectors(index: CatalogueTextIndex): TermIndex | null {
  if (vocabularies.has(index)) return vocabularies.get(index) ?? null;
  const vectors = wordVectors();
  const terms = vectors ? indexTerms(index.vocabulary, vectors) : null;
  vocabularies.set(index, terms);
  return terms;
}

/** Each product's score for a query (none when nothing of it is written in the catalogue). */
export interface Scores {
  ranked: readonly { id: string; score: number }[];
  scoreOf(id: string): number;
}

/** A message read against the catalogue's text index, three ways (see rankByText). */
export interface TextRanking {
  /** The message's words as typed, beside the kind sought (its traits, its purpose). */
  beside: Scores | null;
  /** The words the request searches for, as typed. */
  typed: Scores | null;
  /** The same, with words the catalogue never writes read through its nearest words. */
  meant: Scores | null;
  /** Whether the request's kinds were read by meaning (a need, an interest): then its words are context. */
  byMeaning: boolean;
  /** The categories the request filters or ranks by. */
  categories: readonly string[];
}

function scoresOf(index: CatalogueTextIndex, query: readonly QueryTerm[]): Scores | null {
  if (query.length === 0) return null;
  const ranked = index.rank(query);
  const scores = new Map(ranked.map((r) => [r.id, r.score]));
  return { ranked, scoreOf: (id) => scores.get(id) ?? 0 };
}

/** The stems of the kind a request seeks: its head word, its kinds read by meaning, its categories. */
function kindStems(request: ParsedShoppingRequest, anyOf: readonly string[]): Set<string> {
  const words = [
    request.subjectWords.at(-1) ?? "",
    ...anyOf,
    ...request.anyOf,
    ...request.filters.categories,
  ];
  return new Set(termsOf(words.join(" . ")));
}

/**
 * The message read against the catalogue's own words, or null while the catalogue is still
 * being learned: `beside` (the whole message as typed, the kind's own words left out; only for
 * a request that names its kind, not one whose kinds were read by meaning), `typed` and `meant`
 * (the words the request searches for: the reading's text, without the shopping talk and
 * filler a whole sentence holds).
 */
export async function rankByText(
  deps: AssistantDeps,
  request: ParsedShoppingRequest,
  message: string,
  plan: Pick<SearchPlan, "text" | "anyOf" | "filters" | "boostCategories">,
): Promise<TextRanking | null> {
  const learned = await learnedCatalogue(deps);
  if (!learned || learned.index.size === 0) return null;
  const { index } = learned;
  const vectors = wordVectors();
  const terms = vocabularyVectors(index);
  const near = (word: string) => (vectors && terms ? nearestScored(word, vectors, terms, NEAR_FLOOR, 2) : []);
  const drop = [...request.excludedWords, ...request.excludedBrands];
  // Kinds of a need or an interest, or a situation's kinds in place of the words: the words are
  // then context. Kinds read beside words still searched leave those words as evidence.
  const byMeaning = request.anyOf.length > 0 || (plan.anyOf.length > 0 && plan.text.trim() === "");
  const kind = kindStems(request, plan.anyOf);
  const beside = byMeaning
    ? []
    : queryOf(message, index, STOP_WORDS, drop).filter(
        (t) => !t.term.split("_").some((part) => kind.has(part)),
      );
  return {
    beside: scoresOf(index, beside),
    typed: scoresOf(index, queryOf(request.text, index, STOP_WORDS, drop)),
    meant: scoresOf(index, queryOf(request.text, index, STOP_WORDS, drop, near)),
    byMeaning,
    categories: [...plan.filters.categories, ...plan.boostCategories],
  };
}

/** Products scoring at least this share of the best lead a found list (see textFirst). */
const LEAD_SHARE = 0.6;

/**
 * A found list with the products the message's words describe best first: those scoring at
 * least LEAD_SHARE of the best among them, in the list's own order, then the rest. The
 * structured search decided what is of the subject; the message's other words ("over your ears",
 * "dishwasher", "plaid") decide which of them lead.
 */
export function textFirst(found: Product[], reading: TextRanking | null): Product[] {
  const ranking = reading?.beside;
  if (!ranking || found.length < 2) return found;
  const best = Math.max(...found.map((p) => ranking.scoreOf(p.id)));
  if (best <= 0) return found;
  const leads = (p: Product) => ranking.scoreOf(p.id) >= best * LEAD_SHARE;
  return [...found.filter(leads), ...found.filter((p) => !leads(p))];
}

/** A rescue is taken only this close to the best score of the whole catalogue. */
const RESCUE_SHARE = 0.5;
/** At most this many of the best-scored products are looked at for a rescue. */
const RESCUE_DEPTH = 24;

/**
 * An answer left short (a new request or change of topic): the products the message's words
 * describe best, within the request's prices, brands and categories, in stock, nothing excluded
 * nor already shown, at least RESCUE_SHARE of the best score.
 */
export async function textRescue(
  deps: AssistantDeps,
  request: ParsedShoppingRequest,
  ranking: Scores | null,
  shown: readonly Product[],
  isExcluded: (p: Product) => boolean,
): Promise<Product[]> {
  if (!ranking || (request.turn !== "new" && request.turn !== "topic-change")) return [];
  // A fill would follow the cheapest with dearer things the order did not ask for.
  if (request.sort !== "relevance") return [];
  if (shown.length >= request.limit) return [];
  const best = ranking.ranked[0]?.score ?? 0;
  const ids = ranking.ranked
    .slice(0, RESCUE_DEPTH)
    .filter((r) => r.score >= best * RESCUE_SHARE && !shown.some((s) => s.id === r.id))
    .map((r) => r.id);
  const { minPrice, maxPrice, brands, categories } = request.filters;
  const fits = (p: Product) =>
    p.inStock &&
    !isExcluded(p) &&
    (minPrice === null || p.price >= minPrice) &&
    (maxPrice === null || p.price <= maxPrice) &&
    (brands.length === 0 || brands.some((b) => b.toLowerCase() === p.brand.toLowerCase())) &&
    (categories.length === 0 || categories.includes(p.category));
  const found = (await loadProducts(deps.db, ids)).filter(fits);
  return found.slice(0, request.limit - shown.length);
}

/** A product like the shown ones scores at least this share of the best by their tags. */
const LIKE_SHARE = 0.5;

/**
 * Products like the ones shown, by the catalogue's text index of their tags (a tag few products
 * carry, "pilates" of a yoga mat, counts for more than "sale" or "gift"), of the shown products'
 * categories, within the request's prices, in stock, nothing excluded nor already shown, best
 * first: what a short answer is filled with ("yoga mats" with one mat: the pilates ring).
 */
export async function likeShownByTags(
  deps: AssistantDeps,
  request: ParsedShoppingRequest,
  shown: readonly Product[],
  isExcluded: (p: Product) => boolean,
  count: number,
): Promise<Product[]> {
  const learned = await learnedCatalogue(deps);
  if (!learned || learned.index.size === 0 || shown.length === 0 || count <= 0) return [];
  const tags = [...new Set(shown.flatMap((p) => p.tags))].join(" . ");
  const ranked = learned.index.rank(queryOf(tags, learned.index, STOP_WORDS));
  const best = ranked.find((r) => !shown.some((s) => s.id === r.id))?.score ?? 0;
  const ids = ranked
    .filter((r) => r.score >= best * LIKE_SHARE && !shown.some((s) => s.id === r.id))
    .slice(0, RESCUE_DEPTH)
    .map((r) => r.id);
  const categories = new Set(shown.map((p) => p.category));
  const { minPrice, maxPrice, brands, onSale, minRating } = request.filters;
  const fits = (p: Product) =>
    p.inStock &&
    (!onSale || p.price < p.listPrice) &&
    (minRating === null || p.rating >= minRating) &&
    !isExcluded(p) &&
    categories.has(p.category) &&
    (brands.length === 0 || brands.some((b) => b.toLowerCase() === p.brand.toLowerCase())) &&
    (minPrice === null || p.price >= minPrice) &&
    (maxPrice === null || p.price <= maxPrice);
  const found = (await loadProducts(deps.db, ids)).filter(fits);
  const order = new Map(ids.map((id, i) => [id, i]));
  return found.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)).slice(0, count);
}

/** How many of an answer's first products a shopper looks at. */
const LOOKED_AT = 4;

/**
 * Whether an answer that searched the request's words (no kinds read by meaning) shows products
 * that share them far less than the catalogue's best (most of the first four: sharesTooLittle)
 * and are of none of its categories (cars and beds for "my phone always dies on long trips" once
 * the phone category was relaxed): the words' best products then come first.
 */
export function isWeakLiteral(shown: readonly Product[], reading: TextRanking | null): boolean {
  const ranking = reading?.typed;
  if (!ranking || reading.byMeaning || shown.length === 0) return false;
  const looked = shown.slice(0, LOOKED_AT);
  if (looked.some((p) => reading.categories.includes(p.category))) return false;
  return sharesTooLittle(
    looked.map((p) => ranking.scoreOf(p.id)),
    ranking.ranked[0]?.score ?? 0,
  );
}

/**
 * The answer with what the message's words describe best: leading it when it searched the typed
 * words and found things that hardly share them (isWeakLiteral), after it when it is short
 * (textRescue). `literal` is what the shop's search box found for the message (after `shown`).
 */
export async function withTextRescue(
  deps: AssistantDeps,
  request: ParsedShoppingRequest,
  reading: TextRanking | null,
  shown: readonly Product[],
  literal: readonly Product[],
  isExcluded: (p: Product) => boolean,
): Promise<Product[]> {
  let all = [...shown, ...literal];
  if (isWeakLiteral(all, reading)) {
    const best = await textRescue(deps, request, reading?.typed ?? null, [], isExcluded);
    if (best.length > 0)
      all = [...best, ...all.filter((p) => !best.some((b) => b.id === p.id))].slice(
        0,
        Math.max(all.length, best.length),
      );
  }
  return [...all, ...(await textRescue(deps, request, reading?.meant ?? null, all, isExcluded))];
}
