import type { Cart } from "@haggle/contract/cart";
import { noteCartVisitor } from "../experiments/index.ts";
import type { Db } from "../../platform/db/client.ts";
import { appliedPriceLapseOf, lapseAppliedPriceIfDue } from "./applied-price.store.ts";
import { cartOffers } from "./offers-port.store.ts";
import { cartFingerprint, offerDto, policyLines } from "./cart-offers.store.ts";
import { type CartRow, ensureActiveCart, findCart, loadCartLines, lockCart } from "./cart.store.ts";
import { cartView } from "./cart-view.store.ts";

/**
 * The cart as it stands now: an applied negotiated price that lapsed (a price it was computed on
 * moved, or its time ran out) is voided first, under the cart's lock, so the shopper sees today's
 * prices and why.
 */
async function withAppliedPriceRechecked(db: Db, cart: CartRow, ttlMinutes: number): Promise<CartRow> {
  if (!cart.appliedNegotiationId) return cart;
  if (!appliedPriceLapseOf(cart, await loadCartLines(db, cart.id), new Date(), ttlMinutes)) return cart;
  return db.transaction(async (tx) => {
    const locked = await lockCart(tx, cart.id);
    if (!locked) return cart;
    const lapse = await lapseAppliedPriceIfDue(tx, locked, await loadCartLines(tx, locked.id), ttlMinutes);
    return lapse ? ((await findCart(tx, cart.id)) ?? locked) : locked;
  });
}

/** GET /api/cart: the cart with the offer that stands for it (unexpired, same contents), if any. */
export async function activeCartWithOffer(
  db: Db,
  userId: string,
  options: { appliedOfferTtlMinutes: number },
): Promise<Cart> {
  const cart = await withAppliedPriceRechecked(
    db,
    await ensureActiveCart(db, userId),
    options.appliedOfferTtlMinutes,
  );
  const [view, offer, lines] = await Promise.all([
    cartView(db, cart),
    cartOffers().latestLive(db, cart.id),
    loadCartLines(db, cart.id),
  ]);
  // Opening a cart that holds something (the page or an agent's tool): a visitor with a cart.
  if (lines.length > 0) await noteCartVisitor(db, userId);
  return {
    ...view,
    offer:
      offer && offer.cartFingerprint === cartFingerprint(lines) ? offerDto(offer, policyLines(lines)) : null,
  };
}
