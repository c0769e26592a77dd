import {
  type AppliedPriceLapse,
  appliedPriceLapse,
  pricesMovedUnder,
} from "@haggle/domain/negotiation/applied-price-lapse";
import { and, asc, eq, exists, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client.ts";
import { cartItems, carts } from "../../platform/db/schema/carts.ts";
import { cartOffers } from "./offers-port.store.ts";
import { cartFingerprint } from "./cart-offers.store.ts";
import { type CartLine, type CartRow, loadCartLines, voidNegotiatedPrices } from "./cart.store.ts";

/*
 * An applied negotiated price is rechecked wherever it could be paid or shown: an applied offer
 * lapses with its expiry or when a price it was computed on changes. Kept with the stores, like
 * the cart view: the cart, checkout and the merchant's
 * product update all use it, and a module may use another's stores, never its services.
 */

function appliedLines(lines: readonly CartLine[]) {
  return lines.map(({ item, variant }) => ({ price: variant.price, negotiatedOn: item.negotiatedOnPrice }));
}

/** Whether the cart's applied price has lapsed by now, and why; null while it holds (or none is applied). */
export function appliedPriceLapseOf(
  cart: CartRow,
  lines: readonly CartLine[],
  now: Date,
  ttlMinutes: number,
): AppliedPriceLapse | null {
  if (!cart.appliedNegotiationId) return null;
  return appliedPriceLapse({ appliedAt: cart.negotiatedAt, lines: appliedLines(lines), now, ttlMinutes });
}

/**
 * Voids the cart's applied price if it has lapsed, as a cart change would, and records why.
 * The caller holds the cart's lock and passes the lines it read under it. Answers the lapse.
 */
export async function lapseAppliedPriceIfDue(
  tx: Tx,
  cart: CartRow,
  lines: readonly CartLine[],
  ttlMinutes: number,
  now = new Date(),
): Promise<AppliedPriceLapse | null> {
  const lapse = appliedPriceLapseOf(cart, lines, now, ttlMinutes);
  if (lapse) await voidNegotiatedPrices(tx, cart.id, lapse);
  return lapse;
}

/**
 * Locks, in one order, the active carts holding any of these products whose negotiated prices
 * a price change could touch: an applied offer, or a standing or agreed one. Taken before the
 * product row, as checkout takes its cart before the products' stock, so the two never wait on
 * each other in a cycle.
 */
export async function lockCartsNegotiatedOn(tx: Tx, productIds: readonly string[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const holding = await tx
    .select({ id: carts.id, applied: carts.appliedNegotiationId })
    .from(carts)
    .where(
      and(
        eq(carts.status, "active"),
        exists(
          tx
            .select({ one: sql`1` })
            .from(cartItems)
            .where(and(eq(cartItems.cartId, carts.id), inArray(cartItems.productId, [...productIds]))),
        ),
      ),
    );
  const offered = new Set(
    await cartOffers().cartsWithLiveOffers(
      tx,
      holding.filter((cart) => !cart.applied).map((cart) => cart.id),
    ),
  );
  const touched = holding.filter((cart) => cart.applied || offered.has(cart.id)).map((cart) => cart.id);
  if (touched.length === 0) return [];
  const rows = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(and(inArray(carts.id, touched), eq(carts.status, "active")))
    .orderBy(asc(carts.id))
    .for("update");
  return rows.map((r) => r.id);
}

/**
 * After prices changed: the standing or agreed offers of these (locked) carts made for contents at
 * other prices are voided. An applied price is left as it is, on purpose: the one place it lapses
 * is `lapseAppliedPriceIfDue`, when the cart is next read (its page, an agent's tool) or checked
 * out, because the moved price is the evidence checkout needs to refuse once with the new total.
 * Voiding it here erased that evidence, and the next checkout charged the new price unannounced;
 * every path that moves a price (the product form, an import, a direct write) now behaves alike.
 * Answers how many carts hold an applied price that will lapse.
 */
export async function voidStaleOffersOnPriceChange(tx: Tx, cartIds: readonly string[]): Promise<number> {
  let lapsing = 0;
  for (const cartId of cartIds) {
    const [cart] = await tx.select().from(carts).where(eq(carts.id, cartId));
    if (cart?.status !== "active") continue;
    const lines = await loadCartLines(tx, cartId);
    if (cart.appliedNegotiationId && pricesMovedUnder(appliedLines(lines))) {
      lapsing += 1;
      continue;
    }
    await cartOffers().voidLiveNotFor(tx, cartId, cartFingerprint(lines));
  }
  return lapsing;
}
