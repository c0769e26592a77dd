/**
 * Adversarial shoppers against the real negotiation endpoint: requests that race each other
 * (accepts, turns, cart changes). The negotiation row is locked per turn and per accept, so they
 * take turns; each race ends by checking the money (see support/adversarial-shop.ts).
 */
import { describe, expect, it } from "vitest";
import {
  adversarialShop,
  type CartView,
  type ChatMessage,
  capFor,
  cents,
  listSubtotal,
} from "./support/adversarial-shop.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("adversarial negotiation, races, on the %s database", (kind) => {
  const { near, shopper, expectNothingApplied, turn, converse, settle } = adversarialShop(kind);

  it("two accepts in parallel: exactly one 200, the discount applied once", async () => {
    const s = await shopper();
    await converse(s, ["discount please", "more"]);
    const { offer, cart } = await settle(s, false);
    expect(offer).not.toBeNull();
    const results = await Promise.all([1, 2].map(() => s.http.post(`/api/negotiations/${s.id}/accept`, {})));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = (await s.http.get("/api/cart")).json as CartView;
    s.applied = true;
    await settle(s, false);
    expect(
      listSubtotal(cart) - (cents(after.summary.subtotal) - cents(after.summary.discount)),
      "two racing accepts apply the discount once",
    ).toBe(cents(offer!.discountAmount));
  });

  it("five accepts in parallel: exactly one 200", async () => {
    const s = await shopper(120);
    await converse(s, ["10% off?"]);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() => s.http.post(`/api/negotiations/${s.id}/accept`, {})),
    );
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    s.applied = true;
    await settle(s, false);
    expect(
      results.filter((r) => r.status === 200),
      "one of five racing accepts applies",
    ).toHaveLength(1);
  });

  it("parallel turns take turns: every reply completes and the offers stay inside the limits", async () => {
    const s = await shopper();
    // No acceptance word: a typed "ok" or "deal" would apply the offer and end the negotiation.
    const messages = [
      "more",
      "20% off",
      "hmm",
      "more please",
      "can you do $200?",
      "really?",
      "better?",
      "15%",
    ];
    const turns = await Promise.all(messages.map((m) => turn(s, m)));
    expect(turns.every((t) => t.status === 200)).toBe(true);
    const rounds = (await s.http.get(`/api/negotiations/${s.id}`)).json.messages.filter(
      (m: ChatMessage) => m.role === "user",
    );
    expect(rounds).toHaveLength(messages.length);
    const { appliedDiscount, allowed } = await settle(s, true);
    expect(appliedDiscount, "racing turns leave an offer within the cap").toBeLessThanOrEqual(allowed);
  });

  it("a typed 'deal' racing the button applies the offer once", async () => {
    const s = await shopper();
    await converse(s, ["discount please"]);
    const { offer, cart } = await settle(s, false);
    const [accept, typed] = await Promise.all([
      s.http.post(`/api/negotiations/${s.id}/accept`, {}),
      s.http.stream("/functions/v1/negotiate-cart", {
        negotiationId: s.id,
        messages: [{ role: "user", content: "deal" }],
      }),
    ]);
    await typed.text();
    expect([200, 409]).toContain(accept.status);
    expect([200, 409]).toContain(typed.status);
    const after = (await s.http.get("/api/cart")).json as CartView;
    expect(
      listSubtotal(cart) - (cents(after.summary.subtotal) - cents(after.summary.discount)),
      "the button and the typed acceptance apply the discount once",
    ).toBe(cents(offer!.discountAmount));
    expect((await s.http.get(`/api/negotiations/${s.id}`)).json.status).toBe("completed");
  });

  it("an accept racing a push turn applies one server offer exactly", async () => {
    const s = await shopper();
    await converse(s, ["discount please"]);
    const cart = (await s.http.get("/api/cart")).json as CartView;
    const [accept, pushed] = await Promise.all([
      s.http.post(`/api/negotiations/${s.id}/accept`, {}),
      s.http.stream("/functions/v1/negotiate-cart", {
        negotiationId: s.id,
        messages: [{ role: "user", content: "more" }],
      }),
    ]);
    expect([200, 409]).toContain(pushed.status);
    await pushed.text();
    expect(accept.status).toBe(200);
    const negotiation = (await s.http.get(`/api/negotiations/${s.id}`)).json;
    expect(negotiation.offer.status).toBe("applied");
    const after = accept.json as CartView;
    expect(listSubtotal(cart) - (cents(after.summary.subtotal) - cents(after.summary.discount))).toBe(
      cents(negotiation.offer.discountAmount),
    );
    s.applied = true;
    await settle(s, false);
    expect(
      cents(negotiation.offer.discountAmount),
      "the offer applied under a racing turn is within the cap",
    ).toBeLessThanOrEqual(capFor(s.subtotal, false));
  });

  it("an accept racing a cart change never leaves a discount on a cart it was not made for", async () => {
    const leftovers: number[] = [];
    for (let i = 0; i < 6; i++) {
      const s = await shopper(250);
      await converse(s, ["discount please", "more"]);
      const extra = near(40, i);
      const [accept, change] = await Promise.all([
        s.http.post(`/api/negotiations/${s.id}/accept`, {}),
        s.http.post("/api/cart/items", { productId: extra.id }),
      ]);
      expect(change.status, JSON.stringify(change.json)).toBe(200);
      expect([200, 409], JSON.stringify(accept.json)).toContain(accept.status);
      const cart = (await s.http.get("/api/cart")).json as CartView;
      // The cart now holds the extra product, so no offer made before may stay applied to it.
      expect(cart.items.some((item) => item.productId === extra.id)).toBe(true);
      expectNothingApplied(cart);
      leftovers.push(cents(cart.summary.discount));
    }
    expect(leftovers, "no discount stays on a cart changed under its accept").toEqual([0, 0, 0, 0, 0, 0]);
  });
});
