import type { SearchLexicon } from "@haggle/domain/catalog/search-query";
import {
  findLexiconTerms,
  STOP_WORDS,
  splitWords,
  stemWord,
  termKey,
} from "../../platform/ai/local-embedder.ts";

/**
 * The local embedder's words, stems and synonym table, for product search: a query is expanded
 * with the same synonyms the embedder folds into one concept, so the text and vector legs agree.
 */
export const SEARCH_LEXICON: SearchLexicon = {
  splitWords,
  stemWord,
  stopWords: STOP_WORDS,
  termKey,
  findTerms: findLexiconTerms,
};
