import { type SellerConfigType, SELLER_CONFIG_TYPES } from "@haggle/domain/merchant/seller-config";
import {
  LOYALTY_TIERS,
  type LoyaltyTier,
  THRESHOLD_TIERS,
  TIER_LABELS,
} from "@haggle/domain/negotiation/loyalty-tiers";
import { MERCHANT_ORDER_STATUSES } from "@haggle/domain/orders/order-status";
import { DEFAULT_STANCE, NEGOTIATION_STANCES } from "@haggle/domain/negotiation/negotiation-stance";
import { z } from "zod";
import { VariantSkuSchema as SkuSchema } from "./product-variants.ts";
import { OrderSchema, OrderStatusSchema } from "./orders.ts";
import { dollarsInput, MoneySchema, moneyInput, percentInput } from "./money.ts";
import { ProductSchema, pageParam, pageSizeParam } from "./products.ts";

/**
 * The merchant area's API (/api/merchant/*): dashboard, products, negotiation settings,
 * product pairings and orders. Money in and out is dollars with at most two decimals.
 */

// ------------------------------------------------------------- numbers typed by people
function wholeNumber(label: string, min: number, max: number) {
  return z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be from ${min} to ${max}.`)
    .max(max, `${label} must be from ${min} to ${max}.`);
}

// ------------------------------------------------------------- dashboard
export const MerchantStatsSchema = z
  .object({
    totalProducts: z.number().int(),
    activeNegotiations: z.number().int(),
    pendingApprovals: z.number().int(),
    totalRevenue: MoneySchema,
  })
  .meta({ id: "MerchantStats" });
export type MerchantStats = z.infer<typeof MerchantStatsSchema>;

export const DashboardQuerySchema = z.object({
  days: z.coerce
    .number({ error: "days must be a whole number from 7 to 90." })
    .int("days must be a whole number from 7 to 90.")
    .min(7, "days must be a whole number from 7 to 90.")
    .max(90, "days must be a whole number from 7 to 90.")
    .optional()
    .default(30),
});

export const DashboardDaySchema = z.object({
  /** The UTC calendar day, YYYY-MM-DD. */
  date: z.string(),
  orders: z.number().int(),
  revenue: MoneySchema,
  /** Negotiated order-level discount granted that day. */
  negotiatedDiscount: MoneySchema,
});
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

/** One channel's negotiations in the window, worked out as the negotiator's figures are. */
export const ChannelFiguresSchema = z.object({
  negotiations: z.number().int(),
  deals: z.number().int(),
  dealRate: z.number(),
  averageDiscountPct: z.number(),
});
export type ChannelFigures = z.infer<typeof ChannelFiguresSchema>;

export const MerchantDashboardSchema = z
  .object({
    /** One entry per day of the window, oldest first, days without orders included (zeros). */
    days: z.array(DashboardDaySchema),
    negotiator: z.object({
      /** Negotiations started in the window in which the shopper said at least one thing. */
      negotiations: z.number().int(),
      /** Of those, how many ended with an offer applied to the cart. */
      deals: z.number().int(),
      /** deals / negotiations, 0 to 1 (0 when there were none). */
      dealRate: z.number(),
      /** Mean discount percent of the deals (0 when none). */
      averageDiscountPct: z.number(),
      /** Negotiated discount granted in the window, in dollars. */
      totalDiscount: MoneySchema,
      escalations: z.number().int(),
    }),
    /**
     * The negotiator's figures split by where the negotiation was held: `web` (Ava's page) and
     * `agent` (a shopper's AI agent over MCP took a turn). Each negotiation is counted once.
     */
    channels: z.object({ web: ChannelFiguresSchema, agent: ChannelFiguresSchema }),
    /**
     * Variants of visible products with `atMost` units or fewer (a product without options is its
     * one variant), fewest first and then by SKU, at most ten; `total` counts them all up to
     * `countedUpTo` (a total of `countedUpTo` means at least that many). Not bound to the window.
     */
    /**
     * The discount codes orders in the window used, most used first, at most five: each code's
     * orders (those that count), what it took off the goods, and those orders' kept revenue.
     */
    discountCodes: z.array(
      z.object({ code: z.string(), orders: z.number().int(), discount: MoneySchema, revenue: MoneySchema }),
    ),
    lowStock: z.object({
      atMost: z.number().int(),
      countedUpTo: z.number().int(),
      total: z.number().int(),
      variants: z.array(
        z.object({
          productId: z.string(),
          variantId: z.string(),
          productName: z.string(),
          optionValues: z.array(z.string()),
          stockLevel: z.number().int(),
        }),
      ),
    }),
  })
  .meta({ id: "MerchantDashboard" });
export type MerchantDashboard = z.infer<typeof MerchantDashboardSchema>;

// ------------------------------------------------------------- products
export const MerchantProductSchema = ProductSchema.extend({
  /** Hidden products stay in orders and carts' history but are not shown or sold in the shop. */
  hidden: z.boolean(),
  updatedAt: z.string(),
}).meta({ id: "MerchantProduct" });
export type MerchantProduct = z.infer<typeof MerchantProductSchema>;

export const MerchantProductQuerySchema = z.object({
  q: z.string().max(200, "Search text must be at most 200 characters.").optional().default(""),
  visibility: z
    .enum(["all", "visible", "hidden"], { error: "visibility must be all, visible or hidden." })
    .optional()
    .default("all"),
  page: pageParam(),
  pageSize: pageSizeParam(50),
});
export type MerchantProductQuery = z.infer<typeof MerchantProductQuerySchema>;

export const MerchantProductListSchema = z
  .object({
    /** Ordered by name (spec: the merchant list). */
    items: z.array(MerchantProductSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: "MerchantProductList" });
export type MerchantProductList = z.infer<typeof MerchantProductListSchema>;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} can be at most ${max} characters.`);

