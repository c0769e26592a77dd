export interface FacetCount {
  value: string;
  count: number;
}

/** One collator: `localeCompare` with a locale and options makes one per comparison (ms per list). */
const facetCollator = new Intl.Collator("en", { sensitivity: "base" });

/**
 * The server's facets, alphabetical, plus any selected value the current result no longer
 * contains (count 0), so a chosen filter can always be unchecked.
 */
export function withSelectedOptions(
  facets: readonly FacetCount[],
  selected: readonly string[],
): FacetCount[] {
  const missing = selected.filter((value) => !facets.some((facet) => facet.value === value));
  return [...facets, ...missing.map((value) => ({ value, count: 0 }))].sort((a, b) =>
    facetCollator.compare(a.value, b.value),
  );
}
