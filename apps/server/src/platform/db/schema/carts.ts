import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money } from "../column-values.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { user } from "./auth.ts";
import { products, productVariants } from "./catalog.ts";

export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("active"),
    /** The applied negotiated order-level discount; written only by the server when applying its own offer. */
    negotiatedDiscount: money("negotiated_discount").notNull().default(0),
    /** The negotiation whose offer is applied to this cart, if any. */
    appliedNegotiationId: uuid("applied_negotiation_id"),
    /** When the applied offer was applied: it lapses APPLIED_OFFER_TTL_MINUTES later. */
    negotiatedAt: timestamp("negotiated_at", { withTimezone: true }),
    /**
     * Why the last applied offer lapsed ('price-changed' or 'expired'), so the cart can tell the
     * shopper; cleared when the cart changes or a new offer is applied.
     */
    negotiationLapse: text("negotiation_lapse"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one active cart per shopper, even when two requests race to create it.
    uniqueIndex("carts_one_active_per_user").on(t.userId).where(sql`status = 'active'`),
  ],
);

export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    /**
     * The variant the line buys: a line is one variant (a product with options may have several
     * lines, one per size or colour). An insert that leaves it out gets the product's default
     * variant (migration 0028's trigger, for writers that predate variants).
     */
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id),
    quantity: integer("quantity").notNull(),
    priceSnapshot: money("price_snapshot"),
    /** The product's price the applied offer was computed on; the offer lapses when the price moves. */
    negotiatedOnPrice: money("negotiated_on_price"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
    uniqueIndex("cart_items_cart_variant_uq").on(t.cartId, t.variantId),
    index("cart_items_variant_idx").on(t.variantId),
  ],
);

/**
 * A cart an agent fills without an account (over MCP, no key or token): named by a bearer token
 * the agent passes back (only its SHA-256 is stored), it expires, and it ends when a signed-in
 * shopper claims it from its checkout link (its lines merge into their cart).
 */
export const agentCarts = pgTable(
  "agent_carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    /** The address that made it (the carts-per-address limit counts by it). */
    ip: text("ip").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    claimedBy: text("claimed_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("agent_carts_token_hash_uq").on(t.tokenHash),
    index("agent_carts_expires_idx").on(t.expiresAt),
  ],
);

export const agentCartItems = pgTable(
  "agent_cart_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agentCartId: uuid("agent_cart_id")
      .notNull()
      .references(() => agentCarts.id, { onDelete: "cascade" }),
    // A variant the catalogue drops takes its anonymous lines with it (a shopper's cart keeps it).
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("agent_cart_items_quantity_positive", sql`${t.quantity} > 0`),
    uniqueIndex("agent_cart_items_cart_variant_uq").on(t.agentCartId, t.variantId),
    index("agent_cart_items_variant_idx").on(t.variantId),
  ],
);
