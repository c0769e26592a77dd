import { formatUsd, toCents } from "@haggle/domain/money";

/** API dollars (a whole number of cents) -> "$1,234.50". */
export function formatPrice(dollars: number): string {
  return formatUsd(toCents(dollars));
}
