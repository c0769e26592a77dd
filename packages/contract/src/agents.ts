import { z } from "zod";
import { AddressInputSchema } from "./addresses.ts";
import { MAX_LINE_QUANTITY } from "./cart.ts";
import { MAX_MESSAGE_LENGTH } from "./negotiation.ts";

/**
 * Shoppers' AI agents: the shopper's API keys, the MCP tools' inputs and structured
 * outputs, and the merchant's view of agents' tool calls. Amounts an agent reads are US dollars
 * (plain numbers: a JSON Schema an agent reads must say what it gets, and a codec cannot).
 */

// --- API keys -----------------------------------------------------------------------------

export const MAX_API_KEYS = 10;

export const CreateApiKeySchema = z.object({
  name: z
    .string({ error: "Give the key a name, such as the agent that will use it." })
    .trim()
    .min(1, "Give the key a name, such as the agent that will use it.")
    .max(60, "A key's name can be at most 60 characters."),
});

export const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The key's first characters, to tell keys apart; the key itself is shown once. */
    prefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: "ApiKey" });
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.array(ApiKeySchema);

/** POST /api/account/api-keys: the new key, in full this once (only its hash is stored). */
export const CreatedApiKeySchema = ApiKeySchema.extend({ key: z.string() }).meta({ id: "CreatedApiKey" });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

// --- agents connected over OAuth --------------------------------------------------------------

/** What an agent may be allowed to do for the shopper over OAuth, in the consent screen's words. */
export const AGENT_SCOPES = {
  browse: "Browse the catalogue and the shop's pages",
  cart: "See and change your cart",
  negotiate: "Negotiate prices with Ava for you",
  order: "Place orders and read your orders",
  offline_access: "Stay connected until you revoke it",
} as const;
export type AgentScope = keyof typeof AGENT_SCOPES;

/** A scope's plain words (a scope the shop does not know is shown as it is). */
export function describeAgentScope(scope: string): string {
  return (AGENT_SCOPES as Record<string, string>)[scope] ?? scope;
}

/** GET /api/account/connected-agents: one agent the shopper connected over OAuth. */
export const ConnectedAgentSchema = z
  .object({
    clientId: z.string(),
    name: z.string(),
    scopes: z.array(z.string()),
    connectedAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: "ConnectedAgent" });
export type ConnectedAgent = z.infer<typeof ConnectedAgentSchema>;
export const ConnectedAgentListSchema = z.array(ConnectedAgentSchema);

/** GET /api/oauth/client?clientId=: what the consent screen names. */
export const OAuthClientInfoSchema = z
  .object({ clientId: z.string(), name: z.string(), uri: z.string().nullable() })
  .meta({ id: "OAuthClientInfo" });
export type OAuthClientInfo = z.infer<typeof OAuthClientInfoSchema>;

// --- the merchant's view ----------------------------------------------------------------------

export const AGENT_CALL_STATUSES = ["ok", "error", "refused", "rate_limited"] as const;

export const AgentToolCallSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    tool: z.string(),
    /** The shopper's e-mail, or null for an anonymous agent. */
    shopper: z.string().nullable(),
    keyName: z.string().nullable(),
    /** The arguments, shortened (long texts cut, nothing secret). */
    arguments: z.string(),
    status: z.enum(AGENT_CALL_STATUSES),
    /** What the call answered, in a few words: an error's sentence, an offer, an order number. */
    result: z.string(),
    durationMs: z.number().int(),
  })
  .meta({ id: "AgentToolCall" });
export type AgentToolCall = z.infer<typeof AgentToolCallSchema>;

export const AgentActivitySchema = z.object({ calls: z.array(AgentToolCallSchema) });
export type AgentActivity = z.infer<typeof AgentActivitySchema>;

// --- tool inputs --------------------------------------------------------------------------------

const productId = z.uuid("productId must be a product id from search_products.");
const dollars = (label: string) =>
  z
    .number({ error: `${label} must be a number of US dollars.` })
    .min(0, `${label} cannot be negative.`)
    .max(1_000_000, `${label} is too large.`);

