import type { ProductDetail, ProductList, ProductPage, ProductQuery } from "@haggle/contract/products";
import { variantTitle } from "@haggle/domain/catalog/variant-name";
import { groupOptionFilters, optionFacetsFromCounts } from "@haggle/domain/catalog/option-facets";
import { isProductId } from "@haggle/domain/catalog/product-path";
import {
  correctionsFor,
  MIN_TYPO_WORD,
  type SearchVocabulary,
} from "@haggle/domain/catalog/typo-corrections";
import { POSTGRES_ENGLISH_STOP_WORDS } from "@haggle/domain/catalog/postgres-stop-words";
import {
  buildTrigramIndex,
  type TrigramIndex,
  trigramNeighbours,
  wordsContaining,
} from "@haggle/domain/catalog/trigram-neighbours";
import { tokenizeSearch } from "@haggle/domain/text/search-text";
import { type Db, WORD_SIMILARITY_THRESHOLD } from "../../platform/db/client.ts";
import {
  crossSellsOf,
  findVisibleProduct,
  findVisibleProductBySlug,
  findVisibleSlug,
  type ProductRow,
  sameCategoryProducts,
  toProductDto,
} from "./products.store.ts";
import { queryShopPage, type SearchWord, wordsMatchingAnyProduct } from "./shop-page.store.ts";
import { queryFacetedPage } from "./faceted-page.store.ts";
import { vocabularyOf } from "./search-products.store.ts";
import { loadOptionsAndVariants } from "./stock.store.ts";

/**
 * One collator for every answer: `localeCompare` with a locale and options makes a collator per
 * call, which was about 3 ms of each search at 100,000 products (66 facet values sorted).
 */
const facetCollator = new Intl.Collator("en", { sensitivity: "base" });
const alphabetical = (a: { value: string }, b: { value: string }) => facetCollator.compare(a.value, b.value);

const knownWords = new WeakMap<SearchVocabulary, ReadonlySet<string>>();

/** The vocabulary's words as a set, made once per vocabulary loaded. */
function knownWordsOf(vocabulary: SearchVocabulary): ReadonlySet<string> {
  let set = knownWords.get(vocabulary);
  if (!set) {
    set = new Set(vocabulary.words);
    knownWords.set(vocabulary, set);
  }
  return set;
}

const trigramIndexes = new WeakMap<SearchVocabulary, TrigramIndex>();

/** At most this many near words per unknown word, the closest first. */
const MAX_NEAR_WORDS = 5;
/** Shorter words match by their whole form and as part of a name only (no trigrams to compare). */
const MIN_NEAR_WORD = 3;

function trigramIndexOf(vocabulary: SearchVocabulary): TrigramIndex {
  let index = trigramIndexes.get(vocabulary);
  if (!index) {
    index = buildTrigramIndex(vocabulary.words);
    trigramIndexes.set(vocabulary, index);
  }
  return index;
}

/**
 * Whether a name or brand can hold the word only as a whole word, which the full text finds:
 * letters only, not one of PostgreSQL's English stop words (the full text leaves those out),
 * and no word of the vocabulary but itself contains it. The vocabulary holds every word of the
 * visible products' names and brands (as runs of letters and digits), so a LIKE '%word%' could
 * only match inside one of them. It is reread every 30 seconds: a product added since, whose
 * name holds the word inside a longer word only, is found by the full text alone until then.
 */
function isWholeWord(word: string, index: TrigramIndex): boolean {
  return (
    /^\p{L}+$/u.test(word) &&
    !POSTGRES_ENGLISH_STOP_WORDS.has(word) &&
    wordsContaining(index, word).every((w) => w === word)
  );
}

/**
 * A typed word as searched: a word the vocabulary knows (or a tag, or a short word) as it is;
 * another gets the vocabulary words near it by trigrams, at pg_trgm's word similarity
 * threshold ("headphnes" -> "headphones"), looked up in memory over the vocabulary's words.
 * Those of them no other vocabulary word contains are marked whole (SearchWord.wholeWords).
 */
