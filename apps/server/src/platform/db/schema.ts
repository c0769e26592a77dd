import type { Address } from "@haggle/contract/addresses";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { money } from "./column-values.ts";

/**
 * One schema for the embedded database (PGlite) and a PostgreSQL server. Money columns are
 * numeric(12,2), read and written as integer cents by the `money` column type (column-values.ts).
 * Embeddings are stored as real[] so that servers without pgvector work too; where pgvector
 * exists the search code casts them to vector (see docs/decisions/0002-database.md).
 */

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// --- better-auth tables (its standard names and columns) -------------------------------
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// --- shop ---------------------------------------------------------------------------------
export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  loyaltyTier: text("loyalty_tier").notNull().default("NONE"),
  ordersCount: integer("orders_count").notNull().default(0),
  lifetimeValue: money("lifetime_value").notNull().default(0),
  totalSavings: money("total_savings").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    /**
     * How the role was granted: 'claim' (the setup code), 'admin' (by an admin, or written
     * into the table by hand) or 'demo' (while DEMO_MODE was on, or before roles were
     * audited: the migration marks older roles so). Demo roles end with demo mode.
     */
    source: text("source").notNull().default("admin"),
    grantedBy: text("granted_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_roles_user_role_uq").on(t.userId, t.role)],
);

/** Every grant and revocation of a role: whose, which, by whom (null: the server itself), why. */
export const roleAudit = pgTable(
  "role_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    action: text("action").notNull(),
    role: text("role").notNull(),
    userId: text("user_id").notNull(),
    userEmail: text("user_email").notNull(),
    byUserId: text("by_user_id"),
    byEmail: text("by_email"),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("role_audit_created_idx").on(t.createdAt),
    check("role_audit_action", sql`${t.action} in ('grant', 'revoke')`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sku: text("sku").notNull().unique(),
    name: text("name").notNull(),
    // The product page's address (/products/<slug>): set once from the name by the
    // products_set_slug trigger (migration 0012) when left empty, unique, kept when the name changes.
    slug: text("slug").notNull().default(""),
    description: text("description").notNull().default(""),
    brand: text("brand").notNull(),
    category: text("category").notNull(),
    price: money("price").notNull(),
    listPrice: money("list_price").notNull(),
    imageUrl: text("image_url").notNull().default(""),
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    stockLevel: integer("stock_level").notNull().default(0),
    inStock: boolean("in_stock").notNull().generatedAlwaysAs(sql`stock_level > 0`),
    demandIndex: real("demand_index").notNull().default(0.5),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    embedding: real("embedding").array(),
    embeddingModel: text("embedding_model"),
    hidden: boolean("hidden").notNull().default(false),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(brand, '')), 'B') || setweight(to_tsvector('english', coalesce(category, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("products_stock_nonnegative", sql`${t.stockLevel} >= 0`),
    check("products_price_nonnegative", sql`${t.price} >= 0 and ${t.listPrice} >= 0`),
    uniqueIndex("products_slug_idx").on(t.slug),
    index("products_category_idx").on(t.category),
    index("products_brand_idx").on(t.brand),
    index("products_search_vector_idx").using("gin", t.searchVector),
    index("products_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("products_tags_gin_idx").using("gin", t.tags),
    // Typos and partial words in the catalogue search: `word <% (name || ' ' || brand)` and
    // `(name || ' ' || brand) ilike '%word%'` both use it (products.store.ts).
    index("products_name_brand_trgm_idx").using("gin", sql`(${t.name} || ' ' || ${t.brand}) gin_trgm_ops`),
    // One B-tree per catalogue order, over the visible products only: the first page reads 24 entries.
    index("products_featured_idx")
      .on(t.inStock.desc().nullsFirst(), t.demandIndex.desc().nullsFirst(), t.name, t.id)
      .where(sql`${t.hidden} = false`),
    index("products_price_low_idx").on(t.price, t.name, t.id).where(sql`${t.hidden} = false`),
    index("products_price_high_idx")
      .on(t.price.desc().nullsFirst(), t.name, t.id)
      .where(sql`${t.hidden} = false`),
    index("products_rating_idx")
      .on(t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.name, t.id)
      .where(sql`${t.hidden} = false`),
    // Facet counts of the whole visible collection read this index alone (an index-only scan).
    index("products_visible_facets_idx").on(t.category, t.brand).where(sql`${t.hidden} = false`),
  ],
);

/**
 * How many visible products each category and brand has (kind "category" or "brand"), and in
 * all (kind "all", value ""): kept by statement triggers on products (migration 0009), so the
 * unfiltered catalogue reads its facets here instead of counting every product. Only net
 * changes are written: a stock update never touches it.
 */
export const productFacetCounts = pgTable(
  "product_facet_counts",
  {
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    visible: integer("visible").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] })],
);

/**
 * A product import started from the merchant area (issue #14 item 1): its progress, read by the
 * Import page while the server works through the file, and its bad rows (line, SKU, reason).
 */
export const productImports = pgTable("product_imports", {
  id: uuid("id").primaryKey().defaultRandom(),
  fileName: text("file_name").notNull(),
  format: text("format").notNull(),
  /** running, done or failed */
  status: text("status").notNull().default("running"),
  totalBytes: integer("total_bytes").notNull().default(0),
  bytesRead: integer("bytes_read").notNull().default(0),
  rows: integer("rows").notNull().default(0),
  inserted: integer("inserted").notNull().default(0),
  updated: integer("updated").notNull().default(0),
  failed: integer("failed").notNull().default(0),
  skippedVariants: integer("skipped_variants").notNull().default(0),
  /** The bad rows, at most IMPORT_ERRORS_KEPT of them. */
  errors: jsonb("errors").notNull().default(sql`'[]'::jsonb`),
  message: text("message").notNull().default(""),
  createdBy: text("created_by"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
    quantity: integer("quantity").notNull(),
    priceSnapshot: money("price_snapshot"),
    /** The product's price the applied offer was computed on; the offer lapses when the price moves. */
    negotiatedOnPrice: money("negotiated_on_price"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
    uniqueIndex("cart_items_cart_product_uq").on(t.cartId, t.productId),
  ],
);

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
  },
  (t) => [
    index("negotiations_cart_idx").on(t.cartId),
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
 * The merchant's product pairings, which Ava proposes as bundles: a cross-sell complements the
 * cart product; an upsell is a pricier add-on or upgrade worth suggesting with it.
 */
export const productPairings = pgTable(
  "product_pairings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    pairedProductId: uuid("paired_product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("product_pairings_kind", sql`${t.kind} in ('cross_sell', 'upsell')`),
    check("product_pairings_not_self", sql`${t.productId} <> ${t.pairedProductId}`),
    uniqueIndex("product_pairings_kind_product_paired_uq").on(t.kind, t.productId, t.pairedProductId),
    index("product_pairings_product_idx").on(t.productId),
  ],
);

export const sellerConfig = pgTable("seller_config", {
  id: uuid("id").primaryKey().defaultRandom(),
  configType: text("config_type").notNull().unique(),
  active: boolean("active").notNull().default(true),
  configData: jsonb("config_data").notNull(),
  updatedAt: updatedAt(),
});

/** Fixed-window counters shared by every server process (sign-in attempts, assistant calls). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/** Values every process must agree on, such as a generated session secret. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

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
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
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
