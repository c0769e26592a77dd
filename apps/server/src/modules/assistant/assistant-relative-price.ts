import type { Product } from "@haggle/contract/products";
import type { ParsedShoppingRequest } from "@haggle/domain/assistant/parse-shopping-request";
import type { SearchPlan } from "@haggle/domain/assistant/relax-shopping-request";
import { shownAt } from "@haggle/domain/assistant/shown-product-questions";
import { wordForms } from "@haggle/domain/assistant/word-meaning";
import type { Cents } from "@haggle/domain/pricing/money";

/**
 * "cheaper ones", "more expensive" after products were shown: the plans relative to their prices,
 * and what they have in common for when too little of the kind is cheaper (built-in-search.ts).
 */

/** The products looked at: what they have in common is read from these. */
const LOOKED_AT = 4;

/** Tags that say what is on sale or new, not what a thing is. */
const NOT_KINDS = new Set(["sale", "gift", "new"]);

/**
 * What the products shown have in common besides the kind's own word (a cast iron skillet and a
 * cookware set: "kitchen", "home"): the nearest things when nothing of the kind is cheaper.
 */
export function sharedTags(shown: Product[], request: ParsedShoppingRequest): string[] {
  const [first, ...rest] = shown.slice(0, LOOKED_AT);
  if (!first) return [];
  const own = new Set(request.subjectWords.flatMap((w) => wordForms(w)));
  return first.tags.filter(
    (t) =>
      !NOT_KINDS.has(t) && !wordForms(t).some((f) => own.has(f)) && rest.every((p) => p.tags.includes(t)),
  );
}

/**
 * The plans of "cheaper" and "more expensive", relative to the prices shown: of the products of
 * the kind asked for (`ofKind`) when any was shown, not of the other things that filled the
 * answer after them ("more premium" after smartwatches is above the cheapest smartwatch, not
 * above a USB hub shown after them); "than the second one" is that product's price.
 */
export function relativePlans(
  request: ParsedShoppingRequest,
  base: SearchPlan,
  shown: Product[],
  ofKind: (p: Product) => boolean = () => true,
): SearchPlan[] {
  const kind = shown.filter(ofKind);
  const compared = kind.length > 0 ? kind : shown;
  const prices = compared.map((p) => p.price);
  const named = request.ordinal === null ? undefined : shownAt(shown, request.ordinal);
  if (request.relative === "pricier")
    return [
      {
        ...base,
        // "pricier than the last one": above that product's price.
        filters: {
          ...base.filters,
          minPrice: ((named?.price ?? Math.min(...prices)) + 1) as Cents,
          maxPrice: null,
        },
        targetPrice: null,
      },
    ];
  const below = (cap: number): SearchPlan => {
    let maxPrice = Math.max(0, cap - 1) as Cents;
    if (request.stated.maxPrice !== null && request.stated.maxPrice < maxPrice)
      maxPrice = request.stated.maxPrice;
    const minPrice =
      base.filters.minPrice !== null && base.filters.minPrice > maxPrice ? null : base.filters.minPrice;
    return { ...base, filters: { ...base.filters, maxPrice, minPrice }, targetPrice: null };
  };
  // "cheaper than the second one": below that product's price, and nothing dearer.
  if (named) return [below(named.price)];
  const sorted = [...prices].sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const caps = [compared[0]?.price ?? 0, middle, sorted.at(-1) ?? 0];
  return caps.filter((cap, i) => cap > 0 && caps.indexOf(cap) === i).map(below);
}

/**
 * "cheaper", "more premium": what fills the answer after the plans (close kinds, the catalogue's
 * text) stays within the prices the plans were relative to: below the highest cap tried, above the
 * floor. Without them a fill could bring back the cheapest thing shown as "more premium".
 */
export function withinRelative(request: ParsedShoppingRequest, bases: SearchPlan[]): (p: Product) => boolean {
  if (request.turn !== "relative-price" || !request.relative) return () => true;
  const caps = bases.map((b) => b.filters.maxPrice);
  const floors = bases.map((b) => b.filters.minPrice);
  const cap = caps.includes(null) ? null : Math.max(...(caps as number[]));
  const floor = floors.includes(null) ? null : Math.min(...(floors as number[]));
  return (p) => (cap === null || p.price <= cap) && (floor === null || p.price >= floor);
}
