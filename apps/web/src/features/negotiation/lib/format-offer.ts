import { formatUsd } from "@haggle/domain/pricing/money";
import type { Offer } from "@haggle/contract/cart";
import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";

const percent = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** "14:32" in the shopper's locale; empty for a date that does not parse. */
export function formatExpiryTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
}

/** "Ava's offer: 10% off (−$30.00), expires at 14:32": every figure the server's. */
export function describeOffer(
  offer: Pick<Offer, "discountPercent" | "discountAmount" | "expiresAt">,
): string {
  const expires = formatExpiryTime(offer.expiresAt);
  const base = `${ASSISTANT_NAME}'s offer: ${percent.format(offer.discountPercent)}% off (−${formatUsd(offer.discountAmount)})`;
  return expires === "" ? base : `${base}, expires at ${expires}`;
}
