/**
 * Shipping zones for agents, both databases: an ACP session's fulfillment_options are the
 * methods serving its address (cheapest first, each priced by the one quote), the selected one
 * is in its totals and on the order; an address no zone serves is an error message, not ready for
 * payment. MCP's start_checkout answers the options (mode shipping_options) and places the order
 * with the chosen method.
 */
import { describe, expect, it } from "vitest";
import { ADDRESS, type Json, total, useAcpShop } from "./support/acp-shop.ts";
import { cents } from "./support/shop-fixtures.ts";
import { connectMcp, ok } from "./support/mcp-client.ts";
import { DB_KINDS } from "./support/test-server.ts";

const ZONE = {
  name: "United States",
  places: [{ country: "US" }],
  methods: [
    { name: "Express", price: { kind: "flat", amount: 22 }, freeOver: null, days: { min: 1, max: 2 } },
    { name: "Standard", price: { kind: "flat", amount: 6 }, freeOver: null, days: { min: 3, max: 5 } },
  ],
};

describe.each(DB_KINDS)("shipping zones for agents (%s)", (kind) => {
  const { shop, near, call, agentShopper } = useAcpShop(kind);

  it("offers the zone's methods as ACP fulfillment options and charges the selected one", async () => {
    const created = await shop.merchant.post("/api/merchant/shipping/zones", ZONE);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const s = await agentShopper();
    const product = near(30);
    const session = (
      await call("/checkout_sessions", {
        key: s.key,
        body: { items: [{ id: product.id, quantity: 1 }], fulfillment_address: ADDRESS },
      })
    ).json;
    const options = session.fulfillment_options as Json[];
    expect(options.map((o) => [o.title, o.total])).toEqual([
      ["Standard", 600],
      ["Express", 2200],
    ]);
    expect(options[1].subtitle).toBe("1–2 business days");
    expect(total(session, "fulfillment")).toBe(600);

    const express = options[1].id as string;
    const updated = await call(`/checkout_sessions/${session.id}`, {
      key: s.key,
      body: { fulfillment_option_id: express },
    });
    expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    expect(total(updated.json, "fulfillment")).toBe(2200);

    const done = await call(`/checkout_sessions/${session.id}/complete`, { key: s.key, body: {} });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const order = (await s.http.get(`/api/orders/${done.json.order.id}`)).json;
    expect(order).toMatchObject({ shippingMethod: "Express", shipping: 22 });
    expect(cents(order.total)).toBe(total(updated.json, "total"));

    const japan = await call("/checkout_sessions", {
      key: s.key,
      body: {
        items: [{ id: product.id, quantity: 1 }],
        fulfillment_address: { ...ADDRESS, state: "13", country: "JP", postal_code: "100-0001" },
      },
    });
    expect(japan.status, JSON.stringify(japan.json)).toBe(201);
    const tokyo = japan.json;
    expect(tokyo.status).toBe("not_ready_for_payment");
    expect(tokyo.fulfillment_options).toEqual([]);
    expect(tokyo.messages).toContainEqual(
      expect.objectContaining({ type: "error", content: "We don't ship to JP yet." }),
    );
  });

  it("answers the options over MCP and places the order with the chosen method", async () => {
    const s = await agentShopper();
    const mcp = await connectMcp(shop.server.baseUrl, s.key);
    await s.http.post("/api/cart/items", { productId: near(30).id });
    const address = {
      name: "Ada Agent",
      line1: "1 Market Street",
      city: "San Francisco",
      region: "CA",
      postalCode: "94105",
      country: "US",
    };
    const options = await ok(mcp, "start_checkout", { mode: "shipping_options", address });
    expect(options.status).toBe("shipping_options");
    expect(options.shippingOptions.map((o: Json) => [o.name, o.shipping])).toEqual([
      ["Standard", 6],
      ["Express", 22],
    ]);
    const japan = await ok(mcp, "start_checkout", {
      mode: "shipping_options",
      address: { ...address, region: undefined, postalCode: "100-0001", country: "JP" },
    });
    expect(japan).toMatchObject({ shippingOptions: [], unserved: "We don't ship to JP yet." });
    const express = options.shippingOptions[1];
    const placed = await ok(mcp, "start_checkout", { address, shippingMethodId: express.methodId });
    expect(placed.order).toMatchObject({ shippingMethod: "Express", shipping: 22, total: express.total });
    await mcp.close();
  });
});
