/**
 * How a typed category or brand relates to the shop's existing ones: the same one (perhaps typed
 * in other letter case: its own spelling is kept, so no second facet appears), or a new one.
 */
export function matchExistingValue(typed: string, existing: readonly string[]): string | null {
  const wanted = typed.trim().toLowerCase();
  if (wanted === "") return null;
  return existing.find((value) => value.toLowerCase() === wanted) ?? null;
}
