/**
 * A local fake of the Stripe endpoints the shop calls, speaking Stripe's REST shapes over real
 * HTTP (the `stripe` library is pointed at it with STRIPE_API_URL): create, retrieve and cancel
 * PaymentIntents, create refunds. Like Stripe it honours Idempotency-Key: the same key with the
 * same parameters answers the first response again; with other parameters, 400 idempotency_error.
 * The test plays the shopper's bank (succeed, decline) and Stripe's webhooks (signed events).
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, expect } from "vitest";
import type { HttpClient } from "./http-client.ts";
import { cents, type Shop, useShop } from "./shop-fixtures.ts";
import type { DbKind } from "./test-server.ts";

export const FAKE_SECRET_KEY = "sk_test_fake_haggle";
export const FAKE_WEBHOOK_SECRET = "whsec_fake_haggle_webhook_secret";
export const FAKE_PUBLISHABLE_KEY = "pk_test_fake_haggle";

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status:
    | "requires_payment_method"
    | "requires_confirmation"
    | "requires_action"
    | "processing"
    | "succeeded"
    | "canceled";
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  cancellation_reason: string | null;
  last_payment_error: { code: string; message: string; type: string } | null;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
}

/** One request the fake received. */
export interface FakeCall {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | null;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** Reads Stripe's form encoding (`metadata[orderId]=…`) into flat keys, as sent. */
async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
}

function metadataOf(params: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

type Answer = { status: number; body: unknown };

const stripeError = (status: number, type: string, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { error: { type, message, ...extra } },
});