/** Each product field as the merchant may send it (no defaults: PATCH sends any subset). */
const PRODUCT_FIELDS = {
  sku: SkuSchema,
  name: text("Name", 200),
  description: z.string().trim().max(5000, "Description can be at most 5000 characters."),
  brand: text("Brand", 80),
  category: text("Category", 80),
  price: moneyInput("Price", 0.01, 1_000_000),
  listPrice: moneyInput("List price", 0.01, 1_000_000),
  /** Empty: the server draws one (generated locally, like the seeded catalogue's). */
  imageUrl: z
    .string()
    .trim()
    .max(2000, "Image URL can be at most 2000 characters.")
    .refine(
      (u) => u === "" || u.startsWith("/images/") || /^https:\/\/[^\s]+$/.test(u),
      "Image URL must start with https:// or /images/, or be empty.",
    ),
  stockLevel: wholeNumber("Stock", 0, 1_000_000),
  tags: z
    .array(z.string().trim().min(1, "Tags cannot be empty.").max(40, "A tag can be at most 40 characters."))
    .max(20, "A product can have at most 20 tags."),
  hidden: z.boolean({ error: "hidden must be true or false." }),
};

const ProductFieldsSchema = z.object({
  ...PRODUCT_FIELDS,
  description: PRODUCT_FIELDS.description.optional().default(""),
  imageUrl: PRODUCT_FIELDS.imageUrl.optional().default(""),
  tags: PRODUCT_FIELDS.tags.optional().default([]),
  hidden: PRODUCT_FIELDS.hidden.optional().default(false),
});

const listPriceNotBelowPrice = (p: { price?: number; listPrice?: number }) =>
  p.price === undefined || p.listPrice === undefined || p.listPrice >= p.price;
const LIST_PRICE_MESSAGE = "List price cannot be lower than the price.";

/** POST /api/merchant/products. */
export const CreateProductSchema = ProductFieldsSchema.refine(listPriceNotBelowPrice, {
  message: LIST_PRICE_MESSAGE,
  path: ["listPrice"],
});
export type CreateProductInput = z.input<typeof CreateProductSchema>;
/** A product as code holds it once parsed (prices in cents). */
export type CreateProductData = z.output<typeof CreateProductSchema>;

/** PATCH /api/merchant/products/:id: any subset of the fields; the result is checked as a whole. */
export const UpdateProductSchema = z
  .object(PRODUCT_FIELDS)
  .partial()
  .refine((p) => Object.keys(p).length > 0, "Send at least one field to change.")
  .refine(listPriceNotBelowPrice, { message: LIST_PRICE_MESSAGE, path: ["listPrice"] });
export type UpdateProductInput = z.input<typeof UpdateProductSchema>;
export type UpdateProductData = z.output<typeof UpdateProductSchema>;

