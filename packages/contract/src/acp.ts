import { z } from "zod";

/**
 * The Agentic Commerce Protocol's checkout API, version 2025-09-29 (spec/2025-09-29/openapi/
 * openapi.agentic_checkout.yaml of github.com/agentic-commerce-protocol/agentic-commerce-protocol;
 * docs/decisions/0013-acp.md). Field names are the spec's (snake_case); amounts are integer
 * minor units (cents), as the spec says. Requests are strict (`additionalProperties: false`).
 */
export const ACP_API_VERSION = "2025-09-29";

/** Our one shipping option (the pricing rule's flat rate, free above its threshold). */
export const ACP_SHIPPING_OPTION_ID = "shipping_standard";

const text = (field: string, max = 200) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(max, `${field} can be at most ${max} characters.`);

export const AcpAddressSchema = z
  .strictObject({
    name: text("name", 100),
    line_one: text("line_one"),
    line_two: z
      .string({ error: "line_two must be text." })
      .max(200, "line_two can be at most 200 characters.")
      .optional(),
    city: text("city", 100),
    state: text("state", 100),
    country: text("country", 2),
    postal_code: text("postal_code", 20),
  })
  .meta({ id: "AcpAddress" });
export type AcpAddress = z.infer<typeof AcpAddressSchema>;

export const AcpBuyerSchema = z
  .strictObject({
    first_name: text("first_name", 100),
    last_name: text("last_name", 100),
    email: z.email("email must be an e-mail address."),
    phone_number: z.string().max(40, "phone_number can be at most 40 characters.").optional(),
  })
  .meta({ id: "AcpBuyer" });
export type AcpBuyer = z.infer<typeof AcpBuyerSchema>;

export const AcpItemSchema = z
  .strictObject({
    id: text("id", 100),
    /** The spec allows any positive number; a shop sells whole units. */
    quantity: z
      .number({ error: "quantity must be a number." })
      .int("quantity must be a whole number.")
      .positive("quantity must be more than 0."),
  })
  .meta({ id: "AcpItem" });
export type AcpItem = z.infer<typeof AcpItemSchema>;

const Items = z
  .array(AcpItemSchema, { error: "items must be a list." })
  .min(1, "items must list at least one item.")
  .max(100, "items can list at most 100 items.");

export const AcpCreateSessionSchema = z
  .strictObject({
    buyer: AcpBuyerSchema.optional(),
    items: Items,
    fulfillment_address: AcpAddressSchema.optional(),
  })
  .meta({ id: "AcpCheckoutSessionCreateRequest" });
export type AcpCreateSession = z.infer<typeof AcpCreateSessionSchema>;

export const AcpUpdateSessionSchema = z
  .strictObject({
    buyer: AcpBuyerSchema.optional(),
    items: Items.optional(),
    fulfillment_address: AcpAddressSchema.optional(),
    fulfillment_option_id: text("fulfillment_option_id", 100).optional(),
  })
  .meta({ id: "AcpCheckoutSessionUpdateRequest" });
export type AcpUpdateSession = z.infer<typeof AcpUpdateSessionSchema>;

export const AcpPaymentDataSchema = z
  .strictObject({
    token: text("token", 500),
    provider: z.enum(["stripe"], { error: "provider must be stripe." }),
    billing_address: AcpAddressSchema.optional(),
  })
  .meta({ id: "AcpPaymentData" });

/**
 * payment_data is required by the spec; a shop without Stripe takes payment by hand, so there it
 * is left out (a token given is refused, since nothing could charge it): docs/decisions/0013-acp.md.
 */
export const AcpCompleteSessionSchema = z
  .strictObject({
    buyer: AcpBuyerSchema.optional(),
    payment_data: AcpPaymentDataSchema.optional(),
  })
  .meta({ id: "AcpCheckoutSessionCompleteRequest" });
export type AcpCompleteSession = z.infer<typeof AcpCompleteSessionSchema>;

export const ACP_SESSION_STATUSES = [
  "not_ready_for_payment",
  "ready_for_payment",
  "completed",
  "canceled",
  "in_progress",
] as const;
export type AcpSessionStatus = (typeof ACP_SESSION_STATUSES)[number];

export const AcpLineItemSchema = z.object({
  id: z.string(),
  item: z.object({ id: z.string(), quantity: z.number() }),
  base_amount: z.int(),
  discount: z.int(),
  subtotal: z.int(),
  tax: z.int(),
  total: z.int(),
});
export type AcpLineItem = z.infer<typeof AcpLineItemSchema>;

export const ACP_TOTAL_TYPES = [
  "items_base_amount",
  "items_discount",
  "subtotal",
  "discount",
  "fulfillment",
  "tax",
  "fee",
  "total",
] as const;
export const AcpTotalSchema = z.object({
  type: z.enum(ACP_TOTAL_TYPES),
  display_text: z.string(),
  amount: z.int(),
});
export type AcpTotal = z.infer<typeof AcpTotalSchema>;

export const AcpFulfillmentOptionSchema = z.object({
  type: z.literal("shipping"),
  id: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  carrier: z.string().optional(),
  earliest_delivery_time: z.string().optional(),
  latest_delivery_time: z.string().optional(),
  subtotal: z.int(),
  tax: z.int(),
  total: z.int(),
});
export type AcpFulfillmentOption = z.infer<typeof AcpFulfillmentOptionSchema>;

