import type { Address } from "@haggle/contract/addresses";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { money } from "../column-values.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { user } from "./auth.ts";
import { products } from "./catalog.ts";
import { carts, negotiations } from "./carts.ts";

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    cartId: uuid("cart_id").references(() => carts.id, { onDelete: "set null" }),
    negotiationId: uuid("negotiation_id").references(() => negotiations.id, { onDelete: "set null" }),
    /** The lines at the shop's prices, before Ava's discount (orders before migration 0011: after its line part). */
    subtotal: money("subtotal").notNull(),
    discountApplied: money("discount_applied").notNull().default(0),
    /** The order-level remainder of Ava's discount (the part line prices could not carry). */
    extraDiscount: money("extra_discount").notNull().default(0),
    /** Ava's whole discount on this order: the one definition every figure uses (subtotal - this = discounted subtotal). */
    negotiatedDiscount: money("negotiated_discount").notNull().default(0),
    shipping: money("shipping").notNull().default(0),
    tax: money("tax").notNull().default(0),
    total: money("total").notNull(),
    status: text("status").notNull().default("confirmed"),
    paymentStatus: text("payment_status").notNull().default("paid"),
    /** manual or stripe (orders from before checkout asked: manual). */
    paymentMethod: text("payment_method").notNull().default("manual"),
    /** The payment provider's id for this order's payment (a Stripe PaymentIntent); null for manual. */
    paymentReference: text("payment_reference"),
    /** What was given back of this order (cancels and refunds); never more than the total. */
    refundedTotal: money("refunded_total").notNull().default(0),
    /** When the order was called off (by the shopper, the merchant or an unpaid payment). */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When the payment was confirmed (the merchant's mark, or the provider's word). */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Where the order ships, as the shopper gave it at checkout (null before addresses existed). */
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    uniqueIndex("orders_user_idempotency_uq").on(t.userId, t.idempotencyKey),
    // A provider's notice names the payment, not the order.
    index("orders_payment_reference_idx")
      .on(t.paymentMethod, t.paymentReference)
      .where(sql`${t.paymentReference} is not null`),
    // The expiry job's search: only orders still waiting for a provider's payment.
    index("orders_awaiting_payment_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.paymentStatus} = 'pending'`),
  ],
);

/**
 * The payment providers' notices (Stripe webhook events) already handled, by the provider's
 * event id: a notice delivered again (providers deliver at least once) changes nothing.
 */
export const paymentEvents = pgTable("payment_events", {
  /** The provider's event id (Stripe: evt_...). */
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  /** The order it was about, when there was one. */
  orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
  /** What it did: confirm, cancel, refund-late-payment, ignore, unknown-payment. */
  outcome: text("outcome").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An order's address snapshot: kept as given, whatever later happens to the address book. */
export type ShippingAddress = Address;

/** The shopper's address book: what checkout offers again, the last used first. */
export const addresses = pgTable(
  "addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    region: text("region"),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("addresses_user_idx").on(t.userId, t.lastUsedAt)],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    listPrice: money("list_price").notNull(),
    /** What one unit was charged: the negotiated price when Ava's offer applied. */
    unitPrice: money("unit_price").notNull(),
    /** The shop's price of one unit before Ava's discount. */
    regularPrice: money("regular_price").notNull(),
    quantity: integer("quantity").notNull(),
    /** Units given back (a refund of the line, or a cancel): their stock returned. */
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
    /** The line's place in the cart it came from, so an order lists items as the cart did. */
    position: integer("position").notNull().default(0),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

/**
 * What happened to an order after it was placed (paid, shipped, cancelled, refunded...), one row
 * per move, written in the transaction that made it: the order's status timeline.
 * Placing the order is its own created_at, so checkout writes no row here.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** paid, processing, shipped, delivered, cancelled, refunded (domain orders/order-timeline). */
    kind: text("kind").notNull(),
    /** The money the move gave back (refunds); null otherwise. */
    amount: money("amount"),
    /** Why, when there is a reason to tell (a cancel's reason, "payment failed"). */
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.at)],
);

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
