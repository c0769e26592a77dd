import { and, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { preparedStatement } from "../../platform/db/prepared.ts";
import { negotiationOffers, negotiations } from "../../platform/db/schema/negotiation.ts";
import type { CartOffers } from "../cart/index.ts";

/** Offers that a cart change voids: those that could still be accepted. */
const LIVE = ["standing", "agreed"];

// Every add to the cart runs it: its SQL is built once (preparedStatement).
const voidLiveStatement = preparedStatement("negotiation_void_live_offers", (q) =>
  q
    .update(negotiationOffers)
    .set({ status: "voided" })
    .where(
      and(eq(negotiationOffers.cartId, sql.placeholder("cartId")), inArray(negotiationOffers.status, LIVE)),
    ),
);

/**
 * The negotiation's offers as the cart asks for them (`CartOffers`): voided when the cart's
 * contents change, and the one that stands shown with the cart. Handed to the cart by this
 * module's front door.
 */
export const offersForCarts: CartOffers = {
  async voidLive(tx: Tx, cartId: string) {
    await voidLiveStatement(tx, { cartId });
  },

  async voidLiveNotFor(tx: Tx, cartId: string, fingerprint: string) {
    await tx
      .update(negotiationOffers)
      .set({ status: "voided" })
      .where(
        and(
          eq(negotiationOffers.cartId, cartId),
          inArray(negotiationOffers.status, LIVE),
          ne(negotiationOffers.cartFingerprint, fingerprint),
        ),
      );
  },

  async cartsWithLiveOffers(tx: Tx, cartIds: readonly string[]) {
    if (cartIds.length === 0) return [];
    const rows = await tx
      .selectDistinct({ cartId: negotiationOffers.cartId })
      .from(negotiationOffers)
      .where(and(inArray(negotiationOffers.cartId, [...cartIds]), inArray(negotiationOffers.status, LIVE)));
    return rows.map((row) => row.cartId);
  },

  async latestLive(db: Queryable, cartId: string) {
    const [row] = await db
      .select({ offer: negotiationOffers })
      .from(negotiationOffers)
      .innerJoin(negotiations, eq(negotiations.id, negotiationOffers.negotiationId))
      .where(
        and(
          eq(negotiationOffers.cartId, cartId),
          eq(negotiations.status, "active"),
          inArray(negotiationOffers.status, LIVE),
          gt(negotiationOffers.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(negotiationOffers.createdAt))
      .limit(1);
    return row?.offer ?? null;
  },
};
