import type { SellerConfig } from "../merchant/seller-config.ts";
import type { OfferLapse, OfferTerms, StoredOffer } from "./negotiation-types.ts";

/**
 * Which offer stands: the latest one the server issued, as long as the cart still holds exactly
 * what it was made for and it has not expired. One that stopped counting is reported, so the
 * store can mark it (voided wins over expired: the cart change is the shopper's own doing).
 */
export function whatStands(
  latest: StoredOffer | null,
  fingerprint: string,
  now: Date,
): { standing: StoredOffer | null; lapsed: OfferLapse | null } {
  if (!latest) return { standing: null, lapsed: null };
  if (latest.cartFingerprint !== fingerprint) {
    return { standing: null, lapsed: { offerId: latest.id, status: "voided" } };
  }
  if (latest.expiresAt.getTime() <= now.getTime()) {
    return { standing: null, lapsed: { offerId: latest.id, status: "expired" } };
  }
  return { standing: latest, lapsed: null };
}

/** When an offer issued now expires (the merchant's offer_expiry_minutes). */
export function offerExpiry(config: SellerConfig, now: Date): Date {
  return new Date(now.getTime() + config.global_rules.offer_expiry_minutes * 60_000);
}

/** A new offer to store, expiring per the merchant's settings. */
export function issue(terms: OfferTerms, config: SellerConfig, now: Date) {
  return { terms, expiresAt: offerExpiry(config, now) };
}