// ------------------------------------------------------------- negotiation settings
/** One field per tier, in the tiers' order, each made from the tier's label (e.g. "Gold threshold"). */
function tierFields<T extends LoyaltyTier, S extends z.ZodType>(
  tiers: readonly T[],
  field: (label: string) => S,
): Record<T, S> {
  return Object.fromEntries(tiers.map((tier) => [tier, field(TIER_LABELS[tier])])) as Record<T, S>;
}

export const NegotiationLimitsSchema = z
  .object({
    max_auto_discount_pct: percentInput("Max auto discount", 0, 90),
    max_auto_discount_amount: dollarsInput("Max auto discount amount", 0, 100_000),
    bundling_discount_bonus: percentInput("Bundling bonus", 0, 50),
    /** How Ava spends the room: protect-margin, balanced (the default when left out) or maximise-conversion. */
    stance: z
      .enum(NEGOTIATION_STANCES, {
        error: `The stance must be one of: ${NEGOTIATION_STANCES.join(", ")}.`,
      })
      .default(DEFAULT_STANCE),
  })
  .meta({ id: "NegotiationLimits" });

export const TierBenefitsSchema = z
  .object({
    /** Extra discount points per loyalty tier (always inside the caps). */
    extra_points: z.object(
      tierFields(LOYALTY_TIERS, (label) => percentInput(`${label} extra points`, 0, 50)),
    ),
    /** Lifetime value in dollars at which each tier starts (Bronze: the first order). */
    thresholds: z
      .object(tierFields(THRESHOLD_TIERS, (label) => dollarsInput(`${label} threshold`, 1, 10_000_000)))
      .refine(
        (t) => t.SILVER < t.GOLD && t.GOLD < t.PLATINUM,
        "Tier thresholds must rise: Silver below Gold below Platinum.",
      ),
  })
  .meta({ id: "TierBenefits" });

/** The band between the auto cap and this ceiling is escalated to the merchant; above it, declined. */
export const EscalationRulesSchema = z
  .object({
    ceiling_pct: percentInput("Escalation ceiling", 0, 95),
    ceiling_amount: dollarsInput("Escalation ceiling amount", 0, 1_000_000),
  })
  .meta({ id: "EscalationRules" });

export const GlobalRulesSchema = z
  .object({
    offer_expiry_minutes: wholeNumber("Offer expiry (minutes)", 1, 1440),
    max_rounds: wholeNumber("Maximum rounds", 1, 50),
  })
  .meta({ id: "GlobalRules" });

/** The one pricing rule's settings: shipping and tax for every screen and the checkout. */
export const PricingRulesSchema = z
  .object({
    free_shipping_threshold: dollarsInput("Free-shipping threshold", 0, 1_000_000),
    flat_shipping: dollarsInput("Flat shipping", 0, 1000),
    tax_rate_pct: percentInput("Tax rate", 0, 50),
  })
  .meta({ id: "PricingRules" });

/** What shoppers' AI agents (over MCP) may do beyond browsing, the cart and checkout. */
export const AgentRulesSchema = z
  .object({
    /** Off: the MCP tools negotiate and accept_offer refuse with a sentence; nothing else changes. */
    allow_negotiation: z.boolean({ error: "allow_negotiation must be true or false." }),
  })
  .meta({ id: "AgentRules" });

export const ConfigTypeSchema = z.enum(SELLER_CONFIG_TYPES, {
  error: `The configuration type must be one of: ${SELLER_CONFIG_TYPES.join(", ")}.`,
});
export type ConfigType = z.infer<typeof ConfigTypeSchema>;

/** The body of PUT /api/merchant/config/:configType for each type: the whole section. */
export const CONFIG_SECTION_SCHEMAS = {
  negotiation_limits: NegotiationLimitsSchema,
  tier_benefits: TierBenefitsSchema,
  escalation_rules: EscalationRulesSchema,
  global_rules: GlobalRulesSchema,
  pricing: PricingRulesSchema,
  agents: AgentRulesSchema,
} as const satisfies Record<SellerConfigType, z.ZodType>;

export const SellerConfigSchema = z.object(CONFIG_SECTION_SCHEMAS).meta({ id: "SellerConfig" });
export type SellerConfigDto = z.infer<typeof SellerConfigSchema>;