function searchWordOf(word: string, vocabulary: SearchVocabulary, known: ReadonlySet<string>): SearchWord {
  if (word.length < MIN_NEAR_WORD) return { word, corrections: [] };
  const index = trigramIndexOf(vocabulary);
  const near =
    known.has(word) || vocabulary.tags.has(word)
      ? []
      : trigramNeighbours(index, word, WORD_SIMILARITY_THRESHOLD, MAX_NEAR_WORDS);
  const wholeWords = new Set([word, ...near].filter((w) => isWholeWord(w, index)));
  return near.length > 0
    ? { word, corrections: [], near, wholeWords }
    : { word, corrections: [], wholeWords };
}

/**
 * The typed words the shop's vocabulary does not know (nor its tags): possible typos. Those
 * whose near words (searchWordOf) find products ("headphnes") need no correction.
 */
async function typoSuspects(db: Db, shared: Db, words: string[]): Promise<string[]> {
  const candidates = words.filter((w) => w.length >= MIN_TYPO_WORD && /^\p{L}+$/u.test(w));
  if (candidates.length === 0) return [];
  const vocabulary = await vocabularyOf(shared, db);
  const known = knownWordsOf(vocabulary);
  return candidates.filter((w) => !known.has(w) && !vocabulary.tags.has(w));
}

/**
 * A suspect word that no product matches gets the vocabulary words within the allowed edits as
 * alternatives, a swap of two neighbouring letters counting as one edit ("brehwaus" ->
 * "brewhaus"; domain catalog/typo-corrections.ts).
 */
async function withTypoCorrections(
  db: Db,
  shared: Db,
  typed: SearchWord[],
  suspects: string[],
): Promise<SearchWord[]> {
  const matched = await wordsMatchingAnyProduct(
    db,
    typed.filter((w) => suspects.includes(w.word)),
  );
  const vocabulary = await vocabularyOf(shared, db);
  return typed.map((w) =>
    suspects.includes(w.word) && !matched.has(w.word)
      ? { word: w.word, corrections: correctionsFor(w.word, vocabulary) }
      : w,
  );
}

/**
 * The search text with each word the catalogue does not know replaced by its nearest word that
 * it does (this page's typo path: the closest trigram neighbour, else an edit-distance
 * correction), for searches that found nothing as typed ("running shoos"); null when no word
 * changes.
 */
export async function correctedSearchText(db: Db, text: string): Promise<string | null> {
  const words = tokenizeSearch(text);
  if (words.length === 0) return null;
  const vocabulary = await vocabularyOf(db);
  const known = knownWordsOf(vocabulary);
  let changed = false;
  const corrected = words.map((word) => {
    if (word.length < MIN_NEAR_WORD || known.has(word) || vocabulary.tags.has(word)) return word;
    const nearest =
      trigramNeighbours(trigramIndexOf(vocabulary), word, WORD_SIMILARITY_THRESHOLD, 1)[0] ??
      (word.length >= MIN_TYPO_WORD ? correctionsFor(word, vocabulary)[0] : undefined);
    if (!nearest || nearest === word) return word;
    changed = true;
    return nearest;
  });
  return changed ? corrected.join(" ") : null;
}

/**
 * GET /api/products: filter, search, sort and page on the server, with facet counts. The page
 * is asked for with the words as typed first: a word no product matches leaves it empty, so only
 * an empty answer with a suspect word pays for finding which words match nothing and asking
 * again with their corrections (the same answer as correcting first, one statement fewer for
 * every search that finds something). `shared` is the database the search vocabulary is kept
 * for, when `db` is a handle made for one request (the PostgreSQL server's cancellable one,
 * through which it is still read): kept per handle, every search read every product again
 * (0.8 s at 100,000).
 */
