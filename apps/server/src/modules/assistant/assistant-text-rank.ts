import type { Product } from "@haggle/contract/products";
import { type CatalogueTextIndex, queryOf } from "@haggle/domain/assistant/catalogue-text-index";
import type { ParsedShoppingRequest } from "@haggle/domain/assistant/parse-shopping-request";
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
const NEAR_FLOOR = 0.6;

function vocabularyVectors(index: CatalogueTextIndex): TermIndex | null {
  if (vocabularies.has(index)) return vocabularies.get(index) ?? null;
  const vectors = wordVectors();
  const terms = vectors ? indexTerms(index.vocabulary, vectors) : null;
  vocabularies.set(index, terms);
  return terms;
}

/** Each product's score for a message (none when nothing of it is written in the catalogue). */
export interface TextRanking {
  ranked: readonly { id: string; score: number }[];
  scoreOf(id: string): number;
}

/** The products ranked by the message's words, or null while the catalogue is still being learned. */
export async function rankByText(
  deps: AssistantDeps,
  request: ParsedShoppingRequest,
  message: string,
): Promise<TextRanking | null> {
  const learned = await learnedCatalogue(deps);
  if (!learned || learned.index.size === 0) return null;
  const { index } = learned;
  const vectors = wordVectors();
  const terms = vocabularyVectors(index);
  const near = (word: string) => (vectors && terms ? nearestScored(word, vectors, terms, NEAR_FLOOR, 2) : []);
  const query = queryOf(
    message,
    index,
    STOP_WORDS,
    [...request.excludedWords, ...request.excludedBrands],
    near,
  );
  if (query.length === 0) return null;
  const ranked = index.rank(query);
  const scores = new Map(ranked.map((r) => [r.id, r.score]));
  return { ranked, scoreOf: (id) => scores.get(id) ?? 0 };
}

/** Products scoring at least this share of the best lead a found list (see textFirst). */
const LEAD_SHARE = 0.6;

/**
 * A found list with the products the message's words describe best first: those scoring at
 * least LEAD_SHARE of the best among them, in the list's own order, then the rest. The
 * structured search decided what is of the subject; the message's other words ("over your ears",
 * "dishwasher", "plaid") decide which of them lead.
 */
export function textFirst(found: Product[], ranking: TextRanking | null): Product[] {
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
  ranking: TextRanking | null,
  shown: readonly Product[],
  isExcluded: (p: Product) => boolean,
): Promise<Product[]> {
  if (!ranking || (request.turn !== "new" && request.turn !== "topic-change")) return [];
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
