export interface FacetCount {
  value: string;
  count: number;
}

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
    a.value.localeCompare(b.value, "en", { sensitivity: "base" }),
  );
}
