import type { Cents } from "./money.ts";

/**
 * The product card's badge: round((listPrice - price) / listPrice x 100), shown only when the
 * price is below the list price and the result is above 0. Returns null when no badge shows.
 */
export function discountBadgePercent(price: Cents, listPrice: Cents): number | null {
  if (listPrice <= 0 || price >= listPrice) return null;
  const percent = Math.round(((listPrice - price) * 100) / listPrice);
  return percent > 0 ? percent : null;
}

/** The struck-through list price shows only when the price is below it. */
export function showsListPrice(price: Cents, listPrice: Cents): boolean {
  return price < listPrice;
}
