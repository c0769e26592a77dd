import { shopCurrency } from "@haggle/domain/pricing/money";
import { createHash } from "node:crypto";
import { failed, invalid } from "@haggle/domain/errors";
import type { PaymentNoticeKind } from "@haggle/domain/orders/payment-notice";
import Stripe from "stripe";
import {
  PaymentAlreadyMade,
  type PaymentNotice,
  type PaymentOrder,
  type PaymentProvider,
} from "./payment-provider.ts";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** Stripe's API elsewhere (tests: a local fake); unset: api.stripe.com. */
  apiUrl?: string | undefined;
}

/** The events the shop acts on; every other event is acknowledged and left alone. */
const NOTICE_KINDS: Record<string, PaymentNoticeKind> = {
  "payment_intent.succeeded": "succeeded",
  "payment_intent.payment_failed": "failed",
  "payment_intent.canceled": "canceled",
};

const UNAVAILABLE =
  "Card payment could not be started: the payment service did not answer. Try again, or choose another payment method.";

/** Stripe's idempotency key for a checkout: the same order and amount always answer the same PaymentIntent. */
export function paymentIntentKey(order: PaymentOrder): string {
  const digest = createHash("sha256")
    // A delegated token is part of the payment: after a decline, another card is another attempt.
    .update(
      `${order.id}\n${order.idempotencyKey}\n${order.total}${order.paymentToken ? `\n${order.paymentToken}` : ""}`,
    )
    .digest("base64url");
  return `haggle-checkout-${digest}`;
}

function clientOptions(apiUrl: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  };
  if (!apiUrl) return options;
  const url = new URL(apiUrl);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === "http:" ? 80 : 443),
    protocol: url.protocol === "http:" ? "http" : "https",
  };
}

/**
 * Card payments through Stripe. start() creates a PaymentIntent for the server's total in the
 * checkout's idempotent scope (a retried checkout answers the same PaymentIntent, never a second);
 * the order waits, pending, for the signed payment_intent.succeeded webhook (readNotice). A
 * refund of a paid order calls Stripe's refund API; an unpaid one has its PaymentIntent cancelled.
 */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiUrl));

  /** Cancels an unpaid PaymentIntent; one already cancelled is fine; one already paid is PaymentAlreadyMade. */
  async function voidPayment(reference: string): Promise<void> {
    try {
      await stripe.paymentIntents.cancel(reference, { cancellation_reason: "abandoned" });
    } catch (error) {
      const now = await stripe.paymentIntents.retrieve(reference).catch(() => null);
      if (now?.status === "canceled") return;
      if (now?.status === "succeeded" || now?.status === "processing" || now?.status === "requires_capture")
        throw new PaymentAlreadyMade(reference);
      throw error;
    }
  }

  return {
    method: "stripe",
    publishableKey: settings.publishableKey,
    async start(order) {
      let intent: Stripe.PaymentIntent;
      try {
        // A delegated token (ACP) is charged at once: a shared payment token (spt_) as Stripe's
        // agentic checkout names it, any other as a payment method; no redirect can follow.
        const delegated: Omit<Stripe.PaymentIntentCreateParams, "amount" | "currency"> = order.paymentToken
          ? {
              confirm: true,
              automatic_payment_methods: { enabled: true, allow_redirects: "never" },
              ...(order.paymentToken.startsWith("spt_")
                ? ({ shared_payment_granted_token: order.paymentToken } as object)
                : { payment_method: order.paymentToken }),
            }
          : { automatic_payment_methods: { enabled: true } };
        intent = await stripe.paymentIntents.create(
          {
            amount: order.total,
            // Stripe takes the lower-case ISO code and the amount in the currency's smallest unit,
            // as the shop keeps it (yen for JPY, which Stripe counts as zero-decimal).
            currency: shopCurrency().toLowerCase(),
            ...delegated,
            receipt_email: order.email,
            metadata: { orderId: order.id },
          },
          { idempotencyKey: paymentIntentKey(order) },
        );
      } catch (error) {
        // A delegated card the bank refused is the payer's to fix, not the shop's failure.
        if (order.paymentToken && (error as { type?: unknown })?.type === "StripeCardError")
          throw invalid(
            `The card was declined: ${(error as Error).message} Ask the buyer for another payment method.`,
            "PAYMENT_DECLINED",
          );
        throw failed(UNAVAILABLE, "PAYMENT_PROVIDER_FAILED", { cause: error });
      }
      if (!intent.client_secret) throw failed(UNAVAILABLE, "PAYMENT_PROVIDER_FAILED");
      const paid = intent.status === "succeeded";
      return {
        orderStatus: paid ? "confirmed" : "pending",
        paymentStatus: paid ? "paid" : "pending",
        reference: intent.id,
        clientSecret: intent.client_secret,
      };
    },
    async refund(order, amount, options = {}) {
      if (!order.reference) throw new Error(`stripe order ${order.id} has no PaymentIntent`);
      if (order.paymentStatus === "pending") {
        await voidPayment(order.reference);
        return { reference: null };
      }
      const refund = await stripe.refunds.create(
        { payment_intent: order.reference, amount, metadata: { orderId: order.id } },
        options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {},
      );
      return { reference: refund.id };
    },
    readNotice(payload, signature): PaymentNotice {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature ?? "", settings.webhookSecret);
      } catch {
        throw invalid(
          "The Stripe-Signature header does not match this body: the event was not sent by Stripe to this shop, or was changed on the way.",
          "BAD_SIGNATURE",
        );
      }
      const kind = NOTICE_KINDS[event.type];
      const object = event.data.object as { object?: string; id?: string; amount?: number };
      if (!kind || object.object !== "payment_intent" || typeof object.id !== "string")
        return { eventId: event.id, type: event.type, kind: "ignored" };
      return { eventId: event.id, type: event.type, kind, reference: object.id, amount: object.amount ?? 0 };
    },
  };
}
