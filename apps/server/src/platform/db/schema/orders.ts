import type { Address } from "@haggle/contract/addresses";
import { sql } from "drizzle-orm";
import {
  boolean,
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
import { products, productVariants } from "./catalog.ts";
import { carts } from "./carts.ts";
import { negotiations } from "./negotiation.ts";

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
    /** The discount code the order used (as stored, upper case); null without one. */
    discountCode: text("discount_code"),
    /** What the code took off the goods (0 without one, or for a free-shipping code). */
    codeDiscount: money("code_discount").notNull().default(0),
    shipping: money("shipping").notNull().default(0),
    /** The shipping method the shopper chose (by the shop's zones); null under the flat fee. */
    shippingMethod: text("shipping_method"),
    tax: money("tax").notNull().default(0),
    /** Whether the prices included the tax (EU/UK style: the total holds it) or it was added (US style). */
    taxIncluded: boolean("tax_included").notNull().default(false),
    /** What the receipt calls the tax ("VAT", "Sales tax", "Tax"). */
    taxLabel: text("tax_label").notNull().default("Tax"),
    /** The shipping's share of the tax (taxed where the place's rate taxes shipping). */
    shippingTax: money("shipping_tax").notNull().default(0),
    total: money("total").notNull(),
    /**
     * The currency every amount of this order is in (ISO 4217), as the checkout charged it: the
     * shop's currency setting, read by the insert itself (decision 0072).
     */
    currency: text("currency").notNull(),
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

/** An order's address snapshot: kept as given, whatever later happens to the address book. */
export type ShippingAddress = Address;

export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    /** The variant sold (filled from the product's default variant when an insert leaves it out, migration 0028). */
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    listPrice: money("list_price").notNull(),
    /** What one unit was charged: the negotiated price when Ava's offer applied. */
    unitPrice: money("unit_price").notNull(),
    /** The shop's price of one unit before Ava's discount. */
    regularPrice: money("regular_price").notNull(),
    quantity: integer("quantity").notNull(),
    /** The line after its share of every discount, what its tax was computed on; null before tax by place. */
    amount: money("amount"),
    /** The line's tax, rounded per line (included in its amount or added to it); null before tax by place. */
    tax: money("tax"),
    /** The rate applied to the line, in thousandths of a percent (19% = 19000); null before tax by place. */
    taxRateMilliPercent: integer("tax_rate_milli_percent"),
    /** Units given back (a refund of the line, or a cancel): their stock returned. */
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
    /** The line's place in the cart it came from, so an order lists items as the cart did. */
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    // Removing a variant sets its order lines' variant_id to null: this finds them.
    index("order_lines_variant_idx").on(t.variantId),
  ],
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