export class FakeStripe {
  readonly intents = new Map<string, FakePaymentIntent>();
  readonly refunds: FakeRefund[] = [];
  readonly calls: FakeCall[] = [];
  /** While true every request answers 503, as when Stripe cannot be reached. */
  down = false;
  private readonly idempotent = new Map<string, { params: string; answer: Answer }>();
  private server: Server | null = null;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The environment that points a shop's Stripe provider at this fake. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY,
      STRIPE_API_URL: this.url,
    };
  }

  callsTo(method: string, path: RegExp): FakeCall[] {
    return this.calls.filter((c) => c.method === method && path.test(c.path));
  }

  intent(intentId: string): FakePaymentIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no PaymentIntent ${intentId} in the fake`);
    return intent;
  }

  /** The shopper's card went through: the PaymentIntent succeeded. */
  succeed(intentId: string): FakePaymentIntent {
    const intent = this.intent(intentId);
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    return { ...intent };
  }

  /** The shopper's card was declined: the PaymentIntent asks for another payment method. */
  decline(intentId: string): FakePaymentIntent {
    const intent = this.intent(intentId);
    intent.status = "requires_payment_method";
    intent.last_payment_error = {
      code: "card_declined",
      message: "Your card was declined.",
      type: "card_error",
    };
    return { ...intent };
  }

  /** A Stripe event about `object`, as the webhook carries it. */
  event(type: string, object: unknown, eventId = id("evt")) {
    return {
      id: eventId,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
  }

  private async serve(req: IncomingMessage, res: ServerResponse) {
    const params = req.method === "POST" ? await readForm(req) : {};
    const key = req.headers["idempotency-key"];
    const idempotencyKey = typeof key === "string" ? key : null;
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    this.calls.push({ method: req.method ?? "", path, params, idempotencyKey });
    let answer: Answer;
    if (this.down) {
      answer = stripeError(503, "api_error", "Stripe is down (the fake says so).");
    } else if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
      answer = stripeError(401, "invalid_request_error", "Invalid API Key provided.");
    } else if (idempotencyKey && req.method === "POST") {
      const seen = this.idempotent.get(idempotencyKey);
      const signature = `${path}?${new URLSearchParams(Object.entries(params).sort()).toString()}`;
      if (seen && seen.params !== signature) {
        answer = stripeError(
          400,
          "idempotency_error",
          "Keys for idempotent requests can only be used with the same parameters they were first used with.",
        );
      } else if (seen) {
        answer = seen.answer;
      } else {
        answer = this.route(req.method, path, params);
        this.idempotent.set(idempotencyKey, { params: signature, answer });
      }
    } else {
      answer = this.route(req.method ?? "", path, params);
    }
    res.writeHead(answer.status, { "content-type": "application/json", "request-id": id("req") });
    res.end(JSON.stringify(answer.body));
  }

  private route(method: string, path: string, params: Record<string, string>): Answer {
    if (method === "POST" && path === "/v1/payment_intents") return this.createIntent(params);
    const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && one?.[1]) {
      const intent = this.intents.get(one[1]);
      return intent
        ? { status: 200, body: intent }
        : stripeError(404, "invalid_request_error", `No such payment_intent: '${one[1]}'`);
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === "POST" && cancel?.[1]) return this.cancelIntent(cancel[1], params);
    if (method === "POST" && path === "/v1/refunds") return this.createRefund(params);
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  private createIntent(params: Record<string, string>): Answer {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50)
      return stripeError(400, "invalid_request_error", "Amount must be at least $0.50 usd", {
        param: "amount",
      });
    const intentId = id("pi");
    const intent: FakePaymentIntent = {
      id: intentId,
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency: params.currency ?? "usd",
      status: "requires_payment_method",
      client_secret: `${intentId}_secret_${randomBytes(8).toString("hex")}`,
      metadata: metadataOf(params),
      receipt_email: params.receipt_email ?? null,
      cancellation_reason: null,
      last_payment_error: null,
      created: now(),
      livemode: false,
    };
    // A delegated payment (ACP's token) confirmed at once: "declined" in the token declines it.
    const delegated = params.shared_payment_granted_token ?? params.payment_method;
    if (params.confirm === "true" && delegated) {
      if (delegated.includes("declined"))
        return stripeError(402, "card_error", "Your card was declined.", { code: "card_declined" });
      intent.status = "succeeded";
      intent.amount_received = amount;
    }
    this.intents.set(intentId, intent);
    return { status: 200, body: { ...intent } };
  }

  private cancelIntent(intentId: string, params: Record<string, string>): Answer {
    const intent = this.intents.get(intentId);
    if (!intent) return stripeError(404, "invalid_request_error", `No such payment_intent: '${intentId}'`);
    if (!["requires_payment_method", "requires_confirmation", "requires_action"].includes(intent.status)) {
      return stripeError(
        400,
        "invalid_request_error",
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        { code: "payment_intent_unexpected_state", payment_intent: { ...intent } },
      );
    }
    intent.status = "canceled";
    intent.cancellation_reason = params.cancellation_reason ?? null;
    return { status: 200, body: { ...intent } };
  }

  private createRefund(params: Record<string, string>): Answer {
    const intent = params.payment_intent ? this.intents.get(params.payment_intent) : undefined;
    if (!intent)
      return stripeError(400, "invalid_request_error", `No such payment_intent: '${params.payment_intent}'`);
    if (intent.status !== "succeeded")
      return stripeError(
        400,
        "invalid_request_error",
        "This PaymentIntent does not have a successful charge to refund.",
      );
    const refunded = this.refunds
      .filter((r) => r.payment_intent === intent.id)
      .reduce((s, r) => s + r.amount, 0);
    const amount = params.amount === undefined ? intent.amount - refunded : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0 || refunded + amount > intent.amount_received)
      return stripeError(
        400,
        "invalid_request_error",
        `Refund amount (${amount}) is greater than what is left.`,
        {
          code: "amount_too_large",
        },
      );
    const refund: FakeRefund = {
      id: id("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: "succeeded",
      metadata: metadataOf(params),
      created: now(),
    };
    this.refunds.push(refund);
    return { status: 200, body: refund };
  }
}

/** Delivers `event` to the shop's webhook as Stripe would: the JSON body signed with `secret`. */
export async function deliverEvent(baseUrl: string, event: unknown, secret = FAKE_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return postWebhook(baseUrl, payload, signature);
}

/** POST /webhooks/stripe with this body and Stripe-Signature header, no cookie, no Origin. */
export async function postWebhook(baseUrl: string, payload: string, signature: string | null) {
  const response = await fetch(`${baseUrl}/webhooks/stripe`, {
    method: "POST",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      ...(signature === null ? {} : { "stripe-signature": signature }),
    },
    body: payload,
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes and assert on them.
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, json, text };
}

/**
 * The shopper's newest order is `orderId`, paid by Stripe and confirmed for `total` (cents), and
 * the double was asked exactly once to charge `token`, for that total.
 */
export async function expectOrderPaidOnce(
  fake: FakeStripe,
  http: HttpClient,
  { orderId, total, token }: { orderId: string; total: number; token: string },
): Promise<void> {
  const [order] = (await http.get("/api/orders")).json;
  expect(order).toMatchObject({
    id: orderId,
    paymentMethod: "stripe",
    paymentStatus: "paid",
    status: "confirmed",
  });
  expect(cents(order.total)).toBe(total);
  const charges = fake
    .callsTo("POST", /^\/v1\/payment_intents$/)
    .filter((c) => c.params.shared_payment_granted_token === token);
  expect(charges).toHaveLength(1);
  expect(charges[0]?.params).toMatchObject({ amount: String(total), confirm: "true" });
}

/**
 * A Stripe double started before a shop whose payment settings point at it (and stopped after):
 * for suites whose checkouts charge a card. `env` adds to the shop's settings.
 */
export function useShopWithFakeStripe(
  kind: DbKind,
  env: Record<string, string> = {},
): { fake: FakeStripe; shop: Shop } {
  const fake = new FakeStripe();
  const shopEnv: Record<string, string> = { PAYMENT_EXPIRY_CHECK_SECONDS: "86400", ...env };
  beforeAll(async () => {
    await fake.start();
    Object.assign(shopEnv, fake.env());
  });
  afterAll(async () => {
    await fake.close();
  });
  return { fake, shop: useShop(kind, { env: shopEnv }) };
}
