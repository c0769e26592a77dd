import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { acpCheckoutSessions, acpWebhookEvents } from "../src/platform/db/schema.ts";
import { ADDRESS, type Json, total, useAcpShop } from "./support/acp-shop.ts";
import { call as callTool, connectMcp, createKey, ok } from "./support/mcp-client.ts";
import { cents, startNegotiation } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";
import { eventually } from "./support/webhook-receiver.ts";

describe.each(DB_KINDS)("ACP checkout (%s)", (kind) => {
  const { shop, near, shopper, say, patch, receiver, call, agentShopper, webCart } = useAcpShop(kind);

  it("shows the negotiated discount as its own total, and charges what the web checkout charges for the same cart", async () => {
    const product = near(120);
    const s = await shopper([product], "Nia Negotiator");
    const negotiation = await startNegotiation(s.http);
    const offered = await say(s.http, negotiation, "Can I get a discount?");
    expect(offered.result, offered.display).not.toBeNull();
    const accepted = await s.http.post(`/api/negotiations/${negotiation}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    const cart = accepted.json;
    expect(cents(cart.summary.discount)).toBeGreaterThan(0);
    const { key } = await createKey(s.http, "ACP platform");

    // The same cart: the offer bound to it stands, shown as its own line.
    const created = await call("/checkout_sessions", {
      key,
      body: { items: [{ id: product.id, quantity: 1 }], fulfillment_address: ADDRESS },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.status).toBe("ready_for_payment");
    const discount = created.json.totals.find((t: Json) => t.type === "discount");
    expect(discount).toEqual({
      type: "discount",
      display_text: "Discount negotiated with Ava",
      amount: cents(cart.summary.discount),
    });
    expect(total(created.json, "subtotal")).toBe(cents(cart.summary.subtotal));
    expect(total(created.json, "total")).toBe(cents(cart.summary.total));
    expect(created.json.line_items[0].base_amount).toBe(cents(product.price));
    // The lines carry the discount their tax was computed after: lines plus shipping are the total.
    const lines = created.json.line_items as Json[];
    expect(lines.reduce((a, l) => a + l.discount, 0)).toBe(cents(cart.summary.discount));
    for (const l of lines) expect(l.total).toBe(l.base_amount - l.discount + l.tax);
    expect(lines.reduce((a, l) => a + l.total, 0) + total(created.json, "fulfillment")).toBe(
      total(created.json, "total"),
    );

    const completed = await call(`/checkout_sessions/${created.json.id}/complete`, { key, body: {} });
    expect(completed.status, JSON.stringify(completed.json)).toBe(200);
    const order = (await s.http.get(`/api/orders/${completed.json.order.id}`)).json;
    expect(cents(order.total)).toBe(cents(cart.summary.total));
    expect(cents(order.negotiatedDiscount)).toBe(cents(cart.summary.discount));
  });

  it("never keeps a discount for other contents: changing the items voids the offer", async () => {
    const product = near(120, 1);
    const s = await shopper([product], "Ola Other");
    const negotiation = await startNegotiation(s.http);
    await say(s.http, negotiation, "Can I get a discount?");
    expect((await s.http.post(`/api/negotiations/${negotiation}/accept`, {})).status).toBe(200);
    const { key } = await createKey(s.http);
    const created = await call("/checkout_sessions", {
      key,
      body: { items: [{ id: product.id, quantity: 2 }] },
    });
    expect(created.status).toBe(201);
    expect(total(created.json, "discount")).toBeUndefined();
    expect(total(created.json, "subtotal")).toBe(cents(product.price) * 2);
    expect(cents((await webCart(s.http)).summary.discount)).toBe(0);
  });

  it("the MCP start_checkout tool opens the ACP session for the cart, which completes over ACP", async () => {
    const s = await agentShopper();
    const product = near(80);
    const client = await connectMcp(shop.server.baseUrl, s.key);
    await ok(client, "update_cart", { productId: product.id, quantity: 1 });
    const noAddress = await ok(client, "start_checkout", { mode: "acp_session" });
    expect(noAddress.status).toBe("acp_session");
    expect(noAddress.checkoutSession).toMatchObject({
      status: "not_ready_for_payment",
      apiVersion: "2025-09-29",
    });
    expect(noAddress.checkoutSession.missing).toEqual(["A shipping address is needed before payment."]);
    expect(noAddress.checkoutUrl).toMatch(/\/checkout$/);
    const started = await ok(client, "start_checkout", {
      mode: "acp_session",
      address: {
        name: "Ada Agent",
        line1: "1 Market Street",
        city: "San Francisco",
        region: "CA",
        postalCode: "94105",
        country: "US",
      },
    });
    await client.close();
    const session = started.checkoutSession;
    expect(session.status).toBe("ready_for_payment");
    expect(session.sessionUrl).toBe(`${shop.server.baseUrl}/acp/checkout_sessions/${session.id}`);
    const cart = await webCart(s.http);
    expect(session.total).toBeCloseTo(cart.summary.total, 2);
    const completed = await call(`/checkout_sessions/${session.id}/complete`, { key: s.key, body: {} });
    expect(completed.status, JSON.stringify(completed.json)).toBe(200);
    expect(completed.json.status).toBe("completed");
    // The earlier session (no address) is bound to the converted cart: it cannot place a second order.
    const stale = await call(`/checkout_sessions/${noAddress.checkoutSession.id}/complete`, {
      key: s.key,
      body: {},
    });
    expect(stale.status).toBe(400);
    expect(stale.json.code).toBe("session_not_ready");
    expect((await s.http.get("/api/orders")).json.length).toBe(1);
  });

  it("an agent buys a size: get_product lists the variants and their stock, update_cart and an ACP session take a variant's id", async () => {
    const tee = shop.everyProduct.find((p) => p.name === "Fernway Organic Cotton Crew Tee");
    if (!tee) throw new Error("the seeded tee with sizes and colours is missing");
    const s = await agentShopper();
    const client = await connectMcp(shop.server.baseUrl, s.key);
    const { product } = await ok(client, "get_product", { productId: tee.id });
    expect(product.options.map((o: Json) => o.name)).toEqual(["Size", "Colour"]);
    // 4 sizes × 3 colours, but XL in Navy is not sold.
    expect(product.variants).toHaveLength(11);
    const byTitle = (title: string) => product.variants.find((v: Json) => v.title === title);
    const soldOut = byTitle("S / Black");
    expect(soldOut).toMatchObject({ stockLevel: 0, inStock: false });
    const m = byTitle("M / White");
    expect(m).toMatchObject({ inStock: true, variantId: expect.any(String), sku: expect.any(String) });

    const none = await callTool(client, "update_cart", { productId: tee.id, quantity: 1 });
    expect(none.isError).toBe(true);
    expect(none.text).toContain(`Choose a size and colour of ${tee.name}.`);
    const gone = await callTool(client, "update_cart", {
      productId: tee.id,
      variantId: soldOut.variantId,
      quantity: 1,
    });
    expect(gone.isError).toBe(true);
    const added = await ok(client, "update_cart", { productId: tee.id, variantId: m.variantId, quantity: 2 });
    expect(added.cart.items).toEqual([
      expect.objectContaining({
        productId: tee.id,
        variantId: m.variantId,
        name: `${tee.name} — M / White`,
        quantity: 2,
        unitPrice: m.price,
      }),
    ]);
    await client.close();

    // ACP: a line item's id is the variant's (the feed's variant ids).
    const created = await call("/checkout_sessions", {
      key: s.key,
      body: { items: [{ id: m.variantId, quantity: 1 }] },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.line_items).toEqual([
      expect.objectContaining({ item: { id: m.variantId, quantity: 1 }, base_amount: cents(m.price) }),
    ]);
    const cart = await webCart(s.http);
    expect(cart.items.map((i: Json) => [i.productId, i.variantId, i.quantity])).toEqual([
      [tee.id, m.variantId, 1],
    ]);
  });

  it("lists the visible catalogue in the ACP feed format, hidden products left out", async () => {
    const feed = await call("/feed", { secret: null });
    expect(feed.status).toBe(200);
    const products = feed.json.products as Json[];
    expect(products.length).toBe(shop.everyProduct.length);
    const first = shop.catalogue[0]!;
    const listed = products.find((p) => p.id === first.id);
    expect(listed).toMatchObject({
      id: first.id,
      title: first.name,
      url: expect.stringContaining(`/products/${first.slug}`),
      variants: [
        expect.objectContaining({
          id: first.id,
          price: { amount: cents(first.price), currency: "USD" },
          availability: expect.objectContaining({ available: expect.any(Boolean) }),
          categories: [{ value: first.category }],
        }),
      ],
    });
    const hidden = shop.catalogue[1]!;
    expect((await patch(`/api/merchant/products/${hidden.id}`, { hidden: true })).status).toBe(200);
    try {
      const after = (await call("/feed", { secret: null })).json.products as Json[];
      expect(after.length).toBe(products.length - 1);
      expect(after.some((p) => p.id === hidden.id)).toBe(false);
    } finally {
      await patch(`/api/merchant/products/${hidden.id}`, { hidden: false });
    }
  });

  it("sends signed order webhooks, retried after the receiver fails, and an update when the order ships", async () => {
    const s = await agentShopper();
    const created = await call("/checkout_sessions", {
      key: s.key,
      body: { items: [{ id: near(60).id, quantity: 1 }], fulfillment_address: ADDRESS },
    });
    const id = created.json.id;
    receiver.failFor(id, 2);
    const completed = await call(`/checkout_sessions/${id}/complete`, { key: s.key, body: {} });
    expect(completed.status).toBe(200);

    const delivered = await eventually(() => receiver.about(id).find((r) => r.answered === 200));
    const attempts = receiver.about(id).filter((r) => r.requestId === delivered.requestId);
    expect(attempts.map((a) => a.answered)).toEqual([500, 500, 200]);
    for (const attempt of attempts) expect(attempt.signatureValid).toBe(true);
    expect(delivered.event).toEqual({
      type: "order_create",
      data: {
        type: "order",
        checkout_session_id: id,
        permalink_url: completed.json.order.permalink_url,
        status: "confirmed",
        refunds: [],
      },
    });
    // The receiver has answered; the sender records "sent" just after, so wait for the row.
    const row = await eventually(async () => {
      const [found] = await shop.server.database.db
        .select()
        .from(acpWebhookEvents)
        .where(eq(acpWebhookEvents.id, delivered.requestId));
      return found?.status === "sent" ? found : undefined;
    });
    expect(row).toMatchObject({ status: "sent", attempts: 3, type: "order_create" });

    const shipped = await shop.merchant.request("PATCH", `/api/merchant/orders/${completed.json.order.id}`, {
      status: "shipped",
    });
    expect(shipped.status, JSON.stringify(shipped.json)).toBe(200);
    const update = await eventually(() =>
      receiver.about(id).find((r) => r.event.type === "order_update" && r.answered === 200),
    );
    expect(update.signatureValid).toBe(true);
    expect(update.event.data).toMatchObject({ checkout_session_id: id, status: "shipped" });
    const [{ n }] = (await shop.server.database.db
      .select({ n: count() })
      .from(acpCheckoutSessions)
      .where(eq(acpCheckoutSessions.id, id))) as [{ n: number }];
    expect(n).toBe(1);
  });
});