export const SearchProductsInputSchema = z.object({
  query: z
    .string()
    .max(200, "query can be at most 200 characters.")
    .default("")
    .describe(
      "Words to search for in names, descriptions and brands (typos tolerated); empty: filters only.",
    ),
  category: z
    .string()
    .max(100, "category can be at most 100 characters.")
    .optional()
    .describe("Only this category, as the haggle://categories resource names it."),
  brand: z
    .string()
    .max(100, "brand can be at most 100 characters.")
    .optional()
    .describe("Only this brand, as the haggle://categories resource names it."),
  minPrice: dollars("minPrice").optional().describe("Lowest price, in US dollars."),
  maxPrice: dollars("maxPrice").optional().describe("Highest price, in US dollars (not below minPrice)."),
  onSale: z.boolean().optional().describe("true: only products priced below their list price."),
  inStockOnly: z.boolean().optional().describe("true: only products in stock."),
  minRating: z
    .number()
    .min(0, "minRating is from 0 to 5.")
    .max(5, "minRating is from 0 to 5.")
    .optional()
    .describe("Lowest average rating, from 0 to 5 stars."),
  sort: z
    .enum(["relevance", "price-low", "price-high", "rating"], {
      error: "sort must be relevance, price-low, price-high or rating.",
    })
    .default("relevance")
    .describe("Order of the results: relevance, price-low, price-high or rating."),
  limit: z
    .number()
    .int()
    .min(1, "limit is from 1 to 20.")
    .max(20, "limit is from 1 to 20.")
    .default(8)
    .describe("How many products to answer, 1 to 20."),
});

export const GetProductInputSchema = z.object({
  productId: productId.describe("The product's id, from search_products."),
});

/** The most lines an agent's cart without an account holds. */
export const MAX_AGENT_CART_LINES = 20;

/** What names a cart an agent fills without an account: "hac_" and 43 base64url characters. */
export const AGENT_CART_TOKEN_PREFIX = "hac_";
const AgentCartToken = z
  .string({ error: "cartToken must be the cartToken an earlier update_cart answered." })
  .regex(/^hac_[A-Za-z0-9_-]{43}$/, "cartToken must be the cartToken an earlier update_cart answered.");

export const UpdateCartInputSchema = z.object({
  productId: productId.describe("The product's id, from search_products."),
  variantId: z
    .uuid("variantId must be the id of one of the product's variants.")
    .optional()
    .describe(
      "Which variant (size, colour...), from get_product's variants; needed for a product with options, left out for one without.",
    ),
  quantity: z
    .number({ error: "quantity must be a whole number." })
    .int("quantity must be a whole number.")
    .min(0, "quantity is from 0 (remove) to 99.")
    .max(MAX_LINE_QUANTITY, `quantity is from 0 (remove) to ${MAX_LINE_QUANTITY}.`)
    .describe(`How many the cart should hold, 0 (remove) to ${MAX_LINE_QUANTITY}.`),
  cartToken: AgentCartToken.optional().describe(
    "Without the shopper's key or token only: the cartToken an earlier update_cart answered, to change that cart; left out, update_cart starts a new cart.",
  ),
  discountCode: z
    .string({ error: "discountCode must be text: the discount code the shopper was given." })
    .trim()
    .max(60, "A discount code is at most 60 characters.")
    .optional()
    .describe(
      'With the shopper\'s key or token: a discount code to enter after the change, as apply_discount_code does ("" removes it; counted with its tries).',
    ),
});

/** The web's checkout link of a cart an agent filled without an account, claimed by the signed-in shopper. */
export const ClaimAgentCartSchema = z.object({
  token: z
    .string({ error: "This cart link is not one the shop gave out. Ask the agent for a new link." })
    .regex(
      /^hac_[A-Za-z0-9_-]{43}$/,
      "This cart link is not one the shop gave out. Ask the agent for a new link.",
    ),
});

export const GetCartInputSchema = z.object({
  cartToken: AgentCartToken.optional().describe(
    "Without the shopper's key or token: the cartToken update_cart answered (needed then).",
  ),
});

/** apply_discount_code: the code the shopper was given, or "" to take the cart's code off. */
export const ApplyDiscountCodeInputSchema = z.object({
  code: z
    .string({ error: "code must be text: the discount code the shopper was given." })
    .trim()
    .max(60, "A discount code is at most 60 characters.")
    .describe(
      'The discount code the shopper was given (one per cart; it replaces the one there). "" removes it.',
    ),
});

export const NegotiateInputSchema = z.object({
  message: z
    .string({ error: "message must be text: what the shopper says to Ava." })
    .trim()
    .min(1, "message must not be empty.")
    .max(MAX_MESSAGE_LENGTH, `message can be at most ${MAX_MESSAGE_LENGTH} characters.`)
    .describe("What the shopper says to Ava, in their words."),
  restart: z
    .boolean()
    .optional()
    .describe("true: close the current negotiation and start a new one with this message."),
});

