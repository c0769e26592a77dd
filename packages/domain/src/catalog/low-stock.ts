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
