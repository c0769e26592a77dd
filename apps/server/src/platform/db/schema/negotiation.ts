import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { money } from "../column-values.ts";
import { createdAt } from "./columns.ts";
import { user } from "./auth.ts";
import { carts } from "./carts.ts";

// --- negotiation: a cart's negotiations with Ava, their offers, messages and approvals (the negotiation module's) ---
export const negotiations = pgTable(
  "negotiations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("active"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    appliedDiscountAmount: money("applied_discount_amount"),
    finalDiscountPct: numeric("final_discount_pct", { precision: 5, scale: 2 }),
    /** Shopper turns so far, and the concession schedule's position (the policy's memory). */
    rounds: integer("rounds").notNull().default(0),
    concessionStep: integer("concession_step").notNull().default(0),
    bundleProposed: boolean("bundle_proposed").notNull().default(false),
    /**
     * Where the shopper haggles: 'web' (Ava's page), or 'agent' once a turn was taken through MCP
     * (the merchant's dashboard counts agents' negotiations apart).
     */
    channel: text("channel").notNull().default("web"),
  },
  (t) => [
    index("negotiations_cart_idx").on(t.cartId),
    check("negotiations_channel", sql`${t.channel} in ('web', 'agent')`),
    // One active negotiation per cart, whatever races reach the database.
    uniqueIndex("negotiations_one_active_per_cart_uq").on(t.cartId).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * Offers the server issued. Only these can ever be applied to a cart: an offer is bound to the
 * cart contents it was made for (fingerprint) and expires.
 */
export const negotiationOffers = pgTable(
  "negotiation_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    negotiationId: uuid("negotiation_id")
      .notNull()
      .references(() => negotiations.id, { onDelete: "cascade" }),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    cartFingerprint: text("cart_fingerprint").notNull(),
    subtotal: money("subtotal").notNull(),
    discount: money("discount").notNull(),
    percentBp: integer("percent_bp").notNull(),
    newItems: jsonb("new_items").notNull().default(sql`'[]'::jsonb`),
    reasons: jsonb("reasons").notNull().default(sql`'[]'::jsonb`),
    source: text("source").notNull().default("policy"),
    /** standing, agreed, applied, superseded, voided, expired */
    status: text("status").notNull().default("standing"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "negotiation_offers_discount_nonnegative",
      sql`${t.discount} >= 0 and ${t.discount} <= ${t.subtotal}`,
    ),
    index("negotiation_offers_negotiation_idx").on(t.negotiationId, t.status),
    index("negotiation_offers_cart_idx").on(t.cartId, t.status),
  ],
);

export const negotiationMessages = pgTable(
  "negotiation_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    negotiationId: uuid("negotiation_id")
      .notNull()
      .references(() => negotiations.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("negotiation_messages_negotiation_idx").on(t.negotiationId, t.createdAt)],
);

export const negotiationApprovals = pgTable(
  "negotiation_approvals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    negotiationId: uuid("negotiation_id")
      .notNull()
      .references(() => negotiations.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    requestedDiscountPct: numeric("requested_discount_pct", { precision: 5, scale: 2 }).notNull(),
    requestedDiscountAmount: money("requested_discount_amount").notNull(),
    escalationReason: text("escalation_reason").notNull().default(""),
    /** The cart contents the request was made for; an approval applies only to them. */
    cartFingerprint: text("cart_fingerprint").notNull().default(""),
    subtotal: money("subtotal").notNull().default(0),
    notes: text("notes"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("negotiation_approvals_status_idx").on(t.status, t.createdAt)],
);
