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
import { connectMcp, ok } from "./support/mcp-client.ts";
import { DB_KINDS } from "./support/test-server.ts";

const V2026 = "2026-04-17";

/** A small seeded generator (mulberry32), so a fuzz run can be repeated exactly. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE: unknown[] = [
  null,
  0,
  -1,
  1.5,
  2 ** 53,
  "",
  "x".repeat(6000),
  "\u0000",
  "𝒳\ud800",
  true,
  [],
  {},
  [[[[[]]]]],
  { __proto__: { polluted: 1 } },
  { codes: ["A".repeat(300)] },
  "9".repeat(400),
];

/** `body` with one field somewhere in it (or a new one) replaced by a hostile value. */
function mutate(body: Json, random: () => number): Json {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const copy = structuredClone(body);
  let at: Json = copy;
  for (let depth = 0; depth < 4; depth++) {
    const keys = Object.keys(at);
    if (keys.length === 0 || random() < 0.3) break;
    const key = pick(keys);
    if (at[key] === null || typeof at[key] !== "object" || random() < 0.4) {
      at[key] = pick(HOSTILE);
      return copy;
    }
    at = at[key];
  }
  at[pick(["quantity", "id", "codes", "extra", "type", "address"])] = pick(HOSTILE);
  return copy;
}
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
  it("serves the same checkout through ACP's MCP binding: five tools, the session as REST answers it, refusals as -32000 with ACP's error", async () => {
    const s = await agentShopper();
    const mcp = await connectMcp(shop.server.baseUrl, s.key);
    const meta = { api_version: V2026 };
    const createArgs = {
      meta: { ...meta, idempotency_key: "mcp-create-1" },
      payload: {
        currency: "usd",
        line_items: [{ id: near(30).id }],
        capabilities: {},
        fulfillment_details: { address: ADDRESS },
      },
    };
    const created = await ok(mcp, "create_checkout_session", createArgs);
    expectAcp2026("CheckoutSession", created);
    expect(created.status).toBe("ready_for_payment");
    expect((await ok(mcp, "create_checkout_session", createArgs)).id).toBe(created.id);
    const got = await ok(mcp, "get_checkout_session", { meta, id: created.id });
    expectAcp2026("CheckoutSession", got);
    const updated = await ok(mcp, "update_checkout_session", {
      meta,
      id: created.id,
      payload: { discounts: { codes: ["NOPE"] } },
    });
    expectAcp2026("CheckoutSession", updated);
    expect(updated.discounts.rejected).toEqual([
      expect.objectContaining({ code: "NOPE", reason: "discount_code_invalid" }),
    ]);
    // The same session over REST in the other version.
    const rest = await call(`/checkout_sessions/${created.id}`, { key: s.key });
    expect(rest.json.totals).toEqual(updated.totals);

    await expect(
      mcp.callTool({ name: "get_checkout_session", arguments: { meta, id: "cs_none" } }),
    ).rejects.toMatchObject({
      code: -32000,
      data: { type: "invalid_request", code: "not_found" },
    });
    await expect(
      mcp.callTool({
        name: "get_checkout_session",
        arguments: { meta: { api_version: "2020-01-01" }, id: created.id },
      }),
    ).rejects.toMatchObject({
      code: -32000,
      data: { code: "unsupported_api_version", supported_versions: ["2025-09-29", V2026] },
    });

    const completed = await ok(mcp, "complete_checkout_session", { meta, id: created.id, payload: {} });
    expectAcp2026("CheckoutSessionWithOrder", completed);
    expect(completed.status).toBe("completed");
    await expect(
      mcp.callTool({ name: "cancel_checkout_session", arguments: { meta, id: created.id } }),
    ).rejects.toMatchObject({
      code: -32000,
      data: { code: "session_completed" },
    });
    await mcp.close();
  });

  it("answers hostile 2026-04-17 bodies with a 4xx, never a 5xx", async () => {
    const s = await agentShopper();
    const item = { id: near(25).id };
    const open = await call26("/checkout_sessions", {
      key: s.key,
      body: { currency: "usd", line_items: [item], capabilities: {} },
    });
    expect(open.status).toBe(201);
    const valid: [string, Json][] = [
      [
        "/checkout_sessions",
        {
          currency: "usd",
          line_items: [item, { id: item.id, quantity: 2 }],
          capabilities: { interventions: { supported: ["3ds"] }, extensions: ["discount"] },
          fulfillment_details: { name: "Ada", address: ADDRESS },
          discounts: { codes: ["SAVE10"] },
          buyer: { email: s.email, full_name: "Ada Agent" },
        },
      ],
      [
        `/checkout_sessions/${open.json.id}`,
        {
          line_items: [item],
          fulfillment_details: { address: ADDRESS },
          selected_fulfillment_options: [
            { type: "shipping", option_id: "shipping_standard", item_ids: [item.id] },
          ],
          discounts: { codes: [] },
        },
      ],
      [
        `/checkout_sessions/${open.json.id}/complete`,
        {
          payment_data: {
            handler_id: "card_tokenized",
            instrument: { type: "card", credential: { type: "spt", token: "t" } },
          },
        },
      ],
      [`/checkout_sessions/${open.json.id}/cancel`, { intent_trace: { reason_code: "other" } }],
    ];
    const random = seeded(2026);
    const raw = ["{", "[]", "null", '"text"', '{"line_items":', "{}".repeat(3)];
    let requests = 0;
    const failures: string[] = [];
    for (const [path, body] of valid) {
      const bodies: unknown[] = [
        ...raw,
        ...Array.from({ length: 40 }, () => JSON.stringify(mutate(body, random))),
      ];
      for (const sent of bodies) {
        // The cancel path last: completing or canceling ends the session the others change.
        const answer = await call26(path, { key: s.key, body: sent as string });
        requests += 1;
        if (answer.status >= 500) failures.push(`${path} ${String(sent).slice(0, 200)} -> ${answer.status}`);
        else if (answer.status >= 400) expectAcp2026("Error", answer.json);
      }
    }
    console.info(`ACP 2026-04-17 body fuzz (${kind}): ${requests} requests, ${failures.length} answered 5xx`);
    expect(failures).toEqual([]);
  });
});
