import type { Queryable, Tx } from "../../platform/db/client.ts";
import type { negotiationOffers } from "../../platform/db/schema/negotiation.ts";

export type OfferRow = typeof negotiationOffers.$inferSelect;

/**
 * What the cart needs of the offers Ava issued for it. An offer is bound to the cart's exact
 * contents, so a change of the cart voids it, and the cart shows the one that stands. The
 * negotiation module owns the offers' table and sits above the cart (it reads, locks and prices
 * carts through the cart's front door), so the cart cannot import it: the negotiation module's
 * front door hands the cart these functions when it loads (`provideCartOffers`).
 */
export interface CartOffers {
  /** Voids the cart's standing and agreed offers: its contents changed, or an applied price lapsed. */
  voidLive(tx: Tx, cartId: string): Promise<void>;
  /** Voids the cart's standing and agreed offers made for other contents than `fingerprint`. */
  voidLiveNotFor(tx: Tx, cartId: string, fingerprint: string): Promise<void>;
  /** Which of these carts hold a standing or agreed offer. */
  cartsWithLiveOffers(tx: Tx, cartIds: readonly string[]): Promise<string[]>;
  /** The newest unexpired standing or agreed offer of the cart's active negotiation, if any. */
  latestLive(db: Queryable, cartId: string): Promise<OfferRow | null>;
}

let provided: CartOffers | null = null;

/** Called once by the negotiation module's front door. */
export function provideCartOffers(offers: CartOffers): void {
  provided = offers;
}

/** The offers' functions; refusing to go on without them, since a stale offer must never survive. */
export function cartOffers(): CartOffers {
  if (!provided)
    throw new Error("The negotiation module is not loaded: import its front door before changing a cart.");
  return provided;
}
