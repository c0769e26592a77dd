import { variantName } from "./variant-name.ts";

/**
 * A variant with this many units or fewer is low on stock: the merchant's dashboard lists it
 * (sold out ones first) so a size running out is seen before it is gone, not after.
 */
export const LOW_STOCK_AT = 5;

/** The dashboard's line for one low variant: "Trail Tee — M / Black: 2 left", or "…: sold out". */
export function lowStockLine(
  productName: string,
  optionValues: readonly string[],
  stockLevel: number,
): string {
  const name = variantName(productName, optionValues);
  return stockLevel <= 0 ? `${name}: sold out` : `${name}: ${stockLevel} left`;
}

/**
 * The dashboard counts low variants up to this many: past it, "at least" is all a merchant needs
 * to read, and counting stops there instead of reading every low variant of a large shop.
 */
export const LOW_STOCK_COUNTED = 1000;

/**
 * The card's last line under the `listed` variants: "and 3 more", "and at least 990 more" when
 * the count stopped at `countedUpTo`, or null when every low variant is listed.
 */
export function lowStockMore(total: number, listed: number, countedUpTo: number): string | null {
  const more = total - listed;
  if (more <= 0) return null;
  const figure = more.toLocaleString("en-US");
  return total >= countedUpTo ? `and at least ${figure} more` : `and ${figure} more`;
}
