import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { user } from "./auth.ts";
import { carts } from "./carts.ts";
import { orders } from "./orders.ts";

// --- ACP: Agentic Commerce Protocol checkout sessions, idempotency, order webhooks --------------

/**
 * One ACP checkout session (docs/decisions/0013-acp.md): a view of the shopper's active cart with
 * the buyer, address and shipping option the agent gave. Money is never stored here: every answer
 * prices the cart again with the one pricing rule.
 */
export const acpCheckoutSessions = pgTable(
  "acp_checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    /** open (not_ready/ready worked out on each answer), completed or canceled. */
    status: text("status").notNull().default("open"),
    buyer: jsonb("buyer").$type<Record<string, string>>(),
    fulfillmentAddress: jsonb("fulfillment_address").$type<Record<string, string>>(),
    fulfillmentOptionId: text("fulfillment_option_id"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The order status last told the agent platform (order_create / order_update webhooks). */
    notifiedStatus: text("notified_status"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("acp_checkout_sessions_status_check", sql`${t.status} in ('open', 'completed', 'canceled')`),
    index("acp_checkout_sessions_user_idx").on(t.userId),
    index("acp_checkout_sessions_order_idx").on(t.orderId),
  ],
);

/**
 * ACP Idempotency-Key records, per shopper account: the request's fingerprint and, once answered,
 * the answer. A row without an answer is a request in flight.
 */
export const acpIdempotencyKeys = pgTable(
  "acp_idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("acp_idempotency_keys_created_idx").on(t.createdAt),
  ],
);

/** Order webhooks to the agent platform: an outbox, delivered with retries and backoff. */
export const acpWebhookEvents = pgTable(
  "acp_webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: text("session_id")
      .notNull()
      .references(() => acpCheckoutSessions.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** The exact JSON body sent (and signed) on every attempt. */
    payload: text("payload").notNull(),
    /** queued (to send), sent, failed (gave up; last_error says why). */
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("acp_webhook_events_status_check", sql`${t.status} in ('queued', 'sent', 'failed')`),
    check("acp_webhook_events_type_check", sql`${t.type} in ('order_create', 'order_update')`),
    index("acp_webhook_events_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
  ],
);
