import type { Cents } from "../pricing/money.ts";
import { subtotalOf } from "./negotiation-limits.ts";
import type { BundleCandidate, TurnLine } from "./negotiation-types.ts";

/**
 * The shop's own pick of a cross-sell to bundle for the bonus, when the merchant's pairings
 * offer none: in stock, not in the cart, cheap next to it (3% to 30% of the subtotal, at least
 * $1), in the category of the cart's most valuable line first, then the hottest, the best
 * rated, the lowest id. The server runs this search as one query; the eval over the seeded
 * catalogue in memory (pickBundleCandidate): both read the bounds from here.
 */
export interface BundleSearch {
  /** Products already in the cart. */
  exclude: string[];
  minPrice: Cents;
  maxPrice: Cents;
  /** Enough stock that adding one cannot run it out. */
  minStock: number;
  /** The category of the cart's most valuable line, preferred. */
  preferCategory: string | null;
}

/** The search for a bundle candidate, or null when none is needed (one was already proposed) or possible. */
export function bundleSearchFor(lines: readonly TurnLine[], bundleProposed: boolean): BundleSearch | null {
  if (bundleProposed) return null;
  const subtotal = subtotalOf(lines);
  if (lines.length === 0 || subtotal <= 0) return null;
  // The first of equally valuable lines wins: a stable sort keeps the cart's order.
  const top = [...lines].sort((a, b) => b.price * b.quantity - a.price * a.quantity)[0];
  return {
    exclude: lines.map((l) => l.productId),
    minPrice: Math.max(100, Math.floor(subtotal * 0.03)),
    maxPrice: Math.floor(subtotal * 0.3),
    minStock: 5,
    preferCategory: top?.category ?? null,
  };
}

/** A product as the in-memory search reads it. */
export interface BundleProduct extends BundleCandidate {
  category: string;
  stockLevel: number;
  demandIndex: number;
  rating: number;
  hidden?: boolean;
}

/** The search run over a list of products (the eval's catalogue); the server runs it in SQL. */
export function pickBundleCandidate(
  search: BundleSearch,
  products: readonly BundleProduct[],
): BundleCandidate | null {
  const excluded = new Set(search.exclude);
  const preferred = (p: BundleProduct) => Number(p.category === (search.preferCategory ?? ""));
  const found = products
    .filter(
      (p) =>
        !p.hidden &&
        p.stockLevel >= search.minStock &&
        !excluded.has(p.productId) &&
        p.price >= search.minPrice &&
        p.price <= search.maxPrice,
    )
    .sort(
      (a, b) =>
        preferred(b) - preferred(a) ||
        b.demandIndex - a.demandIndex ||
        b.rating - a.rating ||
        (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0),
    )[0];
  return found ? { productId: found.productId, name: found.name, price: found.price } : null;
}
