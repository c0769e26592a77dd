import { ProductQuerySchema } from "@haggle/contract/products";
import { Hono } from "hono";
import { z } from "zod";
import { notFound } from "../../http/http-error.ts";
import { parseQuery } from "../../http/validate.ts";
import type { AppEnv } from "../../http/context.ts";
import { getProduct, listProducts } from "./list-products.service.ts";

const ProductIdSchema = z.uuid("No product has that id.");

export function productRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) =>
    c.json(await listProducts(c.get("deps").database.db, parseQuery(c, ProductQuerySchema))),
  );
  app.get("/:id", async (c) => {
    const id = c.req.param("id");
    const product = ProductIdSchema.safeParse(id).success
      ? await getProduct(c.get("deps").database.db, id)
      : null;
    if (!product) throw notFound("No product has that id.");
    return c.json(product);
  });
  return app;
}
