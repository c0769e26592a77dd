/**
 * The catalogue's facet counts from how many matches each (category, brand) pair holds. Each
 * facet is counted under the other facet's filter alone, so choosing a brand keeps its sibling
 * brands visible with their counts; the total is what both filters leave. A product's category
 * and brand decide both filters, so the pairs hold every count: the database groups the matches
 * once by pair (one hash per match) instead of once per facet.
 */

/** How many matches hold one category and brand. */
export interface FacetPair {
  category: string;
  brand: string;
  count: number;
}

export interface FacetValueCount {
  value: string;
  count: number;
}

export interface FacetCounts {
  /** Each category's matches among the chosen brands (all brands when none is chosen). */
  categories: FacetValueCount[];
  /** Each brand's matches among the chosen categories (all categories when none is chosen). */
  brands: FacetValueCount[];
  /** Matches in a chosen category and of a chosen brand. */
  total: number;
}

/** Counts of values with at least one match, in the order each value first appears. */
function countsByValue(pairs: readonly FacetPair[], facet: (p: FacetPair) => string): FacetValueCount[] {
  const counts = new Map<string, number>();
  for (const p of pairs) if (p.count > 0) counts.set(facet(p), (counts.get(facet(p)) ?? 0) + p.count);
  return [...counts].map(([value, count]) => ({ value, count }));
}

/** An empty choice lets every value through. */
function chosen(values: readonly string[]): (value: string) => boolean {
  if (values.length === 0) return () => true;
  const set = new Set(values);
  return (value) => set.has(value);
}

export function facetCountsFromPairs(
  pairs: readonly FacetPair[],
  chosenCategories: readonly string[],
  chosenBrands: readonly string[],
): FacetCounts {
  const inCategory = chosen(chosenCategories);
  const inBrand = chosen(chosenBrands);
  return {
    categories: countsByValue(
      pairs.filter((p) => inBrand(p.brand)),
      (p) => p.category,
    ),
    brands: countsByValue(
      pairs.filter((p) => inCategory(p.category)),
      (p) => p.brand,
    ),
    total: pairs.reduce((n, p) => (inCategory(p.category) && inBrand(p.brand) ? n + p.count : n), 0),
  };
}
