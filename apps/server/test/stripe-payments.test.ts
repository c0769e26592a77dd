/**
 * Card payments through Stripe, against a local fake of the Stripe endpoints
 * the shop calls (real HTTP; the `stripe` library pointed at it) and webhook events signed with
 * the library's own test helper: no network. Both databases.
 */
import { randomUUID } from "node:crypto";
import type { Product } from "@haggle/contract/products";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireUnpaidOrders } from "../src/modules/payments/unpaid-order-expiry.service.ts";
import { type Database, openDatabase } from "../src/platform/db/client.ts";
import { orders, paymentEvents, products, profiles } from "../src/platform/db/schema.ts";
import {
  deliverEvent,
  FAKE_PUBLISHABLE_KEY,
  FAKE_WEBHOOK_SECRET,
  FakeStripe,
  postWebhook,
} from "./support/fake-stripe.ts";
import type { HttpClient } from "./support/http-client.ts";
import { loadCatalogue, postCheckout, shopperWithCart, TEST_ADDRESS } from "./support/shop-fixtures.ts";
import {
  createServerDatabase,
  DB_KINDS,
  type DbKind,
  startTestServer,
  type TestServer,
} from "./support/test-server.ts";
import Stripe from "stripe";

const STRIPE_BODY = { address: TEST_ADDRESS, paymentMethod: "stripe" } as const;
const cents = (dollars: number) => Math.round(dollars * 100);

