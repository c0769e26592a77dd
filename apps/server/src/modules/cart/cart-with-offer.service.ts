import type { Cart } from "@haggle/contract/cart";
import type { Db } from "../../platform/db/client.ts";
import { cartFingerprint, findLatestLiveOffer, offerDto, policyLines } from "./cart-offers.store.ts";
import { ensureActiveCart, loadCartLines } from "./cart.store.ts";
import { cartView } from "./cart-view.store.ts";

/** GET /api/cart: the cart with the offer that stands for it (unexpired, same contents), if any. */
export async function activeCartWithOffer(db: Db, userId: string): Promise<Cart> {
  const cart = await ensureActiveCart(db, userId);
  const [view, offer, lines] = await Promise.all([
    cartView(db, cart),
    findLatestLiveOffer(db, cart.id),
    loadCartLines(db, cart.id),
  ]);
  return {
    ...view,
    offer:
      offer && offer.cartFingerprint === cartFingerprint(lines) ? offerDto(offer, policyLines(lines)) : null,
  };
}
