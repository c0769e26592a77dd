import { formatMoney } from "@haggle/domain/pricing/money";
import { formatPercentPoints } from "@haggle/domain/pricing/percent";
import type { Offer } from "@haggle/contract/cart";
import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";

/** "14:32" in the shopper's locale; empty for a date that does not parse. */
export function formatExpiryTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
}

/** "Ava's offer: 10% off (−$30.00), expires at 14:32": every figure the server's, the percent as Ava says it. */
export function describeOffer(
  offer: Pick<Offer, "discountPercent" | "discountAmount" | "expiresAt">,
): string {
  const expires = formatExpiryTime(offer.expiresAt);
  const base = `${ASSISTANT_NAME}'s offer: ${formatPercentPoints(offer.discountPercent)} off (−${formatMoney(offer.discountAmount)})`;
  return expires === "" ? base : `${base}, expires at ${expires}`;
}
