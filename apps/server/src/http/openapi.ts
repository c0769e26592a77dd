import { MeSchema, SignInSchema, SignUpSchema, HealthSchema } from "@haggle/contract/account";
import { ApiErrorSchema } from "@haggle/contract/errors";
import { AddCartItemSchema, CartSchema, MergeCartSchema, UpdateCartItemSchema } from "@haggle/contract/cart";
import {
  ApprovalSchema,
  ApproveNegotiationSchema,
  NegotiateRequestSchema,
  NegotiationSchema,
} from "@haggle/contract/negotiation";
import {
  CreatePairingSchema,
  CreateProductSchema,
  DashboardQuerySchema,
  MerchantConfigSchema,
  MerchantDashboardSchema,
  MerchantOrderListSchema,
  MerchantOrderQuerySchema,
  MerchantOrderSchema,
  MerchantProductListSchema,
  MerchantProductQuerySchema,
  MerchantProductSchema,
  MerchantStatsSchema,
  PairingListSchema,
  PairingQuerySchema,
  PairingSchema,
  UpdateOrderStatusSchema,
  UpdateProductSchema,
  CONFIG_SECTION_SCHEMAS,
} from "@haggle/contract/merchant";
import { OrderListSchema, OrderSchema } from "@haggle/contract/orders";
import { ProductListSchema, ProductQuerySchema, ProductSchema } from "@haggle/contract/products";
import { z } from "zod";

export type Access = "public" | "signed-in" | "merchant" | "admin";

export interface RouteDoc {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  tag: string;
  access: Access;
  query?: z.ZodObject;
  body?: z.ZodType;
  response?: z.ZodType;
  status?: number;
  /**
   * For signed-in routes that take a path parameter (or a negotiationId): whether the route
   * addresses the caller's own cart, order or negotiation, so another shopper's id answers 404.
   * The authorization matrix test requires it to be declared on such routes.
   */
  owned?: boolean;
}

const EmbeddingsResultSchema = z.object({
  message: z.string(),
  embedded: z.number().int().meta({ description: "Products embedded by this call" }),
  missing: z.number().int().meta({ description: "Products still lacking an embedding of the current model" }),
});

const SeedResultSchema = z.object({
  message: z.string(),
  productsCreated: z.number().int(),
  productsTotal: z.number().int(),
  configCreated: z.number().int(),
});

