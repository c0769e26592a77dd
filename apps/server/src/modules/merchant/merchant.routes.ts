import {
  CONFIG_SECTION_SCHEMAS,
  ConfigTypeSchema,
  CreatePairingSchema,
  CreateProductSchema,
  DashboardQuerySchema,
  MerchantOrderQuerySchema,
  MerchantProductQuerySchema,
  PairingQuerySchema,
  UpdateOrderStatusSchema,
  UpdateProductSchema,
} from "@haggle/contract/merchant";
import { ApprovalStatusSchema } from "@haggle/contract/negotiation";
import type { SellerConfig } from "@haggle/domain/merchant/seller-config";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../../http/context.ts";
import { requireMerchant } from "../../http/require-merchant.ts";
import { notFound } from "../../http/http-error.ts";
import { parseJsonBody, parseQuery, parseWith } from "../../http/validate.ts";
import { listApprovals } from "../negotiation/approvals.service.ts";
import { getMerchantConfig, saveConfigSection } from "../settings/settings.service.ts";
import { merchantDashboard, merchantStats } from "./merchant.service.ts";
import { advanceOrder, listMerchantOrders } from "../orders/merchant-orders.service.ts";
import {
  createMerchantProduct,
  getMerchantProduct,
  listMerchantProducts,
  updateMerchantProduct,
} from "../catalog/merchant-products.service.ts";
import { createPairing, deletePairing, listPairings } from "../catalog/pairings.service.ts";

const ApprovalQuerySchema = z.object({
  status: z
    .enum(ApprovalStatusSchema.options, { error: "status must be pending, approved or rejected." })
    .optional(),
});

/** A path id: anything but a uuid names nothing, so it answers 404 with the resource's sentence. */
function idParam(c: AppContext, message: string): string {
  const id = c.req.param("id") ?? "";
  if (!z.uuid().safeParse(id).success) throw notFound(message);
  return id;
}

const NO_PRODUCT = "No product has that id.";

/** /api/merchant/*: every route requires the merchant role (401 anonymous, 403 others). */
export function merchantRoutes() {
  const app = new Hono<AppEnv>();
  // The role check comes first in every handler (before reading input), not as a wildcard
  // middleware, so the route table lists exactly the routes that exist.
  const merchant =
    (handler: (c: AppContext) => Promise<Response>) =>
    async (c: AppContext): Promise<Response> => {
      await requireMerchant(c);
      return handler(c);
    };
  const db = (c: AppContext) => c.get("deps").database.db;
  const productDeps = (c: AppContext) => {
    const deps = c.get("deps");
    return { db: deps.database.db, ai: deps.ai, logger: c.get("log") };
  };

  app.get(
    "/approvals",
    merchant(async (c) => {
      const { status } = parseQuery(c, ApprovalQuerySchema);
      return c.json(await listApprovals(db(c), status));
    }),
  );

  // ---------------------------------------------------------------- dashboard
  app.get(
    "/stats",
    merchant(async (c) => c.json(await merchantStats(db(c)))),
  );
  app.get(
    "/dashboard",
    merchant(async (c) => {
      const { days } = parseQuery(c, DashboardQuerySchema);
      return c.json(await merchantDashboard(db(c), days));
    }),
  );

  // ---------------------------------------------------------------- products
  app.get(
    "/products",
    merchant(async (c) =>
      c.json(await listMerchantProducts(db(c), parseQuery(c, MerchantProductQuerySchema))),
    ),
  );
  app.get(
    "/products/:id",
    merchant(async (c) => c.json(await getMerchantProduct(db(c), idParam(c, NO_PRODUCT)))),
  );
  app.post(
    "/products",
    merchant(async (c) => {
      const input = await parseJsonBody(c, CreateProductSchema);
      return c.json(await createMerchantProduct(productDeps(c), input), 201);
    }),
  );
  app.patch(
    "/products/:id",
    merchant(async (c) => {
      const id = idParam(c, NO_PRODUCT);
      const input = await parseJsonBody(c, UpdateProductSchema);
      return c.json(await updateMerchantProduct(productDeps(c), id, input));
    }),
  );

  // ---------------------------------------------------------------- negotiation settings
  app.get(
    "/config",
    merchant(async (c) => c.json(await getMerchantConfig(db(c)))),
  );
  app.put(
    "/config/:configType",
    merchant(async (c) => {
      const type = parseWith(ConfigTypeSchema, c.req.param("configType"));
      const section = (await parseJsonBody(c, CONFIG_SECTION_SCHEMAS[type])) as SellerConfig[typeof type];
      return c.json(await saveConfigSection(db(c), type, section));
    }),
  );

  // ---------------------------------------------------------------- pairings
  app.get(
    "/pairings",
    merchant(async (c) => {
      const { kind } = parseQuery(c, PairingQuerySchema);
      return c.json(await listPairings(db(c), kind));
    }),
  );
  app.post(
    "/pairings",
    merchant(async (c) => {
      const input = await parseJsonBody(c, CreatePairingSchema);
      return c.json(await createPairing(db(c), input), 201);
    }),
  );
  app.delete(
    "/pairings/:id",
    merchant(async (c) => {
      const message = "No pairing has that id.";
      if (!(await deletePairing(db(c), idParam(c, message)))) throw notFound(message);
      return c.body(null, 204);
    }),
  );

  // ---------------------------------------------------------------- orders
  app.get(
    "/orders",
    merchant(async (c) => c.json(await listMerchantOrders(db(c), parseQuery(c, MerchantOrderQuerySchema)))),
  );
  app.patch(
    "/orders/:id",
    merchant(async (c) => {
      const id = idParam(c, "No order has that id.");
      const { status } = await parseJsonBody(c, UpdateOrderStatusSchema);
      return c.json(await advanceOrder(db(c), id, status));
    }),
  );
  return app;
}
