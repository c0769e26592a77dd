/**
 * The Universal Commerce Protocol (docs/decisions/0066-ucp.md) over real HTTP as a platform
 * calls it: discovery at /.well-known/ucp, negotiation with the platform's profile named in
 * UCP-Agent, and the checkout capability's REST binding on the same cart, pricing rule and
 * order path as the web checkout. Every answer is checked against the spec's own JSON schemas
 * (v2026-04-08); the violations are counted per endpoint and printed.
 */
import type { Product } from "@haggle/contract/products";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createKey } from "./support/mcp-client.ts";
import { useMerchantShop } from "./support/merchant-shop.ts";
import {
  cents,
  checkedOut,
  shopperWithCart,
  signUpShopper,
  startNegotiation,
} from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";
import { platformProfile, type UcpCall, UCP_TEST_VERSION, ucp, usePlatform } from "./support/ucp-platform.ts";
import { ucpViolations, violationCounts } from "./support/ucp-schemas.ts";

// biome-ignore lint/suspicious/noExplicitAny: the UCP answers are asserted field by field.
type Json = any;
const total = (checkout: Json, type: string) =>
  (checkout.totals as { type: string; amount: number }[]).find((t) => t.type === type)?.amount;

const DESTINATION = {
  first_name: "Ada",
  last_name: "Agent",
  street_address: "1 Market Street",
  address_locality: "San Francisco",
  address_region: "CA",
  address_country: "US",
  postal_code: "94105",
};

afterAll(() => {
  const lines = [...violationCounts].map(
    ([endpoint, c]) => `${endpoint}: ${c.checked} answers, ${c.violations} violations`,
  );
  console.log(`UCP ${UCP_TEST_VERSION} schema validation\n${lines.join("\n")}`);
});

