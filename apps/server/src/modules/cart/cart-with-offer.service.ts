import type { Cart } from "@haggle/contract/cart";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { negotiationOffers, negotiations } from "../../platform/db/schema.ts";
import { cartView, ensureActiveCart, loadCartLines } from "./cart.service.ts";
import { cartFingerprint, offerDto, policyLines } from "../negotiation/negotiation-context.ts";

/** GET /api/cart: the cart with the offer that stands for it (unexpired, same contents), if any. */
export async function activeCartWithOffer(db: Db, userId: string): Promise<Cart> {
  const cart = await ensureActiveCart(db, userId);
  const [view, [row], lines] = await Promise.all([
    cartView(db, cart),
    db
      .select({ offer: negotiationOffers })
      .from(negotiationOffers)
      .innerJoin(negotiations, eq(negotiations.id, negotiationOffers.negotiationId))
      .where(
        and(
          eq(negotiationOffers.cartId, cart.id),
          eq(negotiations.status, "active"),
          inArray(negotiationOffers.status, ["standing", "agreed"]),
          gt(negotiationOffers.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(negotiationOffers.createdAt))
      .limit(1),
    loadCartLines(db, cart.id),
  ]);
  const offer = row && row.offer.cartFingerprint === cartFingerprint(lines) ? offerDto(row.offer, policyLines(lines)) : null;
  return { ...view, offer };
}
