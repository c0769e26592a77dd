import { formatUsd, toCents } from "@haggle/domain/pricing/money";

/** API dollars (a whole number of cents) -> "$1,234.50". */
export function formatPrice(dollars: number): string {
  return formatUsd(toCents(dollars));
}

/** Shipping as the server priced it: "Free" at zero. */
export function formatShipping(dollars: number): string {
  return toCents(dollars) === 0 ? "Free" : formatPrice(dollars);
}
