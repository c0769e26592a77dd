import { ProductListSchema, ProductQuerySchema, ProductSchema } from "@haggle/contract/products";
import { notFound } from "@haggle/domain/errors";
import { z } from "zod";
import { type ApiRoute, defineRoute, pathId } from "../../http/route.ts";
import { getProduct, listProducts } from "./list-products.service.ts";

const NO_PRODUCT = "No product has that id.";

/** The public catalogue. */
export const catalogRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/products",
    summary: "Search, filter, sort and page the catalogue, with facet counts",
    tag: "Catalogue",
    access: "public",
    query: ProductQuerySchema,
    response: ProductListSchema,
    handler: async (c, { query }) => await listProducts(c.get("deps").database.db, query),
  }),
  defineRoute({
    method: "get",
    path: "/api/products/{id}",
    summary: "One product",
    tag: "Catalogue",
    access: "public",
    params: z.object({ id: pathId(NO_PRODUCT) }),
    response: ProductSchema,
    handler: async (c, { params }) => {
      const product = await getProduct(c.get("deps").database.db, params.id);
      if (!product) throw notFound(NO_PRODUCT);
      return product;
    },
  }),
];
