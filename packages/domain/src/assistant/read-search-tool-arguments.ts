import {
  DEFAULT_LIMIT,
  EMPTY_FILTERS,
  MAX_LIMIT,
  type SearchSort,
  type ShoppingRequest,
} from "./shopping-request.ts";
import { shopMinorUnits } from "../pricing/money.ts";

/**
 * The search an LLM asked for with the assistant's search_products tool, from the tool call's
 * JSON arguments (query, category, brand, min_price and max_price in dollars, on_sale,
 * in_stock, min_rating, gift, sort, limit). Anything missing, mistyped or out of range is left
 * out rather than trusted; arguments that do not parse search for nothing in particular.
 */

const SORTS: readonly SearchSort[] = ["relevance", "price-low", "price-high", "rating"];
/** Longer strings are cut: a query or a name is a few words. */
const MAX_STRING = 200;
/** Dollar bounds from $0 up to (not including) $10,000,000. */
const MAX_DOLLARS = 1e7;

export function readSearchToolArguments(raw: string): ShoppingRequest {
  let args: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(raw || "{}");
    if (parsed && typeof parsed === "object") args = parsed as Record<string, unknown>;
  } catch {
    // Arguments that do not parse search for nothing in particular.
  }
  const str = (v: unknown) => (typeof v === "string" ? v.slice(0, MAX_STRING) : "");
  const cents = (v: unknown) =>
    typeof v === "number" && Number.isFinite(v) && v >= 0 && v < MAX_DOLLARS ? Math.round(v * 10 ** shopMinorUnits()) : null;
  const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
  return {
    text: str(args.query),
    filters: {
      ...EMPTY_FILTERS,
      categories: str(args.category) ? [str(args.category)] : [],
      brands: str(args.brand) ? [str(args.brand)] : [],
      minPrice: cents(args.min_price),
      maxPrice: cents(args.max_price),
      onSale: args.on_sale === true,
      inStockOnly: args.in_stock === true,
      minRating: finite(args.min_rating) ? Math.max(0, Math.min(5, args.min_rating)) : null,
      tags: args.gift === true ? ["gift"] : [],
    },
    sort: SORTS.includes(args.sort as SearchSort) ? (args.sort as SearchSort) : "relevance",
    limit: finite(args.limit) ? Math.max(1, Math.min(MAX_LIMIT, Math.floor(args.limit))) : DEFAULT_LIMIT,
    targetPrice: null,
  };
}
