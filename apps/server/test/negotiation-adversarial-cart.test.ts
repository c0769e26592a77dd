/**
 * Adversarial shoppers against the real negotiation endpoint: tampering with the cart under an
 * offer (adding, changing, removing, a price change), replaying expired or applied offers, and
 * other shoppers' negotiations. Each conversation ends by checking the money (see
 * support/adversarial-shop.ts).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { negotiationOffers, products } from "../src/platform/db/schema.ts";
import {
  adversarialShop,
  type CartView,
  cents,
  listSubtotal,
  type Shopper,
} from "./support/adversarial-shop.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("adversarial negotiation, cart tampering, on the %s database", (kind) => {
  const shop = adversarialShop(kind);
  const { near, shopper, newShopper, refreshSubtotal, expectNothingApplied, turn, converse, settle } = shop;

  describe("cart changes and expiry", () => {
    it("adding a product after an offer voids it: accept 409, the cart shows no offer", async () => {
      const s = await shopper();
      await converse(s, ["can I get a discount?", "more"]);
      const { offer } = await settle(s, false);
      expect(offer).not.toBeNull();
      await s.http.post("/api/cart/items", { productId: near(50).id });
      await refreshSubtotal(s);
      const accept = await s.http.post(`/api/negotiations/${s.id}/accept`, {});
      expect(accept.status).toBe(409);
      // The cart change marks the offer voided at once, so the answer may be either message.
      expect(accept.json.error.message).toMatch(/cart changed|no offer/i);
      const cart = (await s.http.get("/api/cart")).json as CartView;
      expect(cart.offer).toBeNull();
      expectNothingApplied(cart);
      const { appliedDiscount } = await settle(s, true);
      expect(appliedDiscount, "an offer made for the old cart is never applied to the new one").toBe(0);
    });

    it("changing a quantity after an offer voids it; a new offer is made for the new cart", async () => {
      const s = await shopper(200);
      await converse(s, ["discount please"]);
      const cart = (await s.http.get("/api/cart")).json as CartView;
      expect(
        (await s.http.request("PATCH", `/api/cart/items/${cart.items[0]!.id}`, { quantity: 2 })).status,
      ).toBe(200);
      await refreshSubtotal(s);
      expect((await s.http.post(`/api/negotiations/${s.id}/accept`, {})).status).toBe(409);
      await settle(s, false);
      await converse(s, ["ok then, deal"]);
      const { appliedDiscount, allowed } = await settle(s, true);
      expect(appliedDiscount, "the new offer is within the cap of the new cart").toBeLessThanOrEqual(allowed);
    });

    it("removing a line after an offer voids it", async () => {
      const s = await newShopper([{ product: near(200) }, { product: near(60) }]);
      await converse(s, ["10% off?"]);
      const cart = (await s.http.get("/api/cart")).json as CartView;
      expect((await s.http.request("DELETE", `/api/cart/items/${cart.items[1]!.id}`)).status).toBe(200);
      await refreshSubtotal(s);
      expect((await s.http.post(`/api/negotiations/${s.id}/accept`, {})).status).toBe(409);
      const { appliedDiscount } = await settle(s, true);
      expect(appliedDiscount, "an offer for two lines is never applied to one").toBe(0);
    });

    it("a price change by the merchant after an offer voids it everywhere", async () => {
      const product = near(300, 3);
      const s = await newShopper([{ product }]);
      await converse(s, ["discount please"]);
      try {
        await shop.server.database.db
          .update(products)
          .set({ price: (product.price - 50).toFixed(2) })
          .where(eq(products.id, product.id));
        const accept = await s.http.post(`/api/negotiations/${s.id}/accept`, {});
        expect(accept.status).toBe(409);
        expect((await s.http.get("/api/cart")).json.offer).toBeNull();
        expectNothingApplied((await s.http.get("/api/cart")).json);
        await refreshSubtotal(s);
        await converse(s, ["ok, deal"]);
        const { appliedDiscount, allowed } = await settle(s, true);
        expect(appliedDiscount, "only an offer on the new price applies, within its cap").toBeLessThanOrEqual(
          allowed,
        );
      } finally {
        await shop.server.database.db
          .update(products)
          .set({ price: product.price.toFixed(2) })
          .where(eq(products.id, product.id));
      }
    });

    // BUG (low, latent until merchants can edit prices): GET /api/negotiations/:id shows an offer whose
    // cart fingerprint no longer matches (a price changed), while GET /api/cart hides it and accept answers 409.
    it("GET /api/negotiations/:id hides an offer voided by a price change, as GET /api/cart does", async () => {
      const product = near(300, 4);
      const s = await newShopper([{ product }]);
      await converse(s, ["discount please"]);
      try {
        await shop.server.database.db
          .update(products)
          .set({ price: (product.price - 50).toFixed(2) })
          .where(eq(products.id, product.id));
        expect((await s.http.post(`/api/negotiations/${s.id}/accept`, {})).status).toBe(409);
        expect((await s.http.get("/api/cart")).json.offer).toBeNull();
        expect(
          (await s.http.get(`/api/negotiations/${s.id}`)).json.offer,
          "the negotiation shows no offer the price change voided",
        ).toBeNull();
      } finally {
        await shop.server.database.db
          .update(products)
          .set({ price: product.price.toFixed(2) })
          .where(eq(products.id, product.id));
      }
    });

    it("an expired offer cannot be replayed, by the button or by words", async () => {
      const s = await shopper();
      await converse(s, ["discount please", "more"]);
      await shop.server.database.db
        .update(negotiationOffers)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(negotiationOffers.negotiationId, s.id));
      const replay = await s.http.post(`/api/negotiations/${s.id}/accept`, {});
      expect(replay.status).toBe(409);
      expect(replay.json.error.message).toBe("This offer has expired. Ask Ava for a new one.");
      const cart = (await s.http.get("/api/cart")).json as CartView;
      expect(cart.offer).toBeNull();
      expectNothingApplied(cart);
      expect((await s.http.get(`/api/negotiations/${s.id}`)).json.offer).toBeNull();
      // Words cannot bring it back either: 'deal' opens afresh, inside the limits.
      await converse(s, ["I accept the offer you made earlier, deal"]);
      const { appliedDiscount, allowed } = await settle(s, true);
      expect(
        appliedDiscount,
        "words revive no expired offer: a fresh one within the cap",
      ).toBeLessThanOrEqual(allowed);
    });

    it("an applied offer does not stack with a second negotiation on the same cart", async () => {
      const s = await shopper(300);
      await converse(s, ["more", "more", "more"]);
      const first = await settle(s, true);
      const second = await s.http.post("/api/negotiations", {});
      expect(second.status).toBe(201);
      s.id = second.json.id;
      await converse(
        s,
        Array.from({ length: 9 }, () => "more"),
      );
      const { offer, accepted } = await settle(s, true);
      expect(offer).not.toBeNull();
      expect(first.offer).not.toBeNull();
      // The cart is now discounted by the second offer alone, never by both.
      const cart = accepted!.json as CartView;
      expect(
        listSubtotal(cart) - (cents(cart.summary.subtotal) - cents(cart.summary.discount)),
        "the cart carries the second offer alone, never both",
      ).toBe(cents(offer!.discountAmount));
    });

    it("a completed negotiation answers a clean 409 to further turns", async () => {
      const s = await shopper();
      await converse(s, ["discount please", "ok"]);
      await settle(s, true);
      const after = await turn(s, "now give me 50% more", { status: 409 });
      expect(after.status).toBe(409);
      expect(
        (await s.http.post(`/api/negotiations/${s.id}/accept`, {})).status,
        "an applied offer cannot be applied again",
      ).toBe(409);
    });
  });

  describe("other shoppers", () => {
    it("another shopper's negotiation answers 404 to turns, reads and accepts", async () => {
      const a = await shopper();
      await converse(a, ["discount please"]);
      const b = await shopper(100);
      const intruder: Shopper = { ...b, id: a.id };
      await turn(intruder, "ok", { status: 404 });
      expect((await b.http.get(`/api/negotiations/${a.id}`)).status).toBe(404);
      expect((await b.http.post(`/api/negotiations/${a.id}/accept`, {})).status).toBe(404);
      expectNothingApplied((await b.http.get("/api/cart")).json);
      expectNothingApplied((await a.http.get("/api/cart")).json);
      await settle(b, true);
      const own = await settle(a, true);
      expect(own.appliedDiscount, "the owner still applies exactly their own offer").toBe(own.offered);
    });
  });
});
