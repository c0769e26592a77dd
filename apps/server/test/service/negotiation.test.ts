import { describe, expect, it } from "vitest";
import { addCartItem } from "../../src/modules/cart/cart.service.ts";
import {
  acceptOffer,
  negotiateTurn,
  startNegotiation,
} from "../../src/modules/negotiation/negotiation.service.ts";
import { products } from "../../src/platform/db/schema.ts";
import { SEEDED_WITH_OPTIONS } from "../../src/platform/db/seed/catalogue-variants.ts";
import { DB_KINDS } from "../support/test-server.ts";
import { KEPT_MAIL, makeShopper, useServiceDatabase } from "../support/service-shop.ts";

/**
 * The negotiation's service and stores against a database, no HTTP: a negotiation per cart, a
 * turn decided by the domain and stored, the agreed offer applied to the cart.
 */
describe.each(DB_KINDS)("negotiation, the service (%s)", (kind) => {
  const shop = useServiceDatabase(kind, { seed: true });
  const deps = () => ({ db: shop.database.db, ai: null, logger: KEPT_MAIL.logger });

  async function shopperWithCart() {
    const who = await makeShopper(shop.database);
    const rows = await shop.database.db.select().from(products).limit(40);
    const picked = rows
      .filter(
        (p) => p.stockLevel > 2 && !p.hidden && p.price >= 5_000 && !SEEDED_WITH_OPTIONS.includes(p.name),
      )
      .slice(0, 2);
    for (const product of picked)
      await addCartItem(shop.database.db, who.id, { productId: product.id, quantity: 1 });
    return who;
  }

  it("starts one negotiation per cart and resumes it", async () => {
    const who = await shopperWithCart();
    const first = await startNegotiation(shop.database.db, who);
    const again = await startNegotiation(shop.database.db, who);
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    const restarted = await startNegotiation(shop.database.db, who, { restart: true });
    expect(restarted.created).toBe(true);
    expect(restarted.id).not.toBe(first.id);
  });

  it("answers a push with an offer the policy decided, and applies it to the cart when agreed", async () => {
    const who = await shopperWithCart();
    const { id } = await startNegotiation(shop.database.db, who);
    const turn = await negotiateTurn(deps(), who, id, "Can you give me a discount?");
    expect(turn.decision.kind).toBe("offer");
    const offered = turn.decision.kind === "offer" ? turn.decision.offer.discount : 0;
    expect(offered).toBeGreaterThan(0);
    expect(turn.reply.text.length).toBeGreaterThan(0);
    const cart = await acceptOffer(shop.database.db, who, id);
    expect(cart.summary.discount).toBe(offered);
  });

  it("refuses a negotiation without a cart with a sentence", async () => {
    const who = await makeShopper(shop.database);
    await expect(startNegotiation(shop.database.db, who)).rejects.toMatchObject({ code: "NO_ACTIVE_CART" });
  });
});