/** The documented public surface; each later feature adds its routes here beside its handler's schemas. */
export const ROUTE_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/healthz",
    summary: "Liveness and database kind",
    tag: "Health",
    access: "public",
    response: HealthSchema,
  },
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This API described as OpenAPI 3",
    tag: "Health",
    access: "public",
  },
  {
    method: "get",
    path: "/api/products",
    summary: "Search, filter, sort and page the catalogue, with facet counts",
    tag: "Catalogue",
    access: "public",
    query: ProductQuerySchema,
    response: ProductListSchema,
  },
  {
    method: "get",
    path: "/api/products/{id}",
    summary: "One product",
    tag: "Catalogue",
    access: "public",
    response: ProductSchema,
  },
  {
    method: "post",
    path: "/api/auth/sign-up/email",
    summary: "Create an account and sign in",
    tag: "Accounts",
    access: "public",
    body: SignUpSchema,
  },
  {
    method: "post",
    path: "/api/auth/sign-in/email",
    summary: "Sign in (rate-limited per IP and per account)",
    tag: "Accounts",
    access: "public",
    body: SignInSchema,
  },
  { method: "post", path: "/api/auth/sign-out", summary: "Sign out", tag: "Accounts", access: "signed-in" },
  {
    method: "get",
    path: "/api/auth/get-session",
    summary: "The current session, or null",
    tag: "Accounts",
    access: "public",
  },
  {
    method: "get",
    path: "/api/me",
    summary: "The signed-in user, profile and roles",
    tag: "Accounts",
    access: "signed-in",
    response: MeSchema,
  },
  {
    method: "get",
    path: "/api/cart",
    summary: "The active cart (created if none), priced by the one pricing rule",
    tag: "Cart",
    access: "signed-in",
    response: CartSchema,
  },
  {
    method: "post",
    path: "/api/cart/items",
    summary: "Add a product (an existing line grows); 409 when out of stock",
    tag: "Cart",
    access: "signed-in",
    body: AddCartItemSchema,
    response: CartSchema,
  },
  {
    method: "patch",
    path: "/api/cart/items/{itemId}",
    summary: "Set a line's quantity (0 or less removes it)",
    tag: "Cart",
    access: "signed-in",
    owned: true,
    body: UpdateCartItemSchema,
    response: CartSchema,
  },
  {
    method: "delete",
    path: "/api/cart/items/{itemId}",
    summary: "Remove a line",
    tag: "Cart",
    access: "signed-in",
    owned: true,
    response: CartSchema,
  },
  {
    method: "delete",
    path: "/api/cart",
    summary: "Clear the cart",
    tag: "Cart",
    access: "signed-in",
    response: CartSchema,
  },
  {
    method: "post",
    path: "/api/cart/merge",
    summary: "Merge the anonymous cart on sign-in (quantities add, capped at stock; all or nothing)",
    tag: "Cart",
    access: "signed-in",
    body: MergeCartSchema,
    response: CartSchema,
  },
  {
    method: "post",
    path: "/api/checkout",
    summary:
      "Place the order in one transaction. Header Idempotency-Key required; the same key answers the first order (200)",
    tag: "Orders",
    access: "signed-in",
    response: OrderSchema,
    status: 201,
  },
  {
    method: "get",
    path: "/api/orders",
    summary: "The shopper's orders, newest first",
    tag: "Orders",
    access: "signed-in",
    response: OrderListSchema,
  },
  {
    method: "get",
    path: "/api/orders/{id}",
    summary: "One of the shopper's orders (another shopper's answers 404)",
    tag: "Orders",
    access: "signed-in",
    owned: true,
    response: OrderSchema,
  },
  {
    method: "post",
    path: "/functions/v1/seed-data",
    summary: "Seed the catalogue and seller configuration (idempotent)",
    tag: "Admin",
    access: "admin",
    response: SeedResultSchema,
  },
  {
    method: "post",
    path: "/functions/v1/generate-product-embeddings",
    summary:
      "Embed every product lacking an embedding of the current model (the configured AI_EMBEDDING_MODEL, else the built-in local embedder), in batches",
    tag: "Admin",
    access: "admin",
    response: EmbeddingsResultSchema,
  },
  {
    method: "post",
    path: "/api/negotiations",
    summary: "Start a negotiation for the active cart (replaces the cart's active one)",
    tag: "Negotiation",
    access: "signed-in",
    response: z.object({ id: z.string() }),
    status: 201,
  },
  {
    method: "get",
    path: "/api/negotiations/{id}",
    summary: "A negotiation: messages, the standing offer, the approval",
    tag: "Negotiation",
    access: "signed-in",
    owned: true,
    response: NegotiationSchema,
  },
  {
    method: "post",
    path: "/api/negotiations/{id}/accept",
    summary:
      "Apply the standing offer to the cart (server-written price snapshots and order discount); 409 without one",
    tag: "Negotiation",
    access: "signed-in",
    owned: true,
    response: CartSchema,
  },
  {
    method: "post",
    path: "/functions/v1/negotiate-cart",
    summary:
      "One negotiation turn. Server-sent events: data: {choices:[{delta:{content}}]} lines, then data: [DONE]; the text may end with a <NEGOTIATION_DATA>{json}</NEGOTIATION_DATA> block",
    tag: "Negotiation",
    access: "signed-in",
    owned: true,
    body: NegotiateRequestSchema,
  },
  {
    method: "post",
    path: "/functions/v1/shop-assistant",
    summary:
      "The shopping assistant (public, rate-limited per IP). Server-sent events: text deltas, {type: tool_result, products} carousels, then data: [DONE]",
    tag: "Assistant",
    access: "public",
  },
  {
    method: "get",
    path: "/api/realtime",
    summary:
      "Server-sent events for the signed-in user: approval.created (merchants), approval.decided and order.updated (the shopper's own)",
    tag: "Realtime",
    access: "signed-in",
  },
  {
    method: "get",
    path: "/api/merchant/approvals",
    summary: "Approvals, newest first (?status=pending|approved|rejected)",
    tag: "Merchant",
    access: "merchant",
    response: z.array(ApprovalSchema),
  },
  {
    method: "post",
    path: "/functions/v1/approve-negotiation",
    summary: "Approve or reject an escalated ask",
    tag: "Merchant",
    access: "merchant",
    body: ApproveNegotiationSchema,
    response: z.object({ approval: ApprovalSchema }),
  },
  {
    method: "get",
    path: "/api/merchant/stats",
    summary: "Dashboard cards: visible products, active negotiations, pending approvals, total revenue",
    tag: "Merchant",
    access: "merchant",
    response: MerchantStatsSchema,
  },
  {
    method: "get",
    path: "/api/merchant/dashboard",
    summary:
      "The cards, revenue, orders and negotiated order-level discount per UTC day of the window (zeros included, oldest first), and the negotiator's figures",
    tag: "Merchant",
    access: "merchant",
    query: DashboardQuerySchema,
    response: MerchantDashboardSchema,
  },
  {
    method: "get",
    path: "/api/merchant/products",
    summary: "Every product, hidden ones too, by name; q matches name, SKU, brand or category",
    tag: "Merchant",
    access: "merchant",
    query: MerchantProductQuerySchema,
    response: MerchantProductListSchema,
  },
  {
    method: "get",
    path: "/api/merchant/products/{id}",
    summary: "One product, hidden or not",
    tag: "Merchant",
    access: "merchant",
    response: MerchantProductSchema,
  },
  {
    method: "post",
    path: "/api/merchant/products",
    summary:
      "Create a product (an empty imageUrl gets a generated picture) and embed it for AI search; 409 for a SKU in use",
    tag: "Merchant",
    access: "merchant",
    body: CreateProductSchema,
    response: MerchantProductSchema,
    status: 201,
  },
  {
    method: "patch",
    path: "/api/merchant/products/{id}",
    summary:
      "Change a product's fields (the result keeps list price >= price), hide or show it; re-embeds it when its text changes",
    tag: "Merchant",
    access: "merchant",
    body: UpdateProductSchema,
    response: MerchantProductSchema,
  },
  {
    method: "get",
    path: "/api/merchant/config",
    summary: "The negotiator's and the pricing rule's settings, every section, and when each was saved",
    tag: "Merchant",
    access: "merchant",
    response: MerchantConfigSchema,
  },
  {
    method: "put",
    path: "/api/merchant/config/{configType}",
    summary:
      "Save one whole section: negotiation_limits, tier_benefits, escalation_rules, global_rules or pricing (the body is that section). The escalation ceiling may not be below the automatic limits (400)",
    tag: "Merchant",
    access: "merchant",
    body: z.union([
      CONFIG_SECTION_SCHEMAS.negotiation_limits,
      CONFIG_SECTION_SCHEMAS.tier_benefits,
      CONFIG_SECTION_SCHEMAS.escalation_rules,
      CONFIG_SECTION_SCHEMAS.global_rules,
      CONFIG_SECTION_SCHEMAS.pricing,
    ]),
    response: MerchantConfigSchema,
  },
  {
    method: "get",
    path: "/api/merchant/pairings",
    summary:
      "Product pairings (cross-sells and upsells) that Ava proposes as bundles (?kind=cross_sell|upsell)",
    tag: "Merchant",
    access: "merchant",
    query: PairingQuerySchema,
    response: PairingListSchema,
  },
  {
    method: "post",
    path: "/api/merchant/pairings",
    summary: "Pair a product with another (404 naming an unknown product, 409 for a pairing that exists)",
    tag: "Merchant",
    access: "merchant",
    body: CreatePairingSchema,
    response: PairingSchema,
    status: 201,
  },
  {
    method: "delete",
    path: "/api/merchant/pairings/{id}",
    summary: "Remove a pairing (204)",
    tag: "Merchant",
    access: "merchant",
    status: 204,
  },
  {
    method: "get",
    path: "/api/merchant/orders",
    summary: "Every shopper's orders, newest first, with the customer (?status=&page=&pageSize=)",
    tag: "Merchant",
    access: "merchant",
    query: MerchantOrderQuerySchema,
    response: MerchantOrderListSchema,
  },
  {
    method: "patch",
    path: "/api/merchant/orders/{id}",
    summary:
      "Move an order forward (processing, shipped, delivered; 409 to stay or go back); the shopper hears order.updated",
    tag: "Merchant",
    access: "merchant",
    body: UpdateOrderStatusSchema,
    response: MerchantOrderSchema,
  },
  {
    method: "post",
    path: "/functions/v1/assign-merchant-role",
    summary: "Grant the signed-in user the merchant role",
    tag: "Admin",
    access: "admin",
    response: z.object({ alreadyAssigned: z.boolean() }),
  },
  {
    method: "get",
    path: "/api/admin/status",
    summary:
      "The admin panel's status: visible products, products lacking an embedding, whether the caller is a merchant",
    tag: "Admin",
    access: "admin",
    response: z.object({
      products: z.number().int(),
      missingEmbeddings: z.number().int(),
      merchant: z.boolean(),
    }),
  },
];