describe.each(DB_KINDS)("card payments through Stripe on the %s database", (kind: DbKind) => {
  const fake = new FakeStripe();
  let server: TestServer;
  let catalogue: Product[];
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    await fake.start();
    if (kind === "postgres") {
      const created = await createServerDatabase();
      databaseUrl = created.url;
      dropDatabase = created.drop;
    }
    server = await startTestServer(kind, {
      ...(databaseUrl ? { databaseUrl } : {}),
      // The job's own schedule stays out of the way: these tests run it when they mean to.
      env: { ...fake.env(), PAYMENT_EXPIRY_CHECK_SECONDS: "86400" },
    });
    catalogue = await loadCatalogue(server.baseUrl);
  });
  afterAll(async () => {
    await server?.close();
    await dropDatabase?.();
    await fake.close();
  });

  const db = () => server.database.db;
  let used = 0;
  /** A calm product no other test of this file touches. */
  const freshProduct = (): Product => {
    const calm = catalogue.filter((p) => p.inStock && p.stockLevel >= 20 && p.price >= 5);
    const product = calm[used++];
    if (!product) throw new Error("out of test products");
    return product;
  };
  const stockOf = async (productId: string) =>
    (await db().select({ s: products.stockLevel }).from(products).where(eq(products.id, productId)))[0]?.s;
  const setStock = (productId: string, stockLevel: number) =>
    db().update(products).set({ stockLevel }).where(eq(products.id, productId));
  const orderRow = async (orderId: string) =>
    (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;

  /** A shopper with `product` in the cart (quantity times) who checks out with a card. */
  async function cardCheckout(product: Product, quantity = 1) {
    const { http, email } = await shopperWithCart(server.baseUrl, [product]);
    if (quantity > 1) {
      const cart = (await http.get("/api/cart")).json;
      await http.request("PATCH", `/api/cart/items/${cart.items[0].id}`, { quantity });
    }
    const key = randomUUID();
    const placed = await postCheckout(http, key, STRIPE_BODY);
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    const order = placed.json;
    const row = await orderRow(order.id);
    return { http, email, key, order, intentId: row.paymentReference as string };
  }

  const succeeded = (intentId: string) => fake.event("payment_intent.succeeded", fake.succeed(intentId));
  const failed = (intentId: string) => fake.event("payment_intent.payment_failed", fake.decline(intentId));

  it("offers the card beside manual payment, with the publishable key for the browser, and lets pages load Stripe.js", async () => {
    const { http } = await shopperWithCart(server.baseUrl, []);
    const options = await http.get("/api/checkout/options");
    const csp = options.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-src https://js.stripe.com https://hooks.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(options.json).toEqual({
      paymentMethods: [
        { id: "manual", label: "Pay on delivery / bank transfer" },
        { id: "stripe", label: "Card", publishableKey: FAKE_PUBLISHABLE_KEY },
      ],
    });
  });

  it("leaves a card order pending with a PaymentIntent for the server's total, and hands the browser its client secret (again on a replay, never a second PaymentIntent)", async () => {
    const product = freshProduct();
    const stockBefore = await stockOf(product.id);
    const { http, key, order, intentId } = await cardCheckout(product, 2);
    expect(order).toMatchObject({ status: "pending", paymentStatus: "pending", paymentMethod: "stripe" });
    const intent = fake.intent(intentId);
    expect(order.payment).toEqual({
      provider: "stripe",
      clientSecret: intent.client_secret,
      publishableKey: FAKE_PUBLISHABLE_KEY,
    });
    expect(intent.amount).toBe(cents(order.total));
    expect(intent.amount).toBe(cents(product.price) * 2 + cents(order.shipping) + cents(order.tax));
    expect(intent.currency).toBe("usd");
    expect(intent.metadata).toEqual({ orderId: order.id });
    const created = fake
      .callsTo("POST", /^\/v1\/payment_intents$/)
      .filter((c) => c.params["metadata[orderId]"] === order.id);
    expect(created).toHaveLength(1);
    expect(created[0]!.idempotencyKey).toMatch(/^haggle-checkout-/);
    expect(await stockOf(product.id)).toBe(stockBefore! - 2);

    const replay = await postCheckout(http, key, STRIPE_BODY);
    expect(replay.status).toBe(200);
    expect(replay.json.id).toBe(order.id);
    expect(replay.json.payment).toEqual(order.payment);
    // The replay asked Stripe again under the same key and got the same PaymentIntent back.
    const forOrder = [...fake.intents.values()].filter((i) => i.metadata.orderId === order.id);
    expect(forOrder).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(stockBefore! - 2);
    // The order's own page carries no secret.
    const read = await http.get(`/api/orders/${order.id}`);
    expect(read.json.payment).toBeUndefined();
    expect(read.text).not.toContain(intent.client_secret);
  });

  it("confirms the order once when the success event is delivered three times, and a failure delivered after it changes nothing", async () => {
    const product = freshProduct();
    const stockBefore = await stockOf(product.id);
    const { http, order, intentId } = await cardCheckout(product);
    const success = succeeded(intentId);
    const answers = await Promise.all([1, 2, 3].map(() => deliverEvent(server.baseUrl, success)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json.outcome).sort()).toEqual(["confirmed", "duplicate", "duplicate"]);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(row.paidAt).toBeInstanceOf(Date);

    // Out of order: a failure (an earlier declined attempt) arrives after the success.
    const lateFailure = fake.event("payment_intent.payment_failed", {
      ...fake.intent(intentId),
      status: "requires_payment_method",
    });
    const late = await deliverEvent(server.baseUrl, lateFailure);
    expect(late.status).toBe(200);
    expect(late.json.outcome).toBe("unchanged");
    expect(await deliverEvent(server.baseUrl, success).then((a) => a.json.outcome)).toBe("duplicate");
    expect((await orderRow(order.id)).paidAt).toEqual(row.paidAt);
    const confirmed = (await http.get(`/api/orders/${order.id}`)).json;
    expect(confirmed).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    // Paid once in its timeline, however often Stripe told us.
    expect(confirmed.timeline.map((e: { kind: string }) => e.kind)).toEqual(["placed", "paid"]);
    expect(await stockOf(product.id)).toBe(stockBefore! - 1);
    // No refund, no void: Stripe was only asked to create the PaymentIntent.
    expect(fake.callsTo("POST", new RegExp(`${intentId}/cancel`))).toHaveLength(0);
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(0);
  });

  it("lets a decline followed by a successful retry end paid: the failure waits (409) until the success is in", async () => {
    const product = freshProduct();
    const { order, intentId } = await cardCheckout(product);
    const failure = failed(intentId);
    // The shopper's second card went through before Stripe's failure event reached the shop.
    const success = succeeded(intentId);
    const early = await deliverEvent(server.baseUrl, failure);
    expect(early.status).toBe(409);
    expect((await orderRow(order.id)).status).toBe("pending");
    expect((await deliverEvent(server.baseUrl, success)).json.outcome).toBe("confirmed");
    // Stripe delivers the failure again: now it changes nothing.
    const again = await deliverEvent(server.baseUrl, failure);
    expect(again.status).toBe(200);
    expect(again.json.outcome).toBe("unchanged");
    expect(await orderRow(order.id)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
  });

  it("refuses a forged or missing signature with 400 and a sentence, and nothing changes", async () => {
    const product = freshProduct();
    const { order, intentId } = await cardCheckout(product);
    const event = fake.event("payment_intent.succeeded", { ...fake.intent(intentId), status: "succeeded" });
    const payload = JSON.stringify(event);
    const forgeries: [string, string | null][] = [
      [payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" })],
      [
        payload.replace(`"status":"succeeded"`, `"status":"succeeded" `),
        Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET }),
      ],
      [
        payload,
        Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: FAKE_WEBHOOK_SECRET,
          timestamp: Math.floor(Date.now() / 1000) - 3600,
        }),
      ],
      [payload, "t=1,v1=deadbeef"],
      [payload, null],
    ];
    for (const [body, signature] of forgeries) {
      const answer = await postWebhook(server.baseUrl, body, signature);
      expect(answer.status, String(signature)).toBe(400);
      expect(answer.json.error).toEqual({
        code: "BAD_SIGNATURE",
        message:
          "The Stripe-Signature header does not match this body: the event was not sent by Stripe to this shop, or was changed on the way.",
      });
    }
    expect(await orderRow(order.id)).toMatchObject({
      status: "pending",
      paymentStatus: "pending",
      paidAt: null,
    });
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toEqual([]);
    // The genuine event still works afterwards.
    fake.succeed(intentId);
    expect((await deliverEvent(server.baseUrl, event)).json.outcome).toBe("confirmed");
  });

  it("cancels the order when the payment fails: its stock returns, its PaymentIntent is voided and the shopper's totals forget it", async () => {
    const product = freshProduct();
    const stockBefore = await stockOf(product.id);
    const { http, email, order, intentId } = await cardCheckout(product, 3);
    expect(await stockOf(product.id)).toBe(stockBefore! - 3);
    const [profile] = await db().select().from(profiles).where(eq(profiles.email, email));
    expect(profile).toMatchObject({ ordersCount: 1, loyaltyTier: "BRONZE" });

    const failure = await deliverEvent(server.baseUrl, failed(intentId));
    expect(failure.status).toBe(200);
    expect(failure.json.outcome).toBe("cancelled");
    expect(await stockOf(product.id)).toBe(stockBefore);
    expect((await http.get(`/api/orders/${order.id}`)).json).toMatchObject({
      status: "cancelled",
      paymentStatus: "failed",
    });
    expect(fake.intent(intentId).status).toBe("canceled");
    const { timeline } = (await http.get(`/api/orders/${order.id}`)).json;
    expect(timeline.map((e: { kind: string; note: string | null }) => [e.kind, e.note])).toEqual([
      ["placed", null],
      ["cancelled", "The payment failed."],
    ]);
    const [after] = await db().select().from(profiles).where(eq(profiles.email, email));
    expect(after).toMatchObject({ ordersCount: 0, lifetimeValue: 0, loyaltyTier: "NONE" });

    // Stripe's own 'canceled' event for the void, and the failure again: nothing more returns.
    const canceled = fake.event("payment_intent.canceled", fake.intent(intentId));
    expect((await deliverEvent(server.baseUrl, canceled)).json.outcome).toBe("unchanged");
    expect((await deliverEvent(server.baseUrl, failed(intentId))).json.outcome).toBe("unchanged");
    expect(await stockOf(product.id)).toBe(stockBefore);
  });

  it("20 shoppers race for the last 5 units while 5 payments fail: stock ends exactly right", async () => {
    const product = freshProduct();
    await setStock(product.id, 5);
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, () => shopperWithCart(server.baseUrl, [product], "Racing Shopper")),
    );
    const placed: { http: HttpClient; orderId: string; intentId: string }[] = [];
    const failures: Promise<unknown>[] = [];
    let refused = 0;
    // Each shopper tries up to three times; the first five orders' payments fail as the race goes on.
    await Promise.all(
      shoppers.map(async ({ http }) => {
        for (let attempt = 0; attempt < 3; attempt++) {
          const res = await postCheckout(http, randomUUID(), STRIPE_BODY);
          if (res.status === 201) {
            const intentId = (await orderRow(res.json.id)).paymentReference as string;
            placed.push({ http, orderId: res.json.id, intentId });
            if (failures.length < 5)
              failures.push(
                deliverEvent(server.baseUrl, failed(intentId)).then((a) =>
                  expect(a.json.outcome).toBe("cancelled"),
                ),
              );
            return;
          }
          expect(res.status, JSON.stringify(res.json)).toBe(409);
          expect(res.json.error.code).toBe("INSUFFICIENT_STOCK");
          refused += 1;
          await new Promise((r) => setTimeout(r, 5));
        }
      }),
    );
    await Promise.all(failures);
    const rows = await db()
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map((p) => p.orderId),
        ),
      );
    const cancelled = rows.filter((r) => r.status === "cancelled");
    const live = rows.filter((r) => r.status !== "cancelled");
    expect(cancelled).toHaveLength(5);
    expect(cancelled.every((r) => r.paymentStatus === "failed")).toBe(true);
    expect(live.length).toBeGreaterThanOrEqual(0);
    expect(live.length).toBeLessThanOrEqual(5);
    expect(live.every((r) => r.status === "pending" && r.paymentStatus === "pending")).toBe(true);
    expect(await stockOf(product.id)).toBe(5 - live.length);

    // The live orders are paid: the stock stays where it is, never below zero.
    for (const order of live) {
      const intentId = order.paymentReference as string;
      expect((await deliverEvent(server.baseUrl, succeeded(intentId))).json.outcome).toBe("confirmed");
    }
    expect(await stockOf(product.id)).toBe(5 - live.length);
    console.info(
      `[${kind}] race: ${placed.length} orders placed (${live.length} paid, 5 failed and cancelled), ${refused} checkouts refused, stock ${5 - live.length} left of 5`,
    );
    expect(placed.length).toBe(live.length + 5);
  });

  it("expires card orders not paid in time with two job runners at once: each order cancelled once, stock back once, manual orders never", async () => {
    const due: { orderId: string; intentId: string; productId: string }[] = [];
    const product = freshProduct();
    const stockBefore = await stockOf(product.id);
    for (let i = 0; i < 8; i++) {
      const { order, intentId } = await cardCheckout(product);
      due.push({ orderId: order.id, intentId, productId: product.id });
    }
    const recent = await cardCheckout(product);
    const manualShopper = await shopperWithCart(server.baseUrl, [product]);
    const manual = await postCheckout(manualShopper.http);
    expect(manual.status).toBe(201);
    expect(await stockOf(product.id)).toBe(stockBefore! - 10);
    const longAgo = new Date(Date.now() - 31 * 60_000);
    await db()
      .update(orders)
      .set({ createdAt: longAgo })
      .where(inArray(orders.id, [...due.map((d) => d.orderId), manual.json.id]));

    // Two runners, as two server processes run them: on PostgreSQL each with its own connections.
    const second: Database | null =
      kind === "postgres" ? await openDatabase({ databaseUrl, poolSize: 4 }) : null;
    const secondDb = second ? second.db : db();
    try {
      const [a, b] = await Promise.all([
        expireUnpaidOrders(db(), server.deps.payments, { timeoutMinutes: 30 }),
        expireUnpaidOrders(secondDb, server.deps.payments, { timeoutMinutes: 30 }),
      ]);
      const cancelled = [...a.cancelled, ...b.cancelled];
      expect(new Set(cancelled).size).toBe(cancelled.length);
      expect(cancelled.sort()).toEqual(due.map((d) => d.orderId).sort());
      expect([...a.skipped, ...b.skipped]).toEqual([]);
      console.info(
        `[${kind}] expiry: ${due.length} due card orders, runner A cancelled ${a.cancelled.length}, runner B ${b.cancelled.length}; 1 recent card order and 1 manual order left alone`,
      );
    } finally {
      await second?.close();
    }
    for (const { orderId, intentId } of due) {
      expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "expired" });
      expect(fake.callsTo("POST", new RegExp(`^/v1/payment_intents/${intentId}/cancel$`))).toHaveLength(1);
      expect(fake.intent(intentId).status).toBe("canceled");
    }
    expect(await orderRow(recent.order.id)).toMatchObject({ status: "pending", paymentStatus: "pending" });
    expect(await orderRow(manual.json.id)).toMatchObject({ status: "confirmed", paymentStatus: "pending" });
    expect(await stockOf(product.id)).toBe(stockBefore! - 2);

    // Run again: nothing left to do.
    const again = await expireUnpaidOrders(db(), server.deps.payments, { timeoutMinutes: 30 });
    expect(again).toEqual({ cancelled: [], skipped: [] });
  });

  it("leaves an order whose payment went through just before expiry to its success event", async () => {
    const { order, intentId } = await cardCheckout(freshProduct());
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.id, order.id));
    const success = succeeded(intentId);
    const run = await expireUnpaidOrders(db(), server.deps.payments, { timeoutMinutes: 30 });
    expect(run.cancelled).not.toContain(order.id);
    expect(run.skipped).toContain(order.id);
    expect((await orderRow(order.id)).status).toBe("pending");
    expect((await deliverEvent(server.baseUrl, success)).json.outcome).toBe("confirmed");
  });

  it("refunds a payment that succeeds after its order expired, once, and keeps the order cancelled", async () => {
    const product = freshProduct();
    const stockBefore = await stockOf(product.id);
    const { order, intentId } = await cardCheckout(product);
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.id, order.id));
    await expireUnpaidOrders(db(), server.deps.payments, { timeoutMinutes: 30 });
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentStatus: "expired" });
    // Stripe had taken the payment all the same (a race inside Stripe): the shop gives it back.
    const late = succeeded(intentId);
    const answer = await deliverEvent(server.baseUrl, late);
    expect(answer.json.outcome).toBe("late-payment-refunded");
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    const refunds = fake.refunds.filter((r) => r.payment_intent === intentId);
    expect(refunds.map((r) => r.amount)).toEqual([cents(order.total)]);
    // Delivered again, or a second success event: no second refund.
    expect((await deliverEvent(server.baseUrl, late)).json.outcome).toBe("duplicate");
    expect(
      (await deliverEvent(server.baseUrl, fake.event("payment_intent.succeeded", fake.intent(intentId)))).json
        .outcome,
    ).toBe("unchanged");
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(stockBefore);
  });

  it("refunds through Stripe's refund API with the amount asked, once per refund key", async () => {
    const { order, intentId } = await cardCheckout(freshProduct(), 2);
    await deliverEvent(server.baseUrl, succeeded(intentId));
    const row = await orderRow(order.id);
    const stripe = server.deps.payments.get("stripe")!;
    const payment = { id: row.id, reference: row.paymentReference, paymentStatus: row.paymentStatus };
    const first = await stripe.refund(payment, 1234, { idempotencyKey: `refund-${row.id}-1` });
    const retried = await stripe.refund(payment, 1234, { idempotencyKey: `refund-${row.id}-1` });
    expect(retried.reference).toBe(first.reference);
    const rest = await stripe.refund(payment, row.total - 1234, { idempotencyKey: `refund-${row.id}-2` });
    const refunds = fake.refunds.filter((r) => r.payment_intent === intentId);
    expect(refunds.map((r) => [r.id, r.amount])).toEqual([
      [first.reference, 1234],
      [rest.reference, row.total - 1234],
    ]);
    expect(fake.callsTo("POST", /^\/v1\/refunds$/).at(-1)?.params).toMatchObject({
      payment_intent: intentId,
      amount: String(row.total - 1234),
    });
  });

  it("answers a sentence and changes nothing when Stripe cannot be reached at checkout", async () => {
    const product = freshProduct();
    const stockBefore = await stockOf(product.id);
    const { http } = await shopperWithCart(server.baseUrl, [product]);
    fake.down = true;
    try {
      const res = await postCheckout(http, randomUUID(), STRIPE_BODY);
      expect(res.status).toBe(500);
      expect(res.json.error.message).toBe(
        "Card payment could not be started: the payment service did not answer. Try again, or choose another payment method.",
      );
    } finally {
      fake.down = false;
    }
    expect(await stockOf(product.id)).toBe(stockBefore);
    expect((await http.get("/api/cart")).json.items).toHaveLength(1);
    expect((await http.get("/api/orders")).json).toEqual([]);
  });

  it("acknowledges events it does not act on, once", async () => {
    const event = fake.event("charge.refunded", { id: "ch_1", object: "charge" });
    expect((await deliverEvent(server.baseUrl, event)).json).toEqual({ received: true, outcome: "ignored" });
    expect((await deliverEvent(server.baseUrl, event)).json.outcome).toBe("duplicate");
    const stranger = fake.event("payment_intent.succeeded", {
      id: "pi_not_ours",
      object: "payment_intent",
      amount: 100,
    });
    expect((await deliverEvent(server.baseUrl, stranger)).json.outcome).toBe("unknown-payment");
  });
});

describe("a shop without Stripe keys", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("embedded", { seed: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("has no Stripe webhook and offers no card", async () => {
    const answer = await deliverEvent(server.baseUrl, {
      id: "evt_1",
      object: "event",
      type: "ping",
      data: { object: {} },
    });
    expect(answer.status).toBe(404);
    expect(answer.json.error.message).toBe(
      "This shop does not take card payments: it has no Stripe webhook.",
    );
    expect(server.deps.payments.has("stripe")).toBe(false);
    // Its pages may load nothing from elsewhere: no Stripe.js.
    const csp = (await fetch(`${server.baseUrl}/healthz`)).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("stripe");
  });
});
