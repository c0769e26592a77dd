import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt } from "./columns.ts";
import { orders } from "./orders.ts";

// --- mail: the outbox (platform/mail/outbox.store.ts writes it) ---
// --- mail ---------------------------------------------------------------------------------
/**
 * Every e-mail the shop sends, written in the same transaction as what it tells of (an order
 * and its confirmation commit together). The sender delivers `queued` rows over SMTP_URL,
 * retrying with backoff; without SMTP_URL they are `kept` for the merchant to read.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    /**
     * The message as sent. Null until rendered: an order's e-mail is written bare in the
     * checkout's transaction and rendered by the sender before sending, or when the merchant
     * first reads it in the outbox (rendering never slows the checkout).
     */
    subject: text("subject"),
    html: text("html"),
    text: text("text"),
    /** What the template needs besides the order (a refund's amount, a reason). */
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    /** queued (to send), sent, failed (gave up; last_error says why), kept (no SMTP_URL). */
    status: text("status").notNull().default("queued"),
    /** Delivery attempts begun; a claim counts one before the mail server is reached. */
    attempts: integer("attempts").notNull().default(0),
    /** When a queued message is due; a sender claiming it moves this forward by its lease. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("mail_outbox_status_check", sql`${t.status} in ('queued', 'sent', 'failed', 'kept')`),
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index("mail_outbox_created_idx").on(t.createdAt),
    index("mail_outbox_order_idx").on(t.orderId),
  ],
);