describe.each(DB_KINDS)("UCP discovery, negotiation and checkout (%s)", (kind) => {
  const { shop, near, shopper, say } = useMerchantShop(kind, {
    env: { UCP_PROFILE_ALLOW_PRIVATE_HOSTS: "true" },
  });
  const platform = usePlatform();
  const call = (path: string, options: UcpCall) =>
    ucp(shop.server.baseUrl, `/ucp${path}`, { profile: `${platform.url}/full.json`, ...options });
  const checkoutFits = (answer: Json, endpoint: string) =>
    expect(ucpViolations("checkoutWithFulfillment", answer, endpoint)).toEqual([]);

  async function agentShopper() {
    const s = await signUpShopper(shop.server.baseUrl, "Ada Agent");
    const { key } = await createKey(s.http, "UCP platform");
    return { ...s, key };
  }

  it("publishes the business profile as the spec defines it, cached publicly", async () => {
    const res = await fetch(`${shop.server.baseUrl}/.well-known/ucp`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const profile = (await res.json()) as Json;
    expect(ucpViolations("businessProfile", profile, "GET /.well-known/ucp")).toEqual([]);
    expect(profile.ucp.version).toBe(UCP_TEST_VERSION);
    // The test platform's own profile fits the spec too.
    expect(ucpViolations("platformProfile", platformProfile({}), "test platform profile")).toEqual([]);
    expect(profile.ucp.services["dev.ucp.shopping"]).toEqual([
      expect.objectContaining({ transport: "rest", endpoint: `${shop.server.baseUrl}/ucp` }),
    ]);
    expect(Object.keys(profile.ucp.capabilities).sort()).toEqual([
      "dev.ucp.shopping.checkout",
      "dev.ucp.shopping.fulfillment",
    ]);
    expect(profile.ucp.payment_handlers["com.haggle.pay_by_hand"]).toEqual([
      expect.objectContaining({ id: "pay_by_hand", version: UCP_TEST_VERSION }),
    ]);
  });

  it("runs the journey: negotiate, create, update address and a line, complete once; the order is the web checkout's", async () => {
    const s = await agentShopper();
    const [p1, p2] = [near(30), near(45)] as [Product, Product];

    const created = await call("/checkout-sessions", {
      key: s.key,
      body: { line_items: [{ item: { id: p1.id }, quantity: 2 }] },
      idempotencyKey: "create-1",
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    checkoutFits(created.json, "POST /ucp/checkout-sessions");
    const id = created.json.id as string;
    expect(created.json.ucp.capabilities).toEqual({
      "dev.ucp.shopping.checkout": [{ version: UCP_TEST_VERSION }],
      "dev.ucp.shopping.fulfillment": [{ version: UCP_TEST_VERSION, extends: "dev.ucp.shopping.checkout" }],
    });
    expect(created.json.status).toBe("incomplete");
    expect(created.json.currency).toBe("USD");
    expect(created.json.line_items).toEqual([
      expect.objectContaining({ item: { id: p1.id, title: p1.name, price: cents(p1.price) }, quantity: 2 }),
    ]);
    expect(created.json.messages).toContainEqual(
      expect.objectContaining({
        type: "error",
        code: "missing",
        path: "$.fulfillment.methods[0].destinations",
      }),
    );
    // The same key and body replay the answer; the same key with another body is the spec's 409.
    const replay = await call("/checkout-sessions", {
      key: s.key,
      body: { line_items: [{ item: { id: p1.id }, quantity: 2 }] },
      idempotencyKey: "create-1",
    });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json).toEqual(created.json);
    const reused = await call("/checkout-sessions", {
      key: s.key,
      body: { line_items: [{ item: { id: p1.id }, quantity: 3 }] },
      idempotencyKey: "create-1",
    });
    expect(reused.status).toBe(409);
    expect(reused.json).toEqual({
      code: "idempotency_conflict",
      content: "Idempotency-Key has already been used with a different request.",
    });

    const update = {
      line_items: [
        { item: { id: p1.id }, quantity: 1 },
        { item: { id: p2.id }, quantity: 1 },
      ],
      fulfillment: {
        methods: [
          {
            type: "shipping",
            destinations: [{ id: "home", ...DESTINATION }],
            selected_destination_id: "home",
          },
        ],
      },
    };
    const updated = await call(`/checkout-sessions/${id}`, { method: "PUT", key: s.key, body: update });
    expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    checkoutFits(updated.json, "PUT /ucp/checkout-sessions/{id}");
    expect(updated.json.status).toBe("ready_for_complete");
    expect(updated.json.line_items.map((l: Json) => [l.item.id, l.quantity])).toEqual([
      [p1.id, 1],
      [p2.id, 1],
    ]);
    const method = updated.json.fulfillment.methods[0];
    expect(method.destinations).toEqual([
      expect.objectContaining({ street_address: "1 Market Street", address_region: "CA" }),
    ]);
    expect(method.groups[0].selected_option_id).toBe("shipping_standard");
    // The session is the shopper's cart, priced by the one pricing rule.
    const cart = (await s.http.get("/api/cart")).json;
    expect(total(updated.json, "subtotal")).toBe(cents(cart.summary.subtotal));
    expect(total(updated.json, "total")).toBe(cents(cart.summary.total));

    const got = await call(`/checkout-sessions/${id}`, { key: s.key });
    expect(got.status).toBe(200);
    checkoutFits(got.json, "GET /ucp/checkout-sessions/{id}");
    expect(got.json).toEqual(updated.json);

    const wrongHandler = await call(`/checkout-sessions/${id}/complete`, {
      key: s.key,
      body: { payment: { instruments: [{ id: "i1", handler_id: "gpay", type: "card" }] } },
    });
    expect(wrongHandler.status).toBe(400);
    expect(
      ucpViolations(
        "errorResponse",
        wrongHandler.json,
        "POST /ucp/checkout-sessions/{id}/complete (refused)",
      ),
    ).toEqual([]);
    expect(wrongHandler.json.messages[0]).toMatchObject({
      code: "invalid",
      path: "$.payment.instruments[0].handler_id",
      severity: "recoverable",
    });

    const payment = {
      instruments: [{ id: "i1", handler_id: "pay_by_hand", type: "pay_by_hand", selected: true }],
    };
    const completed = await call(`/checkout-sessions/${id}/complete`, {
      key: s.key,
      body: { payment },
      idempotencyKey: "complete-1",
    });
    expect(completed.status, JSON.stringify(completed.json)).toBe(200);
    checkoutFits(completed.json, "POST /ucp/checkout-sessions/{id}/complete");
    expect(completed.json.status).toBe("completed");
    expect(completed.json.order).toEqual({
      id: expect.any(String),
      permalink_url: expect.stringContaining(completed.json.order.id),
    });
    // A retry with a new key answers the same order: placed exactly once.
    const again = await call(`/checkout-sessions/${id}/complete`, { key: s.key, body: { payment } });
    expect(again.json.order.id).toBe(completed.json.order.id);
    const orders = (await s.http.get("/api/orders")).json as Json[];
    expect(orders.map((o) => o.id)).toEqual([completed.json.order.id]);

    // The same goods to the same address through the web checkout: the same money.
    const web = await shopperWithCart(shop.server.baseUrl, [p1, p2], "Web Twin");
    const webOrder = await checkedOut(web.http);
    const order = orders[0];
    for (const field of ["subtotal", "shipping", "tax", "total"])
      expect(order[field], field).toBe(webOrder[field]);
    expect(total(completed.json, "total")).toBe(cents(order.total));
    expect(total(completed.json, "fulfillment")).toBe(cents(order.shipping));

    const cancelDone = await call(`/checkout-sessions/${id}/cancel`, { key: s.key });
    expect(cancelDone.status).toBe(409);
    expect(cancelDone.json.messages[0]).toMatchObject({
      code: "session_completed",
      severity: "unrecoverable",
    });
    expect(
      ucpViolations("errorResponse", cancelDone.json, "POST /ucp/checkout-sessions/{id}/cancel (refused)"),
    ).toEqual([]);

    const second = await call("/checkout-sessions", {
      key: s.key,
      body: { line_items: [{ item: { id: p2.id }, quantity: 1 }] },
    });
    const canceled = await call(`/checkout-sessions/${second.json.id}/cancel`, { key: s.key });
    expect(canceled.status).toBe(200);
    checkoutFits(canceled.json, "POST /ucp/checkout-sessions/{id}/cancel");
    expect(canceled.json.status).toBe("canceled");
  });

  it("keeps Ava's applied offer: a negative discount total, and the order is charged what the web cart says", async () => {
    const product = near(120);
    const s = await shopper([product], "Nia Negotiator");
    const negotiation = await startNegotiation(s.http);
    const offered = await say(s.http, negotiation, "Can I get a discount?");
    expect(offered.result, offered.display).not.toBeNull();
    const accepted = await s.http.post(`/api/negotiations/${negotiation}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    const cart = accepted.json;
    expect(cents(cart.summary.discount)).toBeGreaterThan(0);
    const { key } = await createKey(s.http, "UCP platform");
    const created = await call("/checkout-sessions", {
      key,
      body: {
        line_items: [{ item: { id: product.id }, quantity: 1 }],
        fulfillment: { methods: [{ type: "shipping", destinations: [DESTINATION] }] },
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    checkoutFits(created.json, "POST /ucp/checkout-sessions (negotiated)");
    expect(created.json.status).toBe("ready_for_complete");
    expect(created.json.totals).toContainEqual({
      type: "discount",
      display_text: "Discount negotiated with Ava",
      amount: -cents(cart.summary.discount),
    });
    expect(total(created.json, "total")).toBe(cents(cart.summary.total));
    const completed = await call(`/checkout-sessions/${created.json.id}/complete`, {
      key,
      body: { payment: { instruments: [{ id: "i1", handler_id: "pay_by_hand", type: "pay_by_hand" }] } },
    });
    expect(completed.status, JSON.stringify(completed.json)).toBe(200);
    const order = (await s.http.get(`/api/orders/${completed.json.order.id}`)).json;
    expect(cents(order.total)).toBe(cents(cart.summary.total));
    expect(cents(order.negotiatedDiscount)).toBe(cents(cart.summary.discount));
  });

  it("negotiates from the platform's profile: checkout only, an old version, no common checkout", async () => {
    const s = await agentShopper();
    const body = { line_items: [{ item: { id: near(30).id }, quantity: 1 }] };
    const only = await call("/checkout-sessions", {
      key: s.key,
      body,
      profile: `${platform.url}/checkout-only.json`,
    });
    expect(only.status).toBe(201);
    expect(ucpViolations("checkout", only.json, "POST /ucp/checkout-sessions (checkout only)")).toEqual([]);
    expect(Object.keys(only.json.ucp.capabilities)).toEqual(["dev.ucp.shopping.checkout"]);
    expect(only.json.fulfillment).toBeUndefined();
    const address = await call(`/checkout-sessions/${only.json.id}`, {
      method: "PUT",
      key: s.key,
      profile: `${platform.url}/checkout-only.json`,
      body: { ...body, fulfillment: { methods: [{ type: "shipping", destinations: [DESTINATION] }] } },
    });
    expect(address.status).toBe(400);
    expect(address.json.messages[0].path).toBe("$.fulfillment");

    const old = await call("/checkout-sessions", {
      key: s.key,
      body,
      profile: `${platform.url}/old-version.json`,
    });
    expect(old.status).toBe(422);
    expect(old.json).toMatchObject({
      code: "version_unsupported",
      continue_url: `${shop.server.baseUrl}/cart`,
    });

    const none = await call("/checkout-sessions", {
      key: s.key,
      body,
      profile: `${platform.url}/no-checkout.json`,
    });
    expect(none.status).toBe(200);
    expect(ucpViolations("errorResponse", none.json, "POST /ucp/checkout-sessions (incompatible)")).toEqual(
      [],
    );
    expect(none.json.messages[0].code).toBe("capabilities_incompatible");
  });

  it("refuses a missing, unreachable, redirecting, oversized or malformed profile with the spec's codes; fetches a profile once", async () => {
    const s = await agentShopper();
    const body = { line_items: [{ item: { id: near(30).id }, quantity: 1 }] };
    const cases: [string | null, number, string][] = [
      [null, 400, "invalid_profile_url"],
      ["not a url", 400, "invalid_profile_url"],
      [`${platform.url}/missing.json`, 424, "profile_unreachable"],
      [`${platform.url}/redirect.json`, 424, "profile_unreachable"],
      [`${platform.url}/huge.json`, 424, "profile_unreachable"],
      [`${platform.url}/malformed.json`, 422, "profile_malformed"],
    ];
    for (const [profile, status, code] of cases) {
      const res = await call("/checkout-sessions", { key: s.key, body, profile });
      expect(res.status, `${profile}: ${JSON.stringify(res.json)}`).toBe(status);
      expect(res.json.code).toBe(code);
      expect(typeof res.json.content).toBe("string");
    }
    expect(platform.fetches.get("/redirect.json")).toBe(1);
    expect(platform.fetches.get("/full.json") ?? 0).toBeLessThanOrEqual(1);
  });

  it("keeps to the shopper's key and the shop's own sentences", async () => {
    const none = await call("/checkout-sessions", { body: { line_items: [] } });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="ucp"');
    const s = await agentShopper();
    const missing = await call("/checkout-sessions/cs_nope", { key: s.key });
    expect(missing.status).toBe(404);
    expect(
      ucpViolations("errorResponse", missing.json, "GET /ucp/checkout-sessions/{id} (not found)"),
    ).toEqual([]);
    const empty = await call("/checkout-sessions", { key: s.key, body: { line_items: [] } });
    expect(empty.status).toBe(400);
    expect(empty.json.messages[0]).toMatchObject({
      path: "$.line_items",
      content: "line_items must list at least one item.",
    });
    const unknown = await call("/checkout-sessions", {
      key: s.key,
      body: { line_items: [{ item: { id: "00000000-0000-4000-8000-000000000000" }, quantity: 1 }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.messages[0].path).toBe("$.line_items[0].item.id");
    const noRoute = await call("/nowhere", { key: s.key });
    expect(noRoute.status).toBe(404);
  });

  it("answers hostile bodies on every checkout route with a 4xx or a checkout, never a 5xx", async () => {
    const s = await agentShopper();
    const p = near(30);
    const open = await call("/checkout-sessions", {
      key: s.key,
      body: { line_items: [{ item: { id: p.id }, quantity: 1 }] },
    });
    expect(open.status).toBe(201);
    const routes: [UcpCall["method"], string][] = [
      ["POST", "/checkout-sessions"],
      ["PUT", `/checkout-sessions/${open.json.id}`],
      ["POST", `/checkout-sessions/${open.json.id}/complete`],
      ["POST", `/checkout-sessions/${open.json.id}/cancel`],
    ];
    const item = fc.record(
      {
        item: fc.record({ id: fc.oneof(fc.string(), fc.constant(p.id), fc.anything()) }),
        quantity: fc.oneof(fc.integer(), fc.double(), fc.anything()),
      },
      { requiredKeys: [] },
    );
    const bodies = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          line_items: fc.oneof(fc.array(item, { maxLength: 3 }), fc.anything()),
          buyer: fc.oneof(fc.record({ email: fc.string(), first_name: fc.anything() }), fc.anything()),
          fulfillment: fc.oneof(
            fc.record({
              methods: fc.array(
                fc.record(
                  {
                    type: fc.string(),
                    destinations: fc.array(
                      fc.dictionary(
                        fc.constantFrom(
                          "street_address",
                          "address_country",
                          "postal_code",
                          "address_region",
                          "id",
                        ),
                        fc.oneof(fc.string(), fc.anything()),
                      ),
                      { maxLength: 2 },
                    ),
                    groups: fc.anything(),
                  },
                  { requiredKeys: [] },
                ),
                { maxLength: 2 },
              ),
            }),
            fc.anything(),
          ),
          payment: fc.oneof(
            fc.record({
              instruments: fc.array(
                fc.record({
                  id: fc.string(),
                  handler_id: fc.constantFrom("pay_by_hand", "x"),
                  type: fc.string(),
                  credential: fc.anything(),
                }),
                { maxLength: 2 },
              ),
            }),
            fc.anything(),
          ),
        },
        { requiredKeys: [] },
      ),
      fc.string().map((text) => ({ raw: text })),
    );
    const samples = fc.sample(bodies, { numRuns: 40, seed: 20261129 });
    const failures: string[] = [];
    let requests = 0;
    for (const [method, path] of routes)
      for (const sample of samples) {
        const raw = (sample as { raw?: string } | null)?.raw;
        const res = await call(path, { method, key: s.key, body: raw ?? JSON.stringify(sample) });
        requests++;
        if (res.status >= 500)
          failures.push(`${method} ${path} ${JSON.stringify(sample).slice(0, 200)}: ${res.status}`);
      }
    console.log(`UCP body fuzz: ${requests} requests, ${failures.length} answered 5xx`);
    expect(failures).toEqual([]);
  });
});
