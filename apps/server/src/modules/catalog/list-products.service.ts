import type { Product, ProductList, ProductQuery } from "@haggle/contract/products";
import { correctionsFor, MIN_TYPO_WORD } from "@haggle/domain/catalog/typo-corrections";
import { tokenizeSearch } from "@haggle/domain/text/search-text";
import type { Db } from "../../platform/db/client.ts";
import {
  findVisibleProduct,
  queryShopPage,
  type SearchWord,
  toProductDto,
  wordsMatchingAnyProduct,
} from "./products.store.ts";
import { vocabularyOf } from "./search-products.store.ts";

const alphabetical = (a: { value: string }, b: { value: string }) =>
  a.value.localeCompare(b.value, "en", { sensitivity: "base" });

/**
 * A typed word that the shop's vocabulary does not know and that no product matches gets the
 * vocabulary words within the allowed edits as alternatives, a swap of two neighbouring letters
 * counting as one edit ("brehwaus" -> "brewhaus"; domain catalog/typo-corrections.ts). Near
 * misses the trigram search already finds ("headphnes") need no correction.
 */
async function withTypoCorrections(db: Db, words: string[]): Promise<SearchWord[]> {
  const plain = words.map((word) => ({ word, corrections: [] as string[] }));
  const candidates = words.filter((w) => w.length >= MIN_TYPO_WORD && /^\p{L}+$/u.test(w));
  if (candidates.length === 0) return plain;
  const vocabulary = await vocabularyOf(db);
  const known = new Set(vocabulary.words);
  const suspects = candidates.filter((w) => !known.has(w) && !vocabulary.tags.has(w));
  if (suspects.length === 0) return plain;
  const matched = await wordsMatchingAnyProduct(db, suspects);
  return plain.map((w) =>
    suspects.includes(w.word) && !matched.has(w.word)
      ? { word: w.word, corrections: correctionsFor(w.word, vocabulary) }
      : w,
  );
}

/** GET /api/products: filter, search, sort and page on the server, with facet counts. */
export async function listProducts(db: Db, query: ProductQuery): Promise<ProductList> {
  const page = await queryShopPage(db, {
    words: await withTypoCorrections(db, tokenizeSearch(query.q)),
    category: query.category,
    brand: query.brand,
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
  });
  return {
    items: page.rows.map(toProductDto),
    total: page.total,
    collectionTotal: page.collectionTotal,
    page: query.page,
    pageSize: query.pageSize,
    // Sorted here, not by the database collation, so both databases list them identically.
    facets: { categories: page.categories.sort(alphabetical), brands: page.brands.sort(alphabetical) },
  };
}

export async function getProduct(db: Db, id: string): Promise<Product | null> {
  const row = await findVisibleProduct(db, id);
  return row ? toProductDto(row) : null;
}
