/**
 * ACP 2026-04-17 beside 2025-09-29 (docs/decisions/0067-acp-2026-04-17.md), over real HTTP as an
 * agent platform calls it: every answer validated against the spec's published JSON Schema
 * (pinned), a whole journey (create with capabilities, fulfillment details and option, a discount
 * code applied and one rejected, complete), the same session read in both versions, and the
 * version negotiation's refusals.
 */
import { randomUUID } from "node:crypto";
import type { Product } from "@haggle/contract/products";
import { afterAll, describe, expect, it } from "vitest";
import { acp2026Validated, expectAcp2026 } from "./support/acp-2026-schema.ts";
import type { AcpCall } from "./support/acp-client.ts";
import { ADDRESS, type Json, total, useAcpShop } from "./support/acp-shop.ts";
import { cents } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const V2026 = "2026-04-17";
const CAPABILITIES = {
  interventions: { supported: ["3ds"], display_context: "webview", redirect_context: "in_app" },
};

describe.each(DB_KINDS)("ACP 2026-04-17 (%s)", (kind) => {
  const { shop, near, call, agentShopper, webCart } = useAcpShop(kind);
  const call26 = (path: string, options: AcpCall = {}) => call(path, { apiVersion: V2026, ...options });

  afterAll(() => {
    // The closing figures: how many answers each definition validated, every one with 0 violations.
    console.info(`ACP 2026-04-17 answers validated: ${JSON.stringify(Object.fromEntries(acp2026Validated))}`);
  });

  it("runs a whole journey: create with capabilities, address and shipping option, a code applied and one rejected, complete", async () => {
    const s = await agentShopper();
    const [p1, p2] = [near(30), near(45)] as [Product, Product];

    // The spec's Item has no quantity: an id listed twice is two units.
    const created = await call26("/checkout_sessions", {
      key: s.key,
      body: {
        currency: "usd",
        line_items: [{ id: p1.id }, { id: p1.id }, { id: p2.id }],
        capabilities: CAPABILITIES,
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expectAcp2026("CheckoutSession", created.json);
    const session = created.json;
    expect(session.protocol).toEqual({ version: V2026 });
    expect(session.status).toBe("not_ready_for_payment");
    expect(session.capabilities.interventions).toEqual({ supported: [] });
    expect(session.capabilities.extensions).toContainEqual(expect.objectContaining({ name: "discount" }));
    const lineOf = (answer: Json, id: string) => (answer.line_items as Json[]).find((l) => l.item.id === id);
    expect(session.line_items).toHaveLength(2);
    expect(lineOf(session, p1.id)).toEqual(
      expect.objectContaining({ quantity: 2, name: p1.name, unit_amount: cents(p1.price) }),
    );
    expect(lineOf(session, p2.id)?.quantity).toBe(1);
    expect(session.messages).toContainEqual(
      expect.objectContaining({ type: "error", code: "missing", param: "$.fulfillment_details.address" }),
    );
    const [option] = session.fulfillment_options as Json[];
    expect(option).toEqual(expect.objectContaining({ type: "shipping", id: "shipping_standard" }));

    const updated = await call26(`/checkout_sessions/${session.id}`, {
      key: s.key,
      body: {
        fulfillment_details: { name: ADDRESS.name, email: s.email, address: ADDRESS },
        selected_fulfillment_options: [{ type: "shipping", option_id: option.id, item_ids: [p1.id, p2.id] }],
      },
    });
    expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    expectAcp2026("CheckoutSession", updated.json);
    expect(updated.json.status).toBe("ready_for_payment");
    expect(updated.json.fulfillment_details.address).toEqual(
      expect.objectContaining({ postal_code: "94105" }),
    );
    expect(updated.json.selected_fulfillment_options).toEqual([
      {
        type: "shipping",
        option_id: "shipping_standard",
        item_ids: updated.json.line_items.map((l: Json) => l.item.id),
      },
    ]);

    // The discount extension: the shop's code applies, an unknown one is rejected with the spec's reason.
    const code = `ACP${randomUUID().slice(0, 6).toUpperCase()}`;
    const made = await shop.merchant.post("/api/merchant/discount-codes", {
      code,
      kind: "percent",
      percentOff: 10,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const coded = await call26(`/checkout_sessions/${session.id}`, {
      key: s.key,
      body: { discounts: { codes: [code.toLowerCase(), "NOSUCHCODE"] } },
    });
    expect(coded.status, JSON.stringify(coded.json)).toBe(200);
    expectAcp2026("CheckoutSession", coded.json);
    const cart = await webCart(s.http);
    expect(coded.json.discounts.applied).toEqual([
      expect.objectContaining({ code, amount: cents(cart.summary.codeDiscount) }),
    ]);
    expect(coded.json.discounts.applied[0].amount).toBeGreaterThan(0);
    expect(coded.json.discounts.rejected).toEqual([
      {
        code: "NOSUCHCODE",
        reason: "discount_code_invalid",
        message: "We don't know the code NOSUCHCODE. Check it and try again.",
      },
    ]);
    expect(coded.json.messages).toContainEqual(
      expect.objectContaining({
        type: "warning",
        code: "discount_code_invalid",
        param: "$.discounts.codes[1]",
      }),
    );
    expect(total(coded.json, "total")).toBe(cents(cart.summary.total));
    const lines = coded.json.line_items as Json[];
    const lineTotal = (l: Json) => l.totals.find((t: Json) => t.type === "total").amount;
    expect(lines.reduce((a, l) => a + lineTotal(l), 0) + total(coded.json, "fulfillment")).toBe(
      total(coded.json, "total"),
    );

    // The same session read in the other version: the same money in 2025-09-29's shape.
    const old = await call(`/checkout_sessions/${session.id}`, { key: s.key, apiVersion: "2025-09-29" });
    expect(old.status).toBe(200);
    expect(old.json.protocol).toBeUndefined();
    expect(old.json.fulfillment_address).toEqual(coded.json.fulfillment_details.address);
    expect(old.json.line_items.map((l: Json) => l.item)).toContainEqual({ id: p1.id, quantity: 2 });
    expect(old.json.totals).toEqual(coded.json.totals);

    const completed = await call26(`/checkout_sessions/${session.id}/complete`, {
      key: s.key,
      body: { buyer: { email: s.email, full_name: "Ada Agent" } },
    });
    expect(completed.status, JSON.stringify(completed.json)).toBe(200);
    expectAcp2026("CheckoutSessionWithOrder", completed.json);
    expect(completed.json.status).toBe("completed");
    expect(completed.json.order).toEqual(
      expect.objectContaining({ type: "order", checkout_session_id: session.id }),
    );
    const order = (await s.http.get(`/api/orders/${completed.json.order.id}`)).json;
    expect(cents(order.total)).toBe(total(coded.json, "total"));
    expect(order.discountCode).toBe(code);
    const read = await call26(`/checkout_sessions/${session.id}`, { key: s.key });
    expectAcp2026("CheckoutSessionWithOrder", read.json);

    const canceled = await call26(`/checkout_sessions/${session.id}/cancel`, {
      key: s.key,
      body: { intent_trace: { reason_code: "other" } },
    });
    expect(canceled.status).toBe(405);
    expectAcp2026("Error", canceled.json);
  });

  it("states a code the cart holds that no longer applies as rejected, with its reason", async () => {
    const s = await agentShopper();
    const code = `MIN${randomUUID().slice(0, 6).toUpperCase()}`;
    const made = await shop.merchant.post("/api/merchant/discount-codes", {
      code,
      kind: "amount",
      amountOff: 5,
      minimumSubtotal: 100000,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const created = await call26("/checkout_sessions", {
      key: s.key,
      body: {
        currency: "usd",
        line_items: [{ id: near(20).id }],
        capabilities: {},
        discounts: { codes: [code] },
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expectAcp2026("CheckoutSession", created.json);
    expect(created.json.discounts.applied).toEqual([]);
    expect(created.json.discounts.rejected).toEqual([
      expect.objectContaining({ code, reason: "discount_code_minimum_not_met" }),
    ]);
    // An empty list removes the code.
    const cleared = await call26(`/checkout_sessions/${created.json.id}`, {
      key: s.key,
      body: { discounts: { codes: [] } },
    });
    expectAcp2026("CheckoutSession", cleared.json);
    expect(cleared.json.discounts).toBeUndefined();
  });

  it("refuses with the spec's errors: no capabilities, another currency, another fulfillment type, a reused key, an unknown version", async () => {
    const s = await agentShopper();
    const item = { id: near(25).id };
    const cases: [AcpCall, number, string, string | undefined][] = [
      [{ body: { currency: "usd", line_items: [item] } }, 400, "invalid", "$.capabilities"],
      [{ body: { currency: "eur", line_items: [item], capabilities: {} } }, 400, "invalid", "$.currency"],
      [
        { body: { currency: "usd", line_items: [{ id: randomUUID() }], capabilities: {} } },
        400,
        "invalid",
        "$.line_items[0].id",
      ],
      [
        { body: { currency: "usd", line_items: [{ id: item.id, quantity: 0 }], capabilities: {} } },
        400,
        "invalid",
        "$.line_items[0].quantity",
      ],
      [
        { body: { currency: "usd", line_items: [item], items: [item], capabilities: {} } },
        400,
        "invalid",
        "$.items",
      ],
      [
        { body: { currency: "usd", line_items: [item], capabilities: {} }, apiVersion: "2026-01-30" },
        400,
        "unsupported_api_version",
        undefined,
      ],
    ];
    for (const [options, status, code, param] of cases) {
      const answer = await call26("/checkout_sessions", { key: s.key, ...options });
      expect(answer.status, JSON.stringify(options)).toBe(status);
      expectAcp2026("Error", answer.json);
      expect(answer.json.code, JSON.stringify(answer.json)).toBe(code);
      expect(answer.json.param).toBe(param);
    }
    const unknown = await call26("/checkout_sessions", { key: s.key, apiVersion: "2099-01-01", body: {} });
    expect(unknown.json.supported_versions).toEqual(["2025-09-29", V2026]);
    const missing = await call26("/checkout_sessions", { key: s.key, apiVersion: null, body: {} });
    expect(missing.json.code).toBe("missing_api_version");

    const created = await call26("/checkout_sessions", {
      key: s.key,
      body: { currency: "usd", line_items: [item], capabilities: {} },
      idempotencyKey: "k-2026",
    });
    expect(created.status).toBe(201);
    const reused = await call26("/checkout_sessions", {
      key: s.key,
      body: { currency: "usd", line_items: [item, item], capabilities: {} },
      idempotencyKey: "k-2026",
    });
    expect(reused.status).toBe(422);
    expectAcp2026("Error", reused.json);
    expect(reused.json.code).toBe("idempotency_conflict");

    const id = created.json.id;
    const express = await call26(`/checkout_sessions/${id}`, {
      key: s.key,
      body: {
        selected_fulfillment_options: [{ type: "pickup", option_id: "shipping_standard", item_ids: [] }],
      },
    });
    expect(express.status).toBe(400);
    expect(express.json.param).toBe("$.selected_fulfillment_options[0].type");
    const teleport = await call26(`/checkout_sessions/${id}`, {
      key: s.key,
      body: { selected_fulfillment_options: [{ type: "shipping", option_id: "teleport", item_ids: [] }] },
    });
    expect(teleport.status).toBe(400);
    expect(teleport.json.param).toBe("$.selected_fulfillment_options");
    const po = await call26(`/checkout_sessions/${id}/complete`, {
      key: s.key,
      body: { payment_data: { purchase_order_number: "PO-1" } },
    });
    expect(po.status).toBe(400);
    expectAcp2026("Error", po.json);
    expect(po.json.param).toBe("$.payment_data");
  });
});
