import { splitNegotiationData } from "@haggle/contract/negotiation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, uniqueEmail } from "./support/http-client.ts";
import { signUpMerchant, wireResult } from "./support/shop-fixtures.ts";
import { DB_KINDS, startTestServer, type TestServer } from "./support/test-server.ts";

/**
 * A negotiation lives as long as its cart lets it: resumed from the server (messages, offer,
 * expiry) until completed, voided by a cart change or expired; created on the shopper's first
 * message, not on a page visit; a typed "deal" applies the offer like the button; after a
 * manager's refusal Ava still makes an offer to accept.
 */
describe.each(DB_KINDS)("negotiation lifetime on the %s database", (kind) => {
  let server: TestServer;
  let products: { id: string; price: number; inStock: boolean; stockLevel: number }[];
  let merchant: HttpClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    products = (await new HttpClient(server.baseUrl).get("/api/products?pageSize=200")).json.items;
    merchant = await signUpMerchant(server.baseUrl);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function shopperWithCart(target = 300) {
    const http = new HttpClient(server.baseUrl);
    await http.signUp(uniqueEmail(), "secret123", "Resume Shopper");
    const product = products
      .filter((p) => p.inStock && p.stockLevel >= 20)
      .sort((a, b) => Math.abs(a.price - target) - Math.abs(b.price - target))[0]!;
    await http.post("/api/cart/items", { productId: product.id });
    return { http, product };
  }

  const activeCount = async () =>
    (await merchant.get("/api/merchant/stats")).json.activeNegotiations as number;

  it("creates nothing on a visit: the first message does, and only then the dashboard counts it", async () => {
    const { http } = await shopperWithCart();
    const before = await activeCount();
    expect((await http.get("/api/negotiations/current")).json).toEqual({ id: null });
    expect((await http.get("/api/negotiations/current")).json).toEqual({ id: null });
    expect(await activeCount()).toBe(before);

    const started = await http.post("/api/negotiations", {});
    expect(started.status).toBe(201);
    // Started but not a word yet (an old client's visit): not a negotiation under way.
    expect(await activeCount()).toBe(before);
    expect((await http.say(started.json.id, "Hi, can I get a discount?")).status).toBe(200);
    expect(await activeCount()).toBe(before + 1);
  });

  it("resumes the cart's negotiation (messages and offer) until the cart changes; restart starts anew", async () => {
    const { http, product } = await shopperWithCart();
    const { id } = (await http.post("/api/negotiations", {})).json;
    const turn = await http.say(id, "Can I get a discount?");
    const offered = wireResult(turn.text)!;
    expect(offered.total_discount_amount).toBeGreaterThan(0);

    // Reload, or back to the cart and back: the same negotiation, its messages, its offer and expiry.
    expect((await http.get("/api/negotiations/current")).json).toEqual({ id });
    const again = await http.post("/api/negotiations", {});
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(id);
    const resumed = (await http.get(`/api/negotiations/${id}`)).json;
    expect(resumed.messages).toHaveLength(2);
    expect(resumed.offer.discountAmount).toBe(offered.total_discount_amount);
    expect(resumed.offer.expiresAt).toBe(offered.expires_at);

    // The next ask goes on from the standing offer, never below it.
    const more = wireResult((await http.say(id, "Can you do better?")).text)!;
    expect(more.total_discount_amount).toBeGreaterThanOrEqual(offered.total_discount_amount);

    // A cart change voids the offer: the page opens empty and the first message starts a new one.
    await http.post("/api/cart/items", { productId: product.id });
    expect((await http.get("/api/negotiations/current")).json).toEqual({ id: null });
    const fresh = await http.post("/api/negotiations", {});
    expect(fresh.status).toBe(201);
    expect(fresh.json.id).not.toBe(id);

    const restarted = await http.post("/api/negotiations", { restart: true });
    expect(restarted.status).toBe(201);
    expect(restarted.json.id).not.toBe(fresh.json.id);
    expect((await http.get(`/api/negotiations/${fresh.json.id}`)).status).toBe(404);
    expect((await http.post("/api/negotiations", { restart: "yes" })).status).toBe(400);
  });

  it("a typed 'deal' applies the standing offer like the button; revisiting shows the applied negotiation", async () => {
    const { http } = await shopperWithCart();
    const { id } = (await http.post("/api/negotiations", {})).json;
    const offered = wireResult((await http.say(id, "Can I get a discount?")).text)!;
    const before = (await http.get("/api/cart")).json;

    const deal = await http.say(id, "deal");
    expect(deal.status).toBe(200);
    expect(wireResult(deal.text), "nothing left to accept").toBeNull();
    expect(deal.display).toMatch(/applied it to your cart|applied to your cart/);
    expect(deal.display).not.toMatch(/Press 'Accept Offer/);

    const after = (await http.get("/api/cart")).json;
    expect(
      Math.round((before.summary.subtotal - after.summary.subtotal + after.summary.discount) * 100),
    ).toBe(Math.round(offered.total_discount_amount * 100));
    const negotiation = (await http.get(`/api/negotiations/${id}`)).json;
    expect(negotiation.status).toBe("completed");
    expect(negotiation.offer.status).toBe("applied");
    // The button after a typed acceptance: already applied.
    expect((await http.post(`/api/negotiations/${id}/accept`, {})).status).toBe(409);

    // Revisiting: the page resumes the applied negotiation with its chat.
    expect((await http.get("/api/negotiations/current")).json).toEqual({ id });
    expect(negotiation.messages.map((m: { role: string }) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
  });

  it("after the manager rejects an escalation, Ava makes an offer the shopper can accept", async () => {
    const { http } = await shopperWithCart(400);
    const { id } = (await http.post("/api/negotiations", {})).json;
    expect((await http.say(id, "Could you do 20% off?")).display).toMatch(/manager/i);
    const { approval } = (await http.get(`/api/negotiations/${id}`)).json;
    const decided = await merchant.post("/functions/v1/approve-negotiation", {
      approvalId: approval.id,
      approved: false,
    });
    expect(decided.status).toBe(200);
    const negotiation = (await http.get(`/api/negotiations/${id}`)).json;
    const last = negotiation.messages.at(-1);
    const { display } = splitNegotiationData(last.content);
    const result = wireResult(last.content);
    expect(display).not.toMatch(/last offer was my final one|already made my final offer/);
    expect(result?.negotiation_complete).toBe(true);
    expect(negotiation.offer.discountAmount).toBe(result!.total_discount_amount);
    expect((await http.post(`/api/negotiations/${id}/accept`, {})).status).toBe(200);
  });
});