export const AcceptOfferInputSchema = z.object({});
export const EmptyInputSchema = z.object({});

export const StartCheckoutInputSchema = z.object({
  mode: z
    .enum(["place_order", "link", "acp_session", "shipping_options"], {
      error:
        "mode must be place_order (pay on delivery or bank transfer), link (a human pays at /checkout), acp_session (an Agentic Commerce Protocol checkout session to complete at /acp) or shipping_options (the shipping methods serving the address, nothing placed).",
    })
    .default("place_order")
    .describe(
      "place_order (pay on delivery or bank transfer), link (a human pays at the checkout page), acp_session (an Agentic Commerce Protocol checkout session) or shipping_options (the shipping methods serving the address, cheapest first, with the cart's total for each; nothing is placed).",
    ),
  shippingMethodId: z
    .string()
    .max(64)
    .optional()
    .describe(
      "The shipping method to place the order with: a methodId from mode shipping_options for the same address. None: the cheapest.",
    ),
  addressId: z
    .uuid("addressId must be the id of one of the shopper's saved addresses.")
    .optional()
    .describe("Ship to this saved address of the shopper (not with address)."),
  address: AddressInputSchema.optional().describe(
    "Ship to this new address, saved for next time (not with addressId). Neither: the last used address.",
  ),
  /** Retrying with the same key answers the same order, never a second one. */
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/, "idempotencyKey must be 8 to 128 letters, digits, '-' or '_'.")
    .optional()
    .describe(
      "8 to 128 letters, digits, '-' or '_': a retry with the same key answers the same order; a key already used for another cart is refused.",
    ),
});

export const GetOrderInputSchema = z.object({
  orderId: z
    .uuid("orderId must be an order id from list_orders or start_checkout.")
    .describe("The order's id, from list_orders or start_checkout."),
});

// --- tool outputs -------------------------------------------------------------------------------

const Money = z
  .number()
  .meta({ description: "In the shop's currency, its major unit (12.5 is 12.50 EUR; 1200 is 1,200 JPY)" });
/** The ISO 4217 code every amount of an answer is in: the shop's (an order's own, as it was placed). */
const Currency = z.string().describe("ISO 4217 code every amount here is in, such as USD, EUR or JPY.");

export const AgentProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  price: Money,
  listPrice: Money,
  rating: z.number(),
  inStock: z.boolean(),
  url: z.string(),
});
export type AgentProduct = z.infer<typeof AgentProductSchema>;

export const SearchProductsOutputSchema = z.object({
  products: z.array(AgentProductSchema),
  total: z.number().int(),
});

export const GetProductOutputSchema = z.object({
  product: AgentProductSchema.extend({
    description: z.string(),
    stockLevel: z.number().int(),
    tags: z.array(z.string()),
    options: z
      .array(z.object({ name: z.string(), values: z.array(z.string()) }))
      .describe(
        "The product's options (Size, Colour...) and their values; none for a product without options.",
      ),
    variants: z
      .array(
        z.object({
          variantId: z.string().describe("What update_cart's variantId takes."),
          title: z.string().describe("The option values ('M / Black'); empty for a product without options."),
          sku: z.string(),
          price: Money,
          stockLevel: z.number().int(),
          inStock: z.boolean(),
        }),
      )
      .describe("What can be bought: one per combination sold, each with its price and stock."),
  }),
});

export const AgentOfferSchema = z.object({
  discountPercent: z.number(),
  discountAmount: Money,
  expiresAt: z.string(),
  status: z.string(),
});

