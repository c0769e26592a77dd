import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { money } from "../column-values.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { user } from "./auth.ts";
import { carts } from "./carts.ts";
import { orders } from "./orders.ts";

/**
 * The merchant's discount codes. The code is stored normalized (trimmed, upper case, no inner
 * spaces: `normalizeCode`), so it is unique as shoppers type it. `usedCount` counts redemptions
 * and is raised in the checkout's transaction under the code row's lock.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    /** percent, amount or free_shipping. */
    kind: text("kind").notNull(),
    /** For percent: basis points (10% = 1000). */
    percentBasisPoints: integer("percent_basis_points"),
    /** For amount: what it takes off, in minor units. */
    amount: money("amount"),
    minimumSubtotal: money("minimum_subtotal"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Uses in all; null = unlimited. */
    totalUses: integer("total_uses"),
    /** Uses per customer; null = unlimited. */
    usesPerCustomer: integer("uses_per_customer"),
    /** The products it applies to (product ids); with categories both empty = the whole cart. */
    productIds: text("product_ids").array().notNull().default(sql`'{}'::text[]`),
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    /** Whether the code stands beside Ava's negotiated discount (else the better of the two). */
    combinesWithNegotiated: boolean("combines_with_negotiated").notNull().default(false),
    active: boolean("active").notNull().default(true),
    usedCount: integer("used_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_uq").on(t.code),
    check("discount_codes_used_count_check", sql`${t.usedCount} >= 0`),
  ],
);

/** One row per order that used a code: what it took off, for whom. */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    codeId: uuid("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The code as it was written on the order. */
    code: text("code").notNull(),
    amount: money("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("discount_redemptions_order_uq").on(t.orderId),
    index("discount_redemptions_code_user_idx").on(t.codeId, t.userId),
  ],
);

/** The code a shopper entered on a cart (one per cart). */
export const cartDiscountCodes = pgTable("cart_discount_codes", {
  cartId: uuid("cart_id")
    .primaryKey()
    .references(() => carts.id, { onDelete: "cascade" }),
  codeId: uuid("code_id")
    .notNull()
    .references(() => discountCodes.id, { onDelete: "cascade" }),
  enteredAt: timestamp("entered_at", { withTimezone: true }).notNull().defaultNow(),
});
