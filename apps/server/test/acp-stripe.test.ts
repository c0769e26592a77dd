/**
 * ACP checkout in a shop that takes cards: completing a session charges the delegated Stripe
 * token (payment_data) through the payment provider interface, against the local Stripe fake.
 * This shop sets no ACP_SIGNING_SECRET: the shopper's API key alone admits a request.
 */
import { describe, expect, it } from "vitest";
import { acp } from "./support/acp-client.ts";
import { expectOrderPaidOnce, useShopWithFakeStripe } from "./support/fake-stripe.ts";
import { createKey } from "./support/mcp-client.ts";
import { nearestPrice, signUpShopper } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const ADDRESS = {
  name: "Ada Agent",
  line_one: "1 Market Street",
  city: "San Francisco",
  state: "CA",
  country: "US",
  postal_code: "94105",
};

describe.each(DB_KINDS)("ACP checkout paid with a delegated Stripe token (%s)", (kind) => {
  const { fake, shop } = useShopWithFakeStripe(kind, { ACP_RATE_LIMIT_PER_KEY_PER_MINUTE: "15" });

  it("charges the token for the server's total; a declined card places nothing and another card may follow", async () => {
    const s = await signUpShopper(shop.server.baseUrl, "Ada Agent");
    const { key } = await createKey(s.http);
    const product = nearestPrice(
      shop.catalogue.filter((p) => p.stockLevel > 5),
      70,
    );
    const call = (path: string, body?: unknown) =>
      acp(shop.server.baseUrl, path, { key, body, secret: null });

    const created = await call("/checkout_sessions", {
      items: [{ id: product.id, quantity: 1 }],
      fulfillment_address: ADDRESS,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.payment_provider).toEqual({
      provider: "stripe",
      supported_payment_methods: ["card"],
    });
    expect(created.json.status).toBe("ready_for_payment");
    const id = created.json.id;
    const total = created.json.totals.find((t: { type: string }) => t.type === "total").amount;

    const noPayment = await call(`/checkout_sessions/${id}/complete`, {});
    expect(noPayment.status).toBe(400);
    expect(noPayment.json).toMatchObject({ code: "missing", param: "$.payment_data" });
    const badProvider = await call(`/checkout_sessions/${id}/complete`, {
      payment_data: { token: "x", provider: "paypal" },
    });
    expect(badProvider.json).toMatchObject({ code: "invalid", param: "$.payment_data.provider" });

    const declined = await call(`/checkout_sessions/${id}/complete`, {
      payment_data: { token: "spt_declined_card", provider: "stripe" },
    });
    expect(declined.status).toBe(400);
    expect(declined.json.code).toBe("payment_declined");
    expect(declined.json.message).toContain("declined");
    expect((await s.http.get("/api/orders")).json).toEqual([]);
    expect((await call(`/checkout_sessions/${id}`)).json.status).toBe("ready_for_payment");

    const paid = await call(`/checkout_sessions/${id}/complete`, {
      payment_data: { token: "spt_good_card", provider: "stripe" },
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect(paid.json.status).toBe("completed");
    await expectOrderPaidOnce(fake, s.http, { orderId: paid.json.order.id, total, token: "spt_good_card" });
  });

  it("limits a key's ACP requests per minute with the spec's error and a sentence", async () => {
    const s = await signUpShopper(shop.server.baseUrl, "Rita Rapid");
    const { key } = await createKey(s.http);
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++)
      statuses.push(
        (await acp(shop.server.baseUrl, "/checkout_sessions/cs_none", { key, secret: null })).status,
      );
    expect(statuses.slice(0, 15).every((status) => status === 404)).toBe(true);
    const limited = await acp(shop.server.baseUrl, "/checkout_sessions/cs_none", { key, secret: null });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ type: "invalid_request", code: "rate_limited" });
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(limited.json.message).toContain(`Wait ${wait} seconds`);
    expect(limited.json.message).toMatch(/Wait \d+ seconds/);
  });
});
