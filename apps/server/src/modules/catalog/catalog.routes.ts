import {
  ProductListSchema,
  ProductPageSchema,
  ProductQuerySchema,
  ProductDetailSchema,
} from "@haggle/contract/products";
import { isProductId, isSlugShaped } from "@haggle/domain/catalog/product-path";
import { notFound } from "@haggle/domain/errors";
import { z } from "zod";
import { errorBody } from "../../http/error-table.ts";
import { type ApiRoute, defineRoute, pathId, pathParam } from "../../http/route.ts";
import { heavyQueryGate } from "../../platform/db/query-gate.ts";
import { getProduct, getProductPage, listProducts } from "./list-products.service.ts";

const NO_PRODUCT = "No product has that id.";
const NO_PRODUCT_PAGE = "No product has that address.";
export const SEARCH_BUSY = "The shop is busy answering other searches. Please try again in a moment.";

/** The public catalogue. */
export const catalogRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/products",
    summary: "Search, filter, sort and page the catalogue, with facet counts",
    tag: "Catalogue",
    access: "public",
    cache: "catalogue",
    query: ProductQuerySchema,
    response: ProductListSchema,
    handler: async (c, { query }) => {
      const { database } = c.get("deps");
      // Searches are the heavy requests: a bounded number run at once, the rest wait or are refused;
      // one whose client goes away is dropped from the queue, or cancelled while it runs.
      if (query.q.trim() === "") return await listProducts(database.db, query);
      const signal = c.req.raw.signal;
      const answer = await heavyQueryGate(database)
        .run(() => listProducts(database.cancellable(signal), query, database.db), signal)
        .catch((error: unknown) => {
          // Cancelled because its client went away: nobody reads this answer.
          if (signal.aborted) return null;
          throw error;
        });
      if (!answer) return c.json(errorBody("BUSY", SEARCH_BUSY), 503, { "Retry-After": "1" });
      return answer.value;
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/products/{id}",
    summary:
      "One product with its options (name and values) and variants (id, option values, SKU, price, list price, stock, picture): a product with options is bought by a variant's id; one without has one variant, its default. Its price is the cheapest variant's (the from price), its stock the sum of its variants'",
    tag: "Catalogue",
    access: "public",
    cache: "catalogue",
    params: z.object({ id: pathId(NO_PRODUCT) }),
    response: ProductDetailSchema,
    handler: async (c, { params }) => {
      const product = await getProduct(c.get("deps").database.db, params.id);
      if (!product) throw notFound(NO_PRODUCT);
      return product;
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/products/by-slug/{slug}",
    summary:
      "A product page: the product by its address (its id is accepted too; the answer carries the slug) with its options and variants, and what is frequently bought with it",
    tag: "Catalogue",
    access: "public",
    cache: "catalogue",
    params: z.object({
      slug: pathParam((value) => isSlugShaped(value) || isProductId(value), NO_PRODUCT_PAGE),
    }),
    response: ProductPageSchema,
    handler: async (c, { params }) => {
      const page = await getProductPage(c.get("deps").database.db, params.slug);
      if (!page) throw notFound(NO_PRODUCT_PAGE);
      return page;
    },
  }),
];
