/**
 * ACP 2026-04-17 in a shop that takes cards (docs/decisions/0067-acp-2026-04-17.md): the session
 * offers the card handler, and completing it with the handler's delegated Stripe token charges
 * the server's total through the payment provider interface, against the local Stripe double (a
 * real HTTP server speaking Stripe's API). Every request the agent sends and every answer it gets
 * is checked against the spec's published JSON Schema (pinned).
 */
import { afterAll, describe, expect, it } from "vitest";
import { acp2026Validated, expectAcp2026 } from "./support/acp-2026-schema.ts";
import { acp } from "./support/acp-client.ts";
import { ADDRESS, type Json, total } from "./support/acp-shop.ts";
import { expectOrderPaidOnce, useShopWithFakeStripe } from "./support/fake-stripe.ts";
import { createKey } from "./support/mcp-client.ts";
import { cents, nearestPrice, signUpShopper } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const V2026 = "2026-04-17";

/** The card handler's payment_data, as the spec's PaymentData has it. */
const card = (token: string, handler = "card_tokenized") => ({
  handler_id: handler,
  instrument: { type: "card", credential: { type: "spt", token } },
  billing_address: ADDRESS,
});

describe.each(DB_KINDS)("ACP 2026-04-17 paid with a delegated Stripe token (%s)", (kind) => {
  const { fake, shop } = useShopWithFakeStripe(kind);
  afterAll(() => {
    console.info(
      `ACP 2026-04-17 Stripe answers validated: ${JSON.stringify(Object.fromEntries(acp2026Validated))}`,
    );
  });

  it("offers the card handler, refuses a wrong handler and a declined card, then charges the token for the session's total and places the order", async () => {
    const s = await signUpShopper(shop.server.baseUrl, "Ada Agent");
    const { key } = await createKey(s.http);
    const [p1, p2] = [70, 25].map((price, i) =>
      nearestPrice(
        shop.catalogue.filter((p) => p.stockLevel > 5),
        price,
        i,
      ),
    ) as [Json, Json];
    const call = async (path: string, body?: unknown) => {
      if (body !== undefined) {
        const request = path.endsWith("/complete")
          ? "CheckoutSessionCompleteRequest"
          : path === "/checkout_sessions"
            ? "CheckoutSessionCreateRequest"
            : "CheckoutSessionUpdateRequest";
        expectAcp2026(request, body);
      }
      const answer = await acp(shop.server.baseUrl, path, { key, body, secret: null, apiVersion: V2026 });
      if (answer.status >= 400) expectAcp2026("Error", answer.json);
      return answer;
    };

    const created = await call("/checkout_sessions", {
      currency: "usd",
      line_items: [{ id: p1.id }, { id: p2.id }, { id: p2.id }],
      capabilities: { interventions: { supported: ["3ds"] } },
      fulfillment_details: { name: ADDRESS.name, email: s.email, address: ADDRESS },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expectAcp2026("CheckoutSession", created.json);
    expect(created.json.capabilities.payment.handlers).toEqual([
      expect.objectContaining({ id: "card_tokenized", psp: "stripe" }),
    ]);
    const id = created.json.id;
    const [option] = created.json.fulfillment_options as Json[];
    const ready = await call(`/checkout_sessions/${id}`, {
      selected_fulfillment_options: [{ type: "shipping", option_id: option.id, item_ids: [p1.id, p2.id] }],
    });
    expect(ready.status, JSON.stringify(ready.json)).toBe(200);
    expectAcp2026("CheckoutSession", ready.json);
    expect(ready.json.status).toBe("ready_for_payment");
    const sessionTotal = total(ready.json, "total") as number;
    // The server alone prices: the catalogue's prices, each line's total, shipping and tax add up.
    expect(total(ready.json, "items_base_amount")).toBe(cents(p1.price) + 2 * cents(p2.price));
    const lineTotal = (l: Json) => l.totals.find((t: Json) => t.type === "total").amount;
    expect(
      (ready.json.line_items as Json[]).reduce((a, l) => a + lineTotal(l), 0) +
        (total(ready.json, "fulfillment") ?? 0),
    ).toBe(sessionTotal);

    const wrongHandler = await call(`/checkout_sessions/${id}/complete`, {
      payment_data: card("spt_good_card", "paypal"),
    });
    expect(wrongHandler.status).toBe(400);
    expect(wrongHandler.json).toMatchObject({ code: "invalid", param: "$.payment_data.handler_id" });
    expect(wrongHandler.json.message).toContain("card_tokenized");

    const declined = await call(`/checkout_sessions/${id}/complete`, {
      payment_data: card("spt_declined_card"),
    });
    expect(declined.status).toBe(400);
    expect(declined.json.code).toBe("payment_declined");
    expect(declined.json.message).toContain("declined");
    expect((await s.http.get("/api/orders")).json).toEqual([]);
    const still = await call(`/checkout_sessions/${id}`);
    expectAcp2026("CheckoutSession", still.json);
    expect(still.json.status).toBe("ready_for_payment");

    const paid = await call(`/checkout_sessions/${id}/complete`, {
      buyer: { email: s.email, first_name: "Ada", last_name: "Agent" },
      payment_data: card("spt_good_card"),
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expectAcp2026("CheckoutSessionWithOrder", paid.json);
    expect(paid.json.status).toBe("completed");
    expect(total(paid.json, "total")).toBe(sessionTotal);
    await expectOrderPaidOnce(fake, s.http, {
      orderId: paid.json.order.id,
      total: sessionTotal,
      token: "spt_good_card",
    });

    // Completing again answers the completed session and charges nothing more.
    const again = await call(`/checkout_sessions/${id}/complete`, { payment_data: card("spt_good_card") });
    expect(again.status).toBe(200);
    expectAcp2026("CheckoutSessionWithOrder", again.json);
    expect(again.json.order.id).toBe(paid.json.order.id);
    expect(
      fake
        .callsTo("POST", /^\/v1\/payment_intents$/)
        .filter((c) => c.params.shared_payment_granted_token === "spt_good_card"),
    ).toHaveLength(1);
    expect((await s.http.get("/api/orders")).json).toHaveLength(1);
  });
});
