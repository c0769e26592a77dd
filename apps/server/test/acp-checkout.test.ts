/**
 * The Agentic Commerce Protocol checkout at /acp (docs/decisions/0013-acp.md),
 * over real HTTP as an agent platform calls it: signed (ACP_SIGNING_SECRET), versioned, keyed by
 * the shopper's API key, with Idempotency-Keys. A session's lifecycle and every refusal here;
 * negotiated discounts, the MCP hand-off, the product feed and order webhooks in
 * acp-offers-feed-webhooks.test.ts.
 */
import { randomUUID } from "node:crypto";
import type { Product } from "@haggle/contract/products";
import { afterAll, describe, expect, it } from "vitest";
import { acp2025Validated } from "./support/acp-2025-schema.ts";
import { ADDRESS, type Json, total, useAcpShop } from "./support/acp-shop.ts";
import { cents } from "./support/shop-fixtures.ts";
import { ACP_TEST_SECRET, type AcpCall } from "./support/acp-client.ts";
import { connectMcp, expectAgentCartAddsUp, ok } from "./support/mcp-client.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("ACP checkout (%s)", (kind) => {
  const { shop, near, call, agentShopper, webCart, sessionCount } = useAcpShop(kind);

  afterAll(() => {
    // Every 2025-09-29 checkout answer this file received fits the spec's schema (the client checks).
    console.info(`ACP 2025-09-29 answers validated: ${JSON.stringify(Object.fromEntries(acp2025Validated))}`);
  });

  it("runs a session's lifecycle: create, update with address and shipping option, complete, cancel, with idempotent retries", async () => {
    const s = await agentShopper();
    const [p1, p2] = [near(30), near(45)] as [Product, Product];

    const createBody = { items: [{ id: p1.id, quantity: 2 }] };
    const created = await call("/checkout_sessions", {
      key: s.key,
      body: createBody,
      idempotencyKey: "create-1",
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.headers.get("idempotency-key")).toBe("create-1");
    const session = created.json;
    expect(session.id).toMatch(/^cs_/);
    expect(session.status).toBe("not_ready_for_payment");
    expect(session.currency).toBe("usd");
    expect(session.line_items).toEqual([
      expect.objectContaining({
        item: { id: p1.id, quantity: 2 },
        base_amount: cents(p1.price) * 2,
        discount: 0,
      }),
    ]);
    expect(session.fulfillment_options).toEqual([
      expect.objectContaining({ type: "shipping", id: "shipping_standard" }),
    ]);
    expect(session.fulfillment_option_id).toBe("shipping_standard");
    expect(session.messages).toContainEqual(
      expect.objectContaining({ type: "error", code: "missing", param: "$.fulfillment_address" }),
    );
    // The session is the shopper's cart, priced by the one pricing rule.
    const cart = await webCart(s.http);
    expect(cart.items.map((i: Json) => [i.productId, i.quantity])).toEqual([[p1.id, 2]]);
    expect(total(session, "total")).toBe(cents(cart.summary.total));
    expect(total(session, "tax")).toBe(cents(cart.summary.tax));
    expect(total(session, "fulfillment")).toBe(cents(cart.summary.shipping));

    // Same key, same body: the stored answer. Same key, another body: the spec's conflict.
    const replay = await call("/checkout_sessions", {
      key: s.key,
      body: createBody,
      idempotencyKey: "create-1",
    });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json).toEqual(session);
    const conflict = await call("/checkout_sessions", {
      key: s.key,
      body: { items: [{ id: p1.id, quantity: 3 }] },
      idempotencyKey: "create-1",
    });
    expect(conflict.status).toBe(409);
    expect(conflict.json).toEqual({
      type: "invalid_request",
      code: "idempotency_conflict",
      message: "Idempotency-Key has already been used with a different request.",
    });
    expect(await sessionCount(s.email)).toBe(1);

    const updateBody = {
      items: [
        { id: p1.id, quantity: 1 },
        { id: p2.id, quantity: 1 },
      ],
      fulfillment_address: ADDRESS,
      fulfillment_option_id: "shipping_standard",
    };
    const updated = await call(`/checkout_sessions/${session.id}`, {
      key: s.key,
      body: updateBody,
      idempotencyKey: "update-1",
    });
    expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    expect(updated.json.status).toBe("ready_for_payment");
    expect(updated.json.fulfillment_address).toEqual(ADDRESS);
    expect(updated.json.line_items.map((l: Json) => l.item)).toEqual([
      { id: p1.id, quantity: 1 },
      { id: p2.id, quantity: 1 },
    ]);
    const lines = updated.json.line_items as Json[];
    expect(lines.reduce((a, l) => a + l.tax, 0)).toBe(total(updated.json, "tax"));
    const cartAfter = await webCart(s.http);
    expect(total(updated.json, "subtotal")).toBe(cents(cartAfter.summary.subtotal));
    expect(total(updated.json, "total")).toBe(cents(cartAfter.summary.total));
    const updateReplay = await call(`/checkout_sessions/${session.id}`, {
      key: s.key,
      body: updateBody,
      idempotencyKey: "update-1",
    });
    expect(updateReplay.json).toEqual(updated.json);
    const got = await call(`/checkout_sessions/${session.id}`, { key: s.key });
    expect(got.status).toBe(200);
    expect(got.json).toEqual(updated.json);

    // No provider here can charge a delegated token: refused, so no platform believes it charged a card.
    const token = await call(`/checkout_sessions/${session.id}/complete`, {
      key: s.key,
      body: { payment_data: { token: "spt_123", provider: "stripe" } },
    });
    expect(token.status).toBe(400);
    expect(token.json).toMatchObject({ type: "invalid_request", code: "invalid", param: "$.payment_data" });
    expect(token.json.message).toMatch(/cannot charge/);
    expect((await call(`/checkout_sessions/${session.id}`, { key: s.key })).json.status).toBe(
      "ready_for_payment",
    );
    const completed = await call(`/checkout_sessions/${session.id}/complete`, {
      key: s.key,
      body: {},
      idempotencyKey: "complete-1",
    });
    expect(completed.status, JSON.stringify(completed.json)).toBe(200);
    expect(completed.json.status).toBe("completed");
    expect(completed.json.order).toEqual({
      id: expect.any(String),
      checkout_session_id: session.id,
      permalink_url: expect.stringContaining(completed.json.order.id),
    });
    const again = await call(`/checkout_sessions/${session.id}/complete`, {
      key: s.key,
      body: {},
      idempotencyKey: "complete-1",
    });
    expect(again.json).toEqual(completed.json);
    const newKey = await call(`/checkout_sessions/${session.id}/complete`, { key: s.key, body: {} });
    expect(newKey.status).toBe(200);
    expect(newKey.json.order.id).toBe(completed.json.order.id);

    // One order, the web checkout's: manual payment due, the session's total.
    const orders = (await s.http.get("/api/orders")).json;
    expect(orders.length).toBe(1);
    expect(orders[0]).toMatchObject({
      id: completed.json.order.id,
      paymentMethod: "manual",
      paymentStatus: "pending",
    });
    expect(cents(orders[0].total)).toBe(total(updated.json, "total"));

    const cancelDone = await call(`/checkout_sessions/${session.id}/cancel`, { key: s.key });
    expect(cancelDone.status).toBe(405);
    expect(cancelDone.json.type).toBe("invalid_request");

    const second = await call("/checkout_sessions", {
      key: s.key,
      body: { items: [{ id: p2.id, quantity: 1 }] },
    });
    expect(second.status).toBe(201);
    const canceled = await call(`/checkout_sessions/${second.json.id}/cancel`, {
      key: s.key,
      idempotencyKey: "cancel-1",
    });
    expect(canceled.status).toBe(200);
    expect(canceled.json.status).toBe("canceled");
    expect(
      (await call(`/checkout_sessions/${second.json.id}/cancel`, { key: s.key, idempotencyKey: "cancel-1" }))
        .json,
    ).toEqual(canceled.json);
    expect((await call(`/checkout_sessions/${second.json.id}/cancel`, { key: s.key })).status).toBe(405);
    expect(
      (
        await call(`/checkout_sessions/${second.json.id}`, {
          key: s.key,
          body: { fulfillment_address: ADDRESS },
        })
      ).status,
    ).toBe(405);
    expect(
      (await call(`/checkout_sessions/${second.json.id}/complete`, { key: s.key, body: {} })).status,
    ).toBe(405);
  });

  it("refuses a forged signature, a stale or future timestamp and an unsigned request, and creates nothing", async () => {
    const s = await agentShopper();
    const body = { items: [{ id: near(30).id, quantity: 1 }] };
    const forged = await call("/checkout_sessions", { key: s.key, body, secret: "not-the-shop-secret" });
    expect(forged.status).toBe(401);
    expect(forged.json).toMatchObject({ type: "invalid_request", code: "invalid_signature" });
    const stale = await call("/checkout_sessions", {
      key: s.key,
      body,
      timestamp: new Date(Date.now() - 10 * 60_000).toISOString(),
    });
    expect(stale.status).toBe(401);
    expect(stale.json.code).toBe("stale_timestamp");
    const future = await call("/checkout_sessions", {
      key: s.key,
      body,
      timestamp: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    expect(future.json.code).toBe("stale_timestamp");
    const unsigned = await call("/checkout_sessions", { key: s.key, body, secret: null });
    expect(unsigned.status).toBe(401);
    expect(unsigned.json.code).toBe("signature_required");
    const badTime = await call("/checkout_sessions", { key: s.key, body, timestamp: "yesterday" });
    expect(badTime.json.code).toBe("invalid_timestamp");
    // A signature over another body does not carry over to this one.
    const ts = new Date().toISOString();
    const { signAcp } = await import("./support/acp-client.ts");
    const replayed = await call("/checkout_sessions", {
      key: s.key,
      body,
      secret: null,
      headers: {
        Timestamp: ts,
        Signature: signAcp(
          ACP_TEST_SECRET,
          ts,
          "POST",
          "/acp/checkout_sessions",
          JSON.stringify({ items: [] }),
        ),
      },
    });
    expect(replayed.json.code).toBe("invalid_signature");
    expect(await sessionCount(s.email)).toBe(0);
    expect((await webCart(s.http)).items).toEqual([]);
    const ok = await call("/checkout_sessions", { key: s.key, body });
    expect(ok.status).toBe(201);
    const forgedGet = await call(`/checkout_sessions/${ok.json.id}`, { key: s.key, secret: "forged" });
    expect(forgedGet.status).toBe(401);
    // A GET's signature (empty body, same Timestamp) does not admit a cancel of the same session.
    const getTs = new Date().toISOString();
    const getSignature = signAcp(ACP_TEST_SECRET, getTs, "GET", `/acp/checkout_sessions/${ok.json.id}`, "");
    const cancel = await call(`/checkout_sessions/${ok.json.id}/cancel`, {
      key: s.key,
      secret: null,
      headers: { Timestamp: getTs, Signature: getSignature },
    });
    expect(cancel.status).toBe(401);
    expect(cancel.json.code).toBe("invalid_signature");
    expect((await call(`/checkout_sessions/${ok.json.id}`, { key: s.key })).json.status).not.toBe("canceled");
  });

  it("prices a discount code the shopper entered on the web cart, and completing charges exactly that", async () => {
    const s = await agentShopper();
    const product = near(60);
    const created = await call("/checkout_sessions", {
      key: s.key,
      body: { items: [{ id: product.id, quantity: 2 }], fulfillment_address: ADDRESS },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const code = `ACP${randomUUID().slice(0, 6).toUpperCase()}`;
    const made = await shop.merchant.post("/api/merchant/discount-codes", {
      code,
      kind: "percent",
      percentOff: 10,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const entered = await s.http.request("PUT", "/api/cart/discount-code", { code });
    expect(entered.json.discountCode.applied, JSON.stringify(entered.json)).toBe(true);

    const session = (await call(`/checkout_sessions/${created.json.id}`, { key: s.key })).json;
    const cart = await webCart(s.http);
    const codeTotal = (session.totals as Json[]).find((t) => t.display_text === `Discount code ${code}`);
    expect(codeTotal?.amount).toBe(cents(cart.summary.codeDiscount));
    expect(codeTotal?.amount).toBeGreaterThan(0);
    expect(total(session, "total")).toBe(cents(cart.summary.total));
    // The lines carry the code's share: lines plus shipping are the total.
    const lines = session.line_items as Json[];
    expect(lines.reduce((a, l) => a + l.discount, 0)).toBe(codeTotal?.amount);
    expect(lines.reduce((a, l) => a + l.total, 0) + total(session, "fulfillment")).toBe(
      total(session, "total"),
    );

    // The MCP cart names the code too, so its figures add up to the total it states.
    const mcp = await connectMcp(shop.server.baseUrl, s.key);
    const { cart: agentCart } = await ok(mcp, "get_cart");
    await mcp.close();
    expect(agentCart.discountCode).toEqual({ code, discount: cart.summary.codeDiscount });
    expectAgentCartAddsUp(agentCart);

    const completed = await call(`/checkout_sessions/${created.json.id}/complete`, { key: s.key, body: {} });
    expect(completed.status, JSON.stringify(completed.json)).toBe(200);
    const order = (await s.http.get(`/api/orders/${completed.json.order.id}`)).json;
    expect(cents(order.total)).toBe(total(session, "total"));
    expect(order.discountCode).toBe(code);
  });

  it("answers bad input with the spec's clear 4xx errors and changes nothing", async () => {
    const s = await agentShopper();
    const product = near(30);
    const created = await call("/checkout_sessions", {
      key: s.key,
      body: { items: [{ id: product.id, quantity: 1 }], fulfillment_address: ADDRESS },
    });
    expect(created.status).toBe(201);
    const id = created.json.id;
    const before = (await call(`/checkout_sessions/${id}`, { key: s.key })).json;
    const cartBefore = await webCart(s.http);

    const cases: [AcpCall, number, string, string | undefined][] = [
      [{ body: { items: [{ id: randomUUID(), quantity: 1 }] } }, 400, "invalid", "$.items[0].id"],
      [{ body: { items: [{ id: "item_123", quantity: 1 }] } }, 400, "invalid", "$.items[0].id"],
      [{ body: { items: [{ id: product.id, quantity: 0 }] } }, 400, "invalid", "$.items[0].quantity"],
      [{ body: { items: [{ id: product.id, quantity: 2.5 }] } }, 400, "invalid", "$.items[0].quantity"],
      [{ body: { items: [{ id: product.id, quantity: 100_000 }] } }, 400, "invalid", "$.items[0].quantity"],
      [{ body: { items: [] } }, 400, "invalid", "$.items"],
      [{ body: { coupon: "FREE" } }, 400, "invalid", "$.coupon"],
      [{ body: "{not json" }, 400, "invalid_json", undefined],
      [
        { body: { fulfillment_address: { ...ADDRESS, postal_code: "ABC" } } },
        400,
        "invalid",
        "$.fulfillment_address.postal_code",
      ],
      [
        { body: { fulfillment_address: { ...ADDRESS, country: "Narnia" } } },
        400,
        "invalid",
        "$.fulfillment_address.country",
      ],
      [{ body: { fulfillment_option_id: "express_teleport" } }, 400, "invalid", "$.fulfillment_option_id"],
      [{ body: { fulfillment_address: ADDRESS }, apiVersion: null }, 400, "missing_api_version", undefined],
      [
        { body: { fulfillment_address: ADDRESS }, apiVersion: "2020-01-01" },
        400,
        "unsupported_api_version",
        undefined,
      ],
      [
        { body: { fulfillment_address: ADDRESS }, idempotencyKey: null },
        400,
        "idempotency_key_required",
        undefined,
      ],
    ];
    for (const [options, status, code, param] of cases) {
      const answer = await call(`/checkout_sessions/${id}`, { key: s.key, ...options });
      expect(answer.status, JSON.stringify(options)).toBe(status);
      expect(answer.json.type).toBe("invalid_request");
      expect(answer.json.code, JSON.stringify(answer.json)).toBe(code);
      expect(answer.json.param).toBe(param);
      expect(answer.json.message).toMatch(/\.$/);
    }
    const stockLeft = await call(`/checkout_sessions/${id}`, {
      key: s.key,
      body: { items: [{ id: product.id, quantity: product.stockLevel + 1 }] },
    });
    expect(stockLeft.status).toBe(400);
    expect(stockLeft.json).toMatchObject({ code: "out_of_stock", param: "$.items[0].quantity" });

    expect((await call(`/checkout_sessions/${id}`, { key: s.key })).json).toEqual(before);
    expect(await webCart(s.http)).toEqual(cartBefore);

    const missing = await call(`/checkout_sessions/cs_nothing_here`, { key: s.key });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({
      type: "invalid_request",
      code: "not_found",
      message: "No checkout session has that id.",
    });
    const other = await agentShopper();
    expect((await call(`/checkout_sessions/${id}`, { key: other.key })).status).toBe(404);
    expect((await call(`/checkout_sessions/${id}/complete`, { key: other.key, body: {} })).status).toBe(404);
  });

  it("refuses anonymous requests and a revoked key at once", async () => {
    const s = await agentShopper();
    const body = { items: [{ id: near(30).id, quantity: 1 }] };
    const anonymous = await call("/checkout_sessions", { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toMatchObject({ type: "invalid_request", code: "unauthenticated" });
    const bogus = await call("/checkout_sessions", { key: "hgl_not-a-real-key", body });
    expect(bogus.json.code).toBe("invalid_api_key");
    const created = await call("/checkout_sessions", { key: s.key, body });
    expect(created.status).toBe(201);
    expect((await s.http.request("DELETE", `/api/account/api-keys/${s.keyId}`)).status).toBe(200);
    const revoked = await call(`/checkout_sessions/${created.json.id}`, { key: s.key });
    expect(revoked.status).toBe(401);
    expect(revoked.json.code).toBe("invalid_api_key");
    expect(
      (await call(`/checkout_sessions/${created.json.id}/complete`, { key: s.key, body: {} })).status,
    ).toBe(401);
    expect(await sessionCount(s.email)).toBe(1);
  });
});
