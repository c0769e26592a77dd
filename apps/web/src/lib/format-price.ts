import { type Cents, formatMoney } from "@haggle/domain/pricing/money";

/** Shipping as the server priced it (cents, as every amount the API client decodes): "Free" at zero. */
export function formatShipping(cents: Cents): string {
  return cents === 0 ? "Free" : formatMoney(cents);
}