function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  return z.toJSONSchema(schema, { io, unrepresentable: "any", target: "openapi-3.0" });
}

export function buildOpenApiDocument(routes: RouteDoc[] = ROUTE_DOCS) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorResponse = {
    description: "Error",
    content: { "application/json": { schema: jsonSchema(ApiErrorSchema, "output") } },
  };
  for (const route of routes) {
    const parameters = [
      ...[...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
        name: m[1],
        in: "path",
        required: true,
        schema: { type: "string" },
      })),
      ...Object.entries(route.query?.shape ?? {}).map(([name, field]) => ({
        name,
        in: "query",
        required: false,
        schema: jsonSchema(field as z.ZodType, "input"),
      })),
    ];
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      summary: route.summary,
      tags: [route.tag],
      "x-access": route.access,
      ...(route.access === "public" ? {} : { security: [{ cookieAuth: [] }, { bearerAuth: [] }] }),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(route.body, "input") } },
            },
          }
        : {}),
      responses: {
        [String(route.status ?? 200)]: {
          description: "OK",
          ...(route.response
            ? { content: { "application/json": { schema: jsonSchema(route.response, "output") } } }
            : {}),
        },
        "4XX": errorResponse,
      },
    };
  }
  return {
    openapi: "3.0.3",
    info: {
      title: "Haggle API",
      version: "0.1.0",
      description: "The public HTTP API of Haggle. Money is in dollars, always a whole number of cents.",
    },
    components: {
      securitySchemes: {
        cookieAuth: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
        bearerAuth: { type: "http", scheme: "bearer" },
      },
    },
    paths,
  };
}
