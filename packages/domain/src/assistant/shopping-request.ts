import type { Cents } from "../pricing/money.ts";

/**
 * What a shopper asked the shopping assistant for, as structured search: the free-text words
 * plus filters. Produced by parse-shopping-request.ts (built-in engine) or from an LLM's
 * search_products tool call; executed by the server's hybrid search.
 */
export interface ProductSearchFilters {
  categories: string[];
  brands: string[];
  minPrice: Cents | null;
  maxPrice: Cents | null;
  onSale: boolean;
  inStockOnly: boolean;
  /** 0..5 */
  minRating: number | null;
  /** Lower-case tags every result must carry (e.g. "gift", "running"). */
  tags: string[];
}

/** How many products a request shows unless it says otherwise. */
export const DEFAULT_LIMIT = 6;
/** The most products one request shows ("top 50" shows 12). */
export const MAX_LIMIT = 12;

export type SearchSort = "relevance" | "price-low" | "price-high" | "rating";

export interface ShoppingRequest {
  /** The words to search for after filters were taken out ("trail running shoes"); may be empty. */
  text: string;
  filters: ProductSearchFilters;
  sort: SearchSort;
  /** How many products to show (quantity words: "a few" 3, "a couple" 2, "top 5" 5); default 6. */
  limit: number;
  /** "around $30": the price the shopper aims at, for ranking by closeness (bounds are in filters). */
  targetPrice: Cents | null;
}

export const EMPTY_FILTERS: ProductSearchFilters = {
  categories: [],
  brands: [],
  minPrice: null,
  maxPrice: null,
  onSale: false,
  inStockOnly: false,
  minRating: null,
  tags: [],
};