export const AgentCartSchema = z.object({
  items: z.array(
    z.object({
      productId: z.string(),
      variantId: z.string(),
      name: z
        .string()
        .describe("The product's name, then the variant's option values ('Trail Tee — M / Black')."),
      quantity: z.number().int(),
      unitPrice: Money.describe("One unit at the shop's price, before Ava's discount (the shop's currency)."),
      /** unitPrice x quantity: the lines add up to subtotal. */
      lineTotal: Money.describe("unitPrice x quantity (the shop's currency); the lines add up to subtotal."),
      discountedUnitPrice: Money.describe(
        "One unit once Ava's applied discount is counted (the shop's currency); unitPrice without one.",
      ),
    }),
  ),
  subtotal: Money,
  discount: Money,
  shipping: Money,
  tax: Money,
  total: Money,
  currency: Currency,
  taxIncluded: z
    .boolean()
    .describe(
      "True when the prices already hold the tax (EU/UK style): tax is then shown, not added, and subtotal - discount - discountCode.discount + shipping = total.",
    ),
  taxLabel: z
    .string()
    .describe("What the tax is called at the shopper's address: 'VAT', 'Sales tax' or 'Tax'."),
  /** The discount code the shopper entered on the shop's cart, when it applies (absent otherwise). */
  discountCode: z
    .object({ code: z.string(), discount: Money })
    .optional()
    .describe(
      "The discount code the shopper entered on the shop's cart, when it applies, and what it takes off the goods (the shop's currency): subtotal - discount - discountCode.discount + shipping + tax = total (without + tax when taxIncluded).",
    ),
  /** An offer bound to this cart (standing, or applied). */
  offer: AgentOfferSchema.nullable(),
  /** Why a discount no longer applies (it lapsed, or a cart change voided the offer), else null. */
  notice: z
    .string()
    .nullable()
    .describe(
      "Why Ava's discount no longer applies (it lapsed, or this change voided the offer); else null.",
    ),
});
export type AgentCart = z.infer<typeof AgentCartSchema>;

export const CartOutputSchema = z.object({ cart: AgentCartSchema });

/** A cart filled without an account: how the agent names it again, and the link its human opens. */
export const AnonymousCartSchema = z.object({
  cartToken: z
    .string()
    .describe("Pass it back as cartToken to get_cart and update_cart; keep it secret, it is the cart's key."),
  checkoutUrl: z
    .string()
    .describe(
      "Hand it to the shopper: it opens the shop's checkout, where signing in or signing up moves this cart into theirs.",
    ),
  expiresAt: z.string().describe("When the cart is dropped unless it changes again (ISO 8601)."),
});

/** get_cart and update_cart: the cart, and without an account the anonymous cart's token and link. */
export const CartToolOutputSchema = z.object({
  cart: AgentCartSchema,
  anonymousCart: AnonymousCartSchema.optional(),
});

export const NegotiateOutputSchema = z.object({
  negotiationId: z.string(),
  /** Ava's words. */
  reply: z.string(),
  /** The offer standing after this turn, if any: accept it with accept_offer before it expires. */
  offer: AgentOfferSchema.nullable(),
  expiresAt: z.string().nullable(),
  /** Escalated asks wait for the merchant: pending, approved or rejected. */
  approval: z.string().nullable(),
  /** Whether the turn applied the offer (the message accepted it). */
  applied: z.boolean(),
});

export const AgentOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  createdAt: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), unitPrice: Money })),
  subtotal: Money,
  discount: Money,
  shipping: Money,
  /** The shipping method chosen (shops with zones); null under the flat fee. */
  shippingMethod: z.string().nullable(),
  tax: Money,
  total: Money,
  currency: Currency,
});
export type AgentOrder = z.infer<typeof AgentOrderSchema>;

/** An ACP checkout session as start_checkout answers it (the full state: GET sessionUrl with the key). */
export const AgentAcpSessionSchema = z.object({
  id: z.string(),
  status: z.string(),
  /** POST {sessionUrl}/complete (ACP 2025-09-29 headers) places the order. */
  sessionUrl: z.string(),
  apiVersion: z.string(),
  subtotal: Money,
  discount: Money,
  shipping: Money,
  tax: Money,
  total: Money,
  currency: Currency,
  /** What is still missing before payment (an address), in sentences. */
  missing: z.array(z.string()),
});

export const StartCheckoutOutputSchema = z.object({
  /**
   * placed: the order exists, payment due on delivery or by transfer; link: a human pays at
   * checkoutUrl; acp_session: an ACP checkout session for the cart (checkoutUrl: a human may pay instead).
   */
  status: z.enum(["placed", "link", "acp_session", "shipping_options"]),
  order: AgentOrderSchema.nullable(),
  checkoutUrl: z.string().nullable(),
  checkoutSession: AgentAcpSessionSchema.nullable(),
  /** mode shipping_options: the methods serving the address, cheapest first (empty when the shop has one flat fee). */
  shippingOptions: z
    .array(
      z.object({
        methodId: z.string(),
        name: z.string(),
        shipping: Money,
        total: Money,
        days: z.object({ min: z.number(), max: z.number() }),
      }),
    )
    .optional(),
  /** mode shipping_options: the sentence for an address no zone serves ("We don't ship to JP yet."). */
  unserved: z.string().nullable().optional(),
});

export const GetOrderOutputSchema = z.object({ order: AgentOrderSchema });
export const ListOrdersOutputSchema = z.object({ orders: z.array(AgentOrderSchema) });
