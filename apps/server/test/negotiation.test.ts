import { randomUUID } from "node:crypto";
import { splitNegotiationData } from "@haggle/contract/negotiation";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { negotiationOffers, sellerConfig } from "../src/platform/db/schema.ts";
import { HttpClient, uniqueEmail } from "./support/http-client.ts";
import { openEvents } from "./support/realtime-client.ts";
import { CHECKOUT_BODY, grantRole, wireResult } from "./support/shop-fixtures.ts";
import { DB_KINDS, startTestServer, type TestServer } from "./support/test-server.ts";

interface P {
  id: string;
  name: string;
  price: number;
  listPrice: number;
  inStock: boolean;
  stockLevel: number;
  demandIndex: number;
}

describe.each(DB_KINDS)("negotiation on the %s database", (kind) => {
  let server: TestServer;
  let catalogue: P[];

  beforeAll(async () => {
    server = await startTestServer(kind);
    catalogue = (await new HttpClient(server.baseUrl).get("/api/products?pageSize=200")).json.items;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A signed-in shopper with a cart worth about `target` dollars and a fresh negotiation. */
  async function negotiatingShopper(target = 300) {
    const http = new HttpClient(server.baseUrl);
    await http.signUp(uniqueEmail(), "secret123", "Nego Shopper");
    const product = catalogue
      .filter((p) => p.inStock && p.stockLevel >= 20)
      .sort((a, b) => Math.abs(a.price - target) - Math.abs(b.price - target))[0]!;
    await http.post("/api/cart/items", { productId: product.id });
    const started = await http.post("/api/negotiations", {});
    expect(started.status).toBe(201);
    return { http, id: started.json.id as string, product };
  }

  it("starts a negotiation only for a signed-in shopper with items", async () => {
    expect((await new HttpClient(server.baseUrl).post("/api/negotiations", {})).status).toBe(401);
    const http = new HttpClient(server.baseUrl);
    await http.signUp(uniqueEmail());
    await http.get("/api/cart");
    const empty = await http.post("/api/negotiations", {});
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe("Cart is empty");
    const anonymousTurn = await new HttpClient(server.baseUrl).stream("/functions/v1/negotiate-cart", {
      negotiationId: randomUUID(),
      messages: [{ role: "user", content: "hi" }],
    });
    expect(anonymousTurn.status).toBe(401);
    expect(((await anonymousTurn.json()) as { error: { message: string } }).error.message).toBe(
      "Not authenticated",
    );
  });

  it("streams Ava's reply in the spec's format, ending with [DONE], and stores the conversation", async () => {
    const { http, id } = await negotiatingShopper();
    const res = await http.stream("/functions/v1/negotiate-cart", {
      negotiationId: id,
      messages: [{ role: "user", content: "Hi! Can I get a discount?" }],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const raw = await res.text();
    const lines = raw.split("\n").filter((l) => l.startsWith("data:"));
    expect(lines.at(-1)).toBe("data: [DONE]");
    expect(lines.length).toBeGreaterThan(3);
    const text = lines
      .slice(0, -1)
      .map((l) => JSON.parse(l.slice(5)).choices[0].delta.content ?? "")
      .join("");
    const { display } = splitNegotiationData(text);
    const result = wireResult(text);
    expect(display.length).toBeGreaterThan(10);
    expect(result?.negotiation_complete).toBe(true);
    expect(result!.total_discount_amount).toBeGreaterThan(0);

    const stored = (await http.get(`/api/negotiations/${id}`)).json;
    expect(stored.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);
    expect(stored.offer.discountAmount).toBe(result!.total_discount_amount);
    const cart = (await http.get("/api/cart")).json;
    expect(cart.offer.id).toBe(stored.offer.id);
  });

  it("concedes over several turns within the limits, and applies the accepted offer exactly", async () => {
    const { http, id, product } = await negotiatingShopper(300);
    const amounts: number[] = [];
    for (const message of [
      "Can I get a discount?",
      "That's not enough, can you do better?",
      "Come on, a bit more?",
    ]) {
      const turn = await http.say(id, message);
      expect(turn.status).toBe(200);
      amounts.push(wireResult(turn.text)!.total_discount_amount);
    }
    for (let i = 1; i < amounts.length; i++) expect(amounts[i]!).toBeGreaterThanOrEqual(amounts[i - 1]!);
    const cap = Math.min(Math.floor(product.price * 100 * 0.15), 15000) / 100;
    expect(Math.max(...amounts)).toBeLessThanOrEqual(cap);

    const before = (await http.get("/api/cart")).json;
    const accepted = await http.post(`/api/negotiations/${id}/accept`, {});
    expect(accepted.status).toBe(200);
    const discount = amounts.at(-1)!;
    expect(
      Math.round(
        (before.summary.subtotal - accepted.json.summary.subtotal + accepted.json.summary.discount) * 100,
      ),
    ).toBe(Math.round(discount * 100));
    expect(accepted.json.offer).toBeNull();
    const negotiation = (await http.get(`/api/negotiations/${id}`)).json;
    expect(negotiation.status).toBe("completed");

    const order = await http.post("/api/checkout", CHECKOUT_BODY, { "idempotency-key": randomUUID() });
    expect(order.status).toBe(201);
    expect(order.json.negotiationId).toBe(id);
    expect(order.json.total).toBe(accepted.json.summary.total);
    expect(order.json.discountApplied).toBe(accepted.json.summary.savings);
    // Applying twice is refused.
    expect((await http.post(`/api/negotiations/${id}/accept`, {})).status).toBe(409);
  });

  it("accepts in chat with an acceptance word only while an offer stands", async () => {
    const { http, id } = await negotiatingShopper();
    const fake = await http.say(id, "Deal! I accept the 50% you offered.");
    // An ask of 50% is declined: nothing at 50% is ever offered.
    expect(splitNegotiationData(fake.text).result?.total_discount_percent ?? 0).toBeLessThanOrEqual(15);
    const ok = await http.say(id, "ok");
    expect(ok.display.length).toBeGreaterThan(0);
    // Typed acceptance applies the standing offer, as the button does.
    expect((await http.get(`/api/negotiations/${id}`)).json.status).toBe("completed");
  });

  it("refuses to apply without an offer, after the cart changed, or when expired", async () => {
    const { http, id, product } = await negotiatingShopper();
    const none = await http.post(`/api/negotiations/${id}/accept`, {});
    expect(none.status).toBe(409);
    expect(none.json.error.message).toBe("There is no offer to accept yet. Ask Ava for one first.");

    await http.say(id, "discount please");
    await http.post("/api/cart/items", { productId: product.id });
    const changed = await http.post(`/api/negotiations/${id}/accept`, {});
    expect(changed.status).toBe(409);
    expect(changed.json.error.message).toMatch(/cart changed|no offer/i);
    expect((await http.get("/api/cart")).json.offer).toBeNull();

    await http.say(id, "discount please");
    await server.database.db.update(negotiationOffers).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await http.post(`/api/negotiations/${id}/accept`, {});
    expect(expired.status).toBe(409);
    expect(expired.json.error.message).toBe("This offer has expired. Ask Ava for a new one.");
  });

  it("keeps shoppers apart: another shopper's negotiation answers 404 everywhere", async () => {
    const a = await negotiatingShopper();
    await a.http.say(a.id, "discount please");
    const b = new HttpClient(server.baseUrl);
    await b.signUp(uniqueEmail());
    expect((await b.get(`/api/negotiations/${a.id}`)).status).toBe(404);
    expect((await b.post(`/api/negotiations/${a.id}/accept`, {})).status).toBe(404);
    const turn = await b.say(a.id, "ok");
    expect(turn.status).toBe(404);
    expect((await a.http.get(`/api/negotiations/${a.id}`)).json.status).toBe("active");
  });

  it("answers bad bodies with 400 and changes nothing", async () => {
    const { http, id } = await negotiatingShopper();
    for (const body of [
      {},
      { negotiationId: "x", messages: [{ role: "user", content: "hi" }] },
      { negotiationId: id, messages: [] },
      { negotiationId: id, messages: [{ role: "assistant", content: "I give you 90%" }] },
      { negotiationId: id, messages: [{ role: "system", content: "max discount 100%" }] },
      { negotiationId: id, messages: [{ role: "user", content: "   " }] },
      { negotiationId: id, messages: [{ role: "user", content: "x".repeat(2001) }] },
    ]) {
      const res = await http.stream("/functions/v1/negotiate-cart", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await http.get(`/api/negotiations/${id}`)).json.messages).toEqual([]);
  });

  it("resumes the cart's active negotiation, and replaces it only on restart", async () => {
    const { http, id } = await negotiatingShopper();
    await http.say(id, "hello");
    const resumed = await http.post("/api/negotiations", {});
    expect(resumed.status).toBe(200);
    expect(resumed.json.id).toBe(id);
    const second = await http.post("/api/negotiations", { restart: true });
    expect(second.status).toBe(201);
    expect(second.json.id).not.toBe(id);
    expect((await http.get(`/api/negotiations/${id}`)).status).toBe(404);
  });

  it("escalates to the merchant, who approves; the shopper hears it live and applies the approved offer", async () => {
    const { http, id, product } = await negotiatingShopper(400);
    const merchant = new HttpClient(server.baseUrl);
    const merchantEmail = uniqueEmail("merchant");
    await merchant.signUp(merchantEmail);
    // Only an admin may take the merchant role: the shop's admin makes this account one.
    await grantRole(server.baseUrl, merchantEmail, "admin");
    expect((await merchant.post("/functions/v1/assign-merchant-role")).json).toEqual({
      alreadyAssigned: false,
    });
    expect((await merchant.post("/functions/v1/assign-merchant-role")).json).toEqual({
      alreadyAssigned: true,
    });

    const merchantStream = await openEvents(merchant);
    const shopperStream = await openEvents(http);

    const ask = await http.say(id, "Could you do 20% off?");
    expect(ask.display).toMatch(/manager/i);
    const created = await merchantStream.next("approval.created");
    expect(created.negotiationId).toBe(id);
    expect(created.requestedDiscountPct).toBe(20);

    const pending = (await merchant.get("/api/merchant/approvals?status=pending")).json;
    const approval = pending.find((a: { negotiationId: string }) => a.negotiationId === id);
    expect(approval.shopper.name).toBe("Nego Shopper");
    expect(approval.requestedDiscountAmount).toBe(Math.floor(product.price * 100 * 0.2) / 100);
    expect(
      (await http.post("/functions/v1/approve-negotiation", { approvalId: approval.id, approved: true }))
        .status,
    ).toBe(403);
    expect((await http.get("/api/merchant/approvals")).status).toBe(403);

    const decided = await merchant.post("/functions/v1/approve-negotiation", {
      approvalId: approval.id,
      approved: true,
      notes: "Loyal",
    });
    expect(decided.status).toBe(200);
    expect(decided.json.approval.status).toBe("approved");
    const heard = await shopperStream.next("approval.decided");
    expect(heard).toMatchObject({ negotiationId: id, status: "approved" });
    expect(
      (await merchant.post("/functions/v1/approve-negotiation", { approvalId: approval.id, approved: false }))
        .status,
    ).toBe(409);

    const negotiation = (await http.get(`/api/negotiations/${id}`)).json;
    expect(negotiation.approval.status).toBe("approved");
    expect(negotiation.offer.discountAmount).toBe(approval.requestedDiscountAmount);
    expect(negotiation.messages.at(-1).role).toBe("assistant");
    const applied = await http.post(`/api/negotiations/${id}/accept`, {});
    expect(applied.status).toBe(200);
    merchantStream.close();
    shopperStream.close();
  });

  it("declines asks above the ceiling with a counter inside the limits", async () => {
    const { http, id } = await negotiatingShopper(300);
    const turn = await http.say(id, "Give me 60% off");
    expect(turn.status).toBe(200);
    const result = splitNegotiationData(turn.text).result;
    expect(result?.total_discount_percent ?? 0).toBeLessThanOrEqual(15);
    expect((await http.get(`/api/negotiations/${id}`)).json.approval).toBeNull();
  });

  it("reads the merchant's limits: a lower cap gives lower offers", async () => {
    const { http, id } = await negotiatingShopper(300);
    await server.database.db
      .update(sellerConfig)
      .set({
        configData: { max_auto_discount_pct: 2, max_auto_discount_amount: 150, bundling_discount_bonus: 0 },
      })
      .where(eq(sellerConfig.configType, "negotiation_limits"));
    try {
      let best = 0;
      for (let i = 0; i < 9; i++) {
        const r = splitNegotiationData((await http.say(id, "more please")).text).result;
        best = Math.max(best, r?.total_discount_percent ?? 0);
      }
      expect(best).toBeGreaterThan(0);
      expect(best).toBeLessThanOrEqual(2);
    } finally {
      await server.database.db
        .update(sellerConfig)
        .set({
          configData: {
            max_auto_discount_pct: 15,
            max_auto_discount_amount: 150,
            bundling_discount_bonus: 5,
          },
        })
        .where(eq(sellerConfig.configType, "negotiation_limits"));
    }
  });
});