/** GET /api/merchant/config and the answer of every PUT: all sections, and when each was saved. */
export const MerchantConfigSchema = z
  .object({
    config: SellerConfigSchema,
    updatedAt: z.record(z.string(), z.string().nullable()),
  })
  .meta({ id: "MerchantConfig" });
export type MerchantConfig = z.infer<typeof MerchantConfigSchema>;

// ------------------------------------------------------------- product pairings (cross-sells, upsells)
export const PAIRING_KINDS = ["cross_sell", "upsell"] as const;
export const PairingKindSchema = z.enum(PAIRING_KINDS, { error: "kind must be cross_sell or upsell." });
export type PairingKind = z.infer<typeof PairingKindSchema>;

export const PairedProductSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  price: MoneySchema,
  imageUrl: z.string(),
  inStock: z.boolean(),
  hidden: z.boolean(),
});

export const PairingSchema = z
  .object({
    id: z.string(),
    kind: PairingKindSchema,
    /** In the cart: the product that triggers the suggestion. */
    product: PairedProductSchema,
    /** The product Ava proposes to bundle in, with the bundling bonus. */
    paired: PairedProductSchema,
    createdAt: z.string(),
  })
  .meta({ id: "Pairing" });
export type Pairing = z.infer<typeof PairingSchema>;
export const PairingListSchema = z.array(PairingSchema);

export const PairingQuerySchema = z.object({ kind: PairingKindSchema.optional() });

export const CreatePairingSchema = z
  .object({
    kind: PairingKindSchema,
    productId: z.uuid("productId must be the id of a product."),
    pairedProductId: z.uuid("pairedProductId must be the id of a product."),
  })
  .refine((p) => p.productId !== p.pairedProductId, "A product cannot be paired with itself.");
export type CreatePairingInput = z.infer<typeof CreatePairingSchema>;

// ------------------------------------------------------------- orders
export const MerchantOrderSchema = OrderSchema.extend({
  customer: z.object({ name: z.string(), email: z.string() }),
}).meta({ id: "MerchantOrder" });
export type MerchantOrder = z.infer<typeof MerchantOrderSchema>;

export const MerchantOrderQuerySchema = z.object({
  status: OrderStatusSchema.optional(),
  page: MerchantProductQuerySchema.shape.page,
  pageSize: MerchantProductQuerySchema.shape.pageSize,
});

export const MerchantOrderListSchema = z
  .object({
    items: z.array(MerchantOrderSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: "MerchantOrderList" });
export type MerchantOrderList = z.infer<typeof MerchantOrderListSchema>;

export const UpdateOrderStatusSchema = z.object({
  /** Orders only move forward (the server checks the move): pending/confirmed -> processing -> shipped -> delivered. */
  status: z.enum(MERCHANT_ORDER_STATUSES, {
    error: "status must be processing, shipped or delivered.",
  }),
});

/** POST /api/merchant/images answers where the stored picture is served (a product's imageUrl). */
export const UploadedImageSchema = z.object({ url: z.string() }).meta({ id: "UploadedImage" });
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

/** GET /api/shop/currency and the answer of PUT /api/merchant/currency: the shop's currency and locale. */
export const ShopCurrencySchema = z
  .object({
    currency: z.string().meta({ description: "ISO 4217 code, such as USD, EUR or JPY" }),
    minorUnits: z.int().meta({ description: "Decimals of the currency's minor unit: 2 for USD, 0 for JPY" }),
    locale: z.string().meta({
      description: "BCP 47 tag amounts are written in (default en-US): 12,50 € in de-DE, €12.50 in en-IE",
    }),
  })
  .meta({ id: "ShopCurrency" });
export type ShopCurrency = z.infer<typeof ShopCurrencySchema>;

/** The body of PUT /api/merchant/currency. */
export const ShopCurrencyBodySchema = z
  .object({
    currency: z
      .string({ error: "currency must be an ISO 4217 code, such as USD, EUR or JPY." })
      .trim()
      .min(1, "currency must be an ISO 4217 code, such as USD, EUR or JPY."),
    locale: z
      .string({ error: "locale must be a BCP 47 tag, such as en-US, de-DE or ja-JP." })
      .trim()
      .optional()
      .meta({
        description: "BCP 47 tag amounts are written in; absent: unchanged. It may change at any time.",
      }),
  })
  .meta({ id: "ShopCurrencyBody" });
