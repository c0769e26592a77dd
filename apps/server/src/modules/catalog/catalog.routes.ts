import { ProductListSchema, ProductQuerySchema, ProductSchema } from "@haggle/contract/products";
import { notFound } from "@haggle/domain/errors";
import { z } from "zod";
import { errorBody } from "../../http/error-table.ts";
import { type ApiRoute, defineRoute, pathId } from "../../http/route.ts";
import { heavyQueryGate } from "../../platform/db/query-gate.ts";
import { getProduct, listProducts } from "./list-products.service.ts";

const NO_PRODUCT = "No product has that id.";
export const SEARCH_BUSY = "The shop is busy answering other searches. Please try again in a moment.";

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
    handler: async (c, { query }) => {
      const { database } = c.get("deps");
      // Searches are the heavy requests: a bounded number run at once, the rest wait or are refused.
      if (query.q.trim() === "") return await listProducts(database.db, query);
      const answer = await heavyQueryGate(database).run(
        () => listProducts(database.db, query),
        c.req.raw.signal,
      );
      if (!answer) return c.json(errorBody("BUSY", SEARCH_BUSY), 503, { "Retry-After": "1" });
      return answer.value;
    },
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