export const AcpMessageSchema = z.union([
  z.object({
    type: z.literal("info"),
    param: z.string().optional(),
    content_type: z.enum(["plain", "markdown"]),
    content: z.string(),
  }),
  z.object({
    type: z.literal("error"),
    code: z.enum([
      "missing",
      "invalid",
      "out_of_stock",
      "payment_declined",
      "requires_sign_in",
      "requires_3ds",
    ]),
    param: z.string().optional(),
    content_type: z.enum(["plain", "markdown"]),
    content: z.string(),
  }),
]);
export type AcpMessage = z.infer<typeof AcpMessageSchema>;

export const AcpLinkSchema = z.object({
  type: z.enum(["terms_of_use", "privacy_policy", "seller_shop_policies"]),
  url: z.string(),
});

export const AcpOrderSchema = z.object({
  id: z.string(),
  checkout_session_id: z.string(),
  permalink_url: z.string(),
});

export const AcpCheckoutSessionSchema = z
  .object({
    id: z.string(),
    buyer: z
      .object({
        first_name: z.string(),
        last_name: z.string(),
        email: z.string(),
        phone_number: z.string().optional(),
      })
      .optional(),
    payment_provider: z
      .object({ provider: z.literal("stripe"), supported_payment_methods: z.array(z.literal("card")) })
      .optional(),
    status: z.enum(ACP_SESSION_STATUSES),
    currency: z.string(),
    line_items: z.array(AcpLineItemSchema),
    fulfillment_address: z
      .object({
        name: z.string(),
        line_one: z.string(),
        line_two: z.string().optional(),
        city: z.string(),
        state: z.string(),
        country: z.string(),
        postal_code: z.string(),
      })
      .optional(),
    fulfillment_options: z.array(AcpFulfillmentOptionSchema),
    fulfillment_option_id: z.string().optional(),
    totals: z.array(AcpTotalSchema),
    messages: z.array(AcpMessageSchema),
    links: z.array(AcpLinkSchema),
    /** Present once completed (CheckoutSessionWithOrder). */
    order: AcpOrderSchema.optional(),
  })
  .meta({ id: "AcpCheckoutSession" });
export type AcpCheckoutSession = z.infer<typeof AcpCheckoutSessionSchema>;

/** The spec's flat error object. */
export const AcpErrorSchema = z
  .object({
    type: z.enum(["invalid_request", "request_not_idempotent", "processing_error", "service_unavailable"]),
    code: z.string(),
    message: z.string(),
    param: z.string().optional(),
  })
  .meta({ id: "AcpError" });
export type AcpError = z.infer<typeof AcpErrorSchema>;

/** Order events to the agent platform (openapi.agentic_checkout_webhook.yaml, 2025-09-29). */
export const ACP_ORDER_STATUSES = [
  "created",
  "manual_review",
  "confirmed",
  "canceled",
  "shipped",
  "fulfilled",
] as const;
export type AcpOrderStatus = (typeof ACP_ORDER_STATUSES)[number];

export const AcpWebhookEventSchema = z.object({
  type: z.enum(["order_create", "order_update"]),
  data: z.object({
    type: z.literal("order"),
    checkout_session_id: z.string(),
    permalink_url: z.string(),
    status: z.enum(ACP_ORDER_STATUSES),
    refunds: z.array(z.object({ type: z.enum(["store_credit", "original_payment"]), amount: z.int() })),
  }),
});
export type AcpWebhookEvent = z.infer<typeof AcpWebhookEventSchema>;

/**
 * The product feed at GET /acp/feed: the ACP feed format's ProductsResponse (spec/2026-04-17/
 * json-schema/schema.feed.json, the first published feed schema), one variant per product.
 */
const FeedPrice = z.object({ amount: z.int(), currency: z.string() });
export const AcpFeedSchema = z
  .object({
    products: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        description: z.object({ plain: z.string() }),
        url: z.string(),
        media: z.array(z.object({ type: z.literal("image"), url: z.string(), alt_text: z.string() })),
        variants: z.array(
          z.object({
            id: z.string(),
            title: z.string(),
            url: z.string(),
            price: FeedPrice,
            list_price: FeedPrice.optional(),
            availability: z.object({ available: z.boolean(), status: z.enum(["in_stock", "out_of_stock"]) }),
            categories: z.array(z.object({ value: z.string() })),
            seller: z.object({ name: z.string() }),
          }),
        ),
      }),
    ),
  })
  .meta({ id: "AcpFeed" });
export type AcpFeed = z.infer<typeof AcpFeedSchema>;

/** The most products one page of the feed holds (and how many it holds unless `limit` says fewer). */
export const ACP_FEED_PAGE_LIMIT = 1000;

/**
 * A page of GET /acp/feed. The feed's body is the spec's ProductsResponse, which admits no other
 * field, so the next page is named by a `Link: <…>; rel="next"` header (RFC 8288) instead: the
 * products come by id, and `after` is the last id of the page before.
 */
export const AcpFeedQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${ACP_FEED_PAGE_LIMIT}.` })
    .int({ error: `limit must be a whole number from 1 to ${ACP_FEED_PAGE_LIMIT}.` })
    .min(1, { error: `limit must be a whole number from 1 to ${ACP_FEED_PAGE_LIMIT}.` })
    .max(ACP_FEED_PAGE_LIMIT, { error: `limit must be a whole number from 1 to ${ACP_FEED_PAGE_LIMIT}.` })
    .default(ACP_FEED_PAGE_LIMIT),
  after: z
    .uuid({ error: "after must be a product id: the last id of the page before, from the Link header." })
    .optional(),
});
