import {
  CreatePairingSchema,
  CreateProductSchema,
  MerchantProductListSchema,
  MerchantProductQuerySchema,
  MerchantProductSchema,
  PairingListSchema,
  PairingQuerySchema,
  PairingSchema,
  UpdateProductSchema,
} from "@haggle/contract/merchant";
import { MerchantVariantsSchema, ProductVariantsInputSchema } from "@haggle/contract/product-variants";
import { notFound } from "@haggle/domain/errors";
import { z } from "zod";
import type { AppContext } from "../../http/context.ts";
import { type ApiRoute, defineRoute, pathId } from "../../http/route.ts";
import {
  createMerchantProduct,
  getMerchantProduct,
  listMerchantProducts,
  updateMerchantProduct,
} from "./merchant-products.service.ts";
import { getMerchantVariants, putMerchantVariants } from "./merchant-variants.service.ts";
import { createPairing, deletePairing, listPairings } from "../catalog/index.ts";

const NO_PRODUCT = "No product has that id.";
const NO_PAIRING = "No pairing has that id.";

const ProductIdParams = z.object({ id: pathId(NO_PRODUCT) });

function productDeps(c: AppContext) {
  const deps = c.get("deps");
  return { db: deps.database.db, ai: deps.ai, logger: c.get("log") };
}

/** The merchant's catalogue: every product, hidden ones too, and the pairings Ava proposes as bundles. */
export const merchantCatalogRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/merchant/products",
    summary: "Every product, hidden ones too, by name; q matches name, SKU, brand or category",
    tag: "Merchant",
    access: "merchant",
    query: MerchantProductQuerySchema,
    response: MerchantProductListSchema,
    handler: async (c, { query }) => await listMerchantProducts(c.get("deps").database.db, query),
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/products/{id}",
    summary: "One product, hidden or not",
    tag: "Merchant",
    access: "merchant",
    params: ProductIdParams,
    response: MerchantProductSchema,
    handler: async (c, { params }) => await getMerchantProduct(c.get("deps").database.db, params.id),
  }),
  defineRoute({
    method: "post",
    path: "/api/merchant/products",
    summary:
      "Create a product (an empty imageUrl gets a generated picture) and embed it for AI search; 409 for a SKU in use",
    tag: "Merchant",
    access: "merchant",
    body: CreateProductSchema,
    status: 201,
    response: MerchantProductSchema,
    handler: async (c, { body }) => await createMerchantProduct(productDeps(c), body),
  }),
  defineRoute({
    method: "patch",
    path: "/api/merchant/products/{id}",
    summary:
      "Change a product's fields (the result keeps list price >= price), hide or show it; re-embeds it when its text changes",
    tag: "Merchant",
    access: "merchant",
    params: ProductIdParams,
    body: UpdateProductSchema,
    response: MerchantProductSchema,
    handler: async (c, { params, body }) => await updateMerchantProduct(productDeps(c), params.id, body),
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/products/{id}/variants",
    summary:
      "A product's options and variants (SKU, price, list price, stock, weight, barcode, picture), in order",
    tag: "Merchant",
    access: "merchant",
    params: ProductIdParams,
    response: MerchantVariantsSchema,
    handler: async (c, { params }) => await getMerchantVariants(c.get("deps").database.db, params.id),
  }),
  defineRoute({
    method: "put",
    path: "/api/merchant/products/{id}/variants",
    summary:
      "Set a product's options (at most three) and the variants sold, one per combination; a combination left out is not sold; 409 for a SKU another product holds",
    tag: "Merchant",
    access: "merchant",
    params: ProductIdParams,
    body: ProductVariantsInputSchema,
    response: MerchantVariantsSchema,
    handler: async (c, { params, body }) =>
      await putMerchantVariants(c.get("deps").database.db, params.id, body),
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/pairings",
    summary:
      "Product pairings (cross-sells and upsells) that Ava proposes as bundles (?kind=cross_sell|upsell)",
    tag: "Merchant",
    access: "merchant",
    query: PairingQuerySchema,
    response: PairingListSchema,
    handler: async (c, { query }) => await listPairings(c.get("deps").database.db, query.kind),
  }),
  defineRoute({
    method: "post",
    path: "/api/merchant/pairings",
    summary: "Pair a product with another (404 naming an unknown product, 409 for a pairing that exists)",
    tag: "Merchant",
    access: "merchant",
    body: CreatePairingSchema,
    status: 201,
    response: PairingSchema,
    handler: async (c, { body }) => await createPairing(c.get("deps").database.db, body),
  }),
  defineRoute({
    method: "delete",
    path: "/api/merchant/pairings/{id}",
    summary: "Remove a pairing (204)",
    tag: "Merchant",
    access: "merchant",
    params: z.object({ id: pathId(NO_PAIRING) }),
    status: 204,
    handler: async (c, { params }) => {
      if (!(await deletePairing(c.get("deps").database.db, params.id))) throw notFound(NO_PAIRING);
      return c.body(null, 204);
    },
  }),
];
