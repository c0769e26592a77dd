import { describeFilters, type ParsedShoppingRequest } from "./parse-shopping-request.ts";
import type { ProductSearchFilters, ShoppingRequest } from "./shopping-request.ts";

/**
 * When nothing matches a whole request, the looser requests to try, in order, and what each
 * still matches. A fallback never breaks what the shopper just said: the filters the last
 * message stated ("only Nike", "between 50 and 80") and the request's categories always stay;
 * fewer products, or none, are shown instead.
 *
 * 1. Without the older constraints (a follow-up's earlier price, sale, brand...), with the
 *    search words.
 * 2. The same without the search words, when something still says what to show: a category,
 *    a brand or a tag ("gift for a runner" with no gift about running shows gifts). A price or
 *    sale alone would list half the shop, so then nothing is shown.
 */
export interface FallbackRequest {
  request: ShoppingRequest;
  /** What its products still match, as phrases ("Footwear", "Nike"). */
  kept: string[];
}

/** What nothing matches all together: the search words (quoted) and the constraints, never the order. */
export function missedPhrases(parsed: ParsedShoppingRequest): string[] {
  return parsed.text ? [`"${parsed.text}"`, ...parsed.constraints] : parsed.constraints;
}

const same = (a: ProductSearchFilters, b: ProductSearchFilters) => JSON.stringify(a) === JSON.stringify(b);

export function fallbackRequests(parsed: ParsedShoppingRequest): FallbackRequest[] {
  const filters: ProductSearchFilters = { ...parsed.stated, categories: [...parsed.filters.categories] };
  const pricesStated = parsed.stated.minPrice !== null || parsed.stated.maxPrice !== null;
  const base: ShoppingRequest = {
    text: parsed.text,
    filters,
    sort: parsed.sort,
    limit: parsed.limit,
    targetPrice: pricesStated ? parsed.targetPrice : null,
  };
  const kept = describeFilters(filters, base.targetPrice, base.sort);
  const out: FallbackRequest[] = [];
  if (!same(filters, parsed.filters)) {
    out.push({ request: base, kept: parsed.text ? [`"${parsed.text}"`, ...kept] : kept });
  }
  const saysWhat = filters.categories.length > 0 || filters.brands.length > 0 || filters.tags.length > 0;
  if (parsed.text && saysWhat) out.push({ request: { ...base, text: "" }, kept });
  return out;
}