export async function listProducts(db: Db, query: ProductQuery, shared: Db = db): Promise<ProductList> {
  const words = tokenizeSearch(query.q);
  const options = groupOptionFilters(query.option);
  const ask = (searchWords: SearchWord[]) => {
    const asked = {
      words: searchWords,
      category: query.category,
      brand: query.brand,
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
    };
    return options.length > 0 ? queryFacetedPage(db, { ...asked, options }) : queryShopPage(db, asked);
  };
  const vocabulary = words.length > 0 ? await vocabularyOf(shared, db) : null;
  const typed = vocabulary
    ? words.map((word) => searchWordOf(word, vocabulary, knownWordsOf(vocabulary)))
    : [];
  let page = await ask(typed);
  if (page.total === 0) {
    const suspects = await typoSuspects(db, shared, words);
    if (suspects.length > 0) {
      const corrected = await withTypoCorrections(db, shared, typed, suspects);
      if (corrected.some((w) => w.corrections.length > 0)) page = await ask(corrected);
    }
  }
  const variantIds = page.variantIds;
  return {
    items: page.rows.map((row) => {
      const variantId = variantIds?.get(row.id);
      return variantId ? { ...toProductDto(row), variantId } : toProductDto(row);
    }),
    total: page.total,
    collectionTotal: page.collectionTotal,
    page: query.page,
    pageSize: query.pageSize,
    // Sorted here, not by the database collation, so both databases list them identically.
    facets: {
      categories: page.categories.sort(alphabetical),
      brands: page.brands.sort(alphabetical),
      // A chosen value the other filters leave no product for stays listed (count 0) so it can be unchosen.
      options: optionFacetsFromCounts([...page.options, ...query.option.map((text) => ({ text, count: 0 }))]),
    },
  };
}

/** A product with its options and variants, as one product's answers show it. */
async function productDetail(db: Db, row: ProductRow): Promise<ProductDetail> {
  const { options, variants } = await loadOptionsAndVariants(db, row.id);
  return {
    ...toProductDto(row),
    options,
    variants: variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      optionValues: v.optionValues,
      title: variantTitle(v.optionValues),
      price: v.price,
      listPrice: v.listPrice,
      stockLevel: v.stockLevel,
      inStock: v.stockLevel > 0,
      imageUrl: v.imageUrl || row.imageUrl,
    })),
  };
}

export async function getProduct(db: Db, id: string): Promise<ProductDetail | null> {
  const row = await findVisibleProduct(db, id);
  return row ? productDetail(db, row) : null;
}

/** How many products "Frequently bought together" shows on a product page. */
export const TOGETHER_COUNT = 4;

/**
 * A product page by its address. An id is accepted too (links written before slugs, order
 * lines): the answer carries the slug, and the page moves to it.
 */
export async function getProductPage(db: Db, slugOrId: string): Promise<ProductPage | null> {
  const row =
    (await findVisibleProductBySlug(db, slugOrId)) ??
    (isProductId(slugOrId) ? await findVisibleProduct(db, slugOrId) : null);
  if (!row) return null;
  const crossSells = await crossSellsOf(db, row.id, TOGETHER_COUNT);
  const fill =
    crossSells.length < TOGETHER_COUNT
      ? await sameCategoryProducts(
          db,
          row.category,
          [row.id, ...crossSells.map((p) => p.id)],
          TOGETHER_COUNT - crossSells.length,
        )
      : [];
  return {
    product: await productDetail(db, row),
    frequentlyBoughtTogether: [...crossSells, ...fill].map(toProductDto),
  };
}

/**
 * The address a product page path should have: the slug itself, a product id's slug (the
 * page moves there), or null when no visible product answers to it.
 */
export async function resolveProductSlug(db: Db, slugOrId: string): Promise<string | null> {
  if (isProductId(slugOrId)) return findVisibleSlug(db, slugOrId);
  const row = await findVisibleProductBySlug(db, slugOrId);
  return row ? row.slug : null;
}
