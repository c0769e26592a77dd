import { notFound } from "@haggle/domain/errors";
import { z } from "@hono/zod-openapi";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { applyPaymentNotice } from "./payment-notices.service.ts";

const WebhookAnswerSchema = z.object({ received: z.literal(true), outcome: z.string() });

export const STRIPE_WEBHOOK_PATH = "/webhooks/stripe";

export const stripeWebhookRoutes: ApiRoute[] = [
  defineRoute({
    method: "post",
    path: STRIPE_WEBHOOK_PATH,
    summary:
      "Stripe's signed events (payment_intent.succeeded, .payment_failed, .canceled): the raw body is checked against the Stripe-Signature header with STRIPE_WEBHOOK_SECRET (400 when it does not match, and nothing changes); each event id is handled once, in any order. No session, no Origin: Stripe calls it. 404 when the shop has no Stripe keys",
    tag: "Payments",
    access: "public",
    response: WebhookAnswerSchema,
    failure: {
      code: "WEBHOOK_FAILED",
      message: "The event could not be handled now; Stripe delivers it again later.",
    },
    handler: async (c) => {
      const { payments, database, mail } = c.get("deps");
      const provider = payments.get("stripe");
      if (!provider?.readNotice)
        throw notFound("This shop does not take card payments: it has no Stripe webhook.");
      // The signature covers the exact bytes Stripe sent: read them raw, never re-encoded.
      const payload = new Uint8Array(await c.req.arrayBuffer());
      const notice = provider.readNotice(payload, c.req.header("stripe-signature"));
      const outcome = await applyPaymentNotice(database.db, provider, notice, mail);
      c.get("log").info({ eventId: notice.eventId, type: notice.type, outcome }, "stripe event");
      return { received: true as const, outcome };
    },
  }),
];
