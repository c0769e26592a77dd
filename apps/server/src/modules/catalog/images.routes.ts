import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { products } from "../../platform/db/schema.ts";
import type { AppEnv } from "../../http/context.ts";
import { notFound } from "../../http/http-error.ts";
import { renderProductSvg } from "./product-image.ts";

/** Product pictures are drawn here from the product itself: nothing is fetched from the web. */
export function imageRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/products/:file", async (c) => {
    const file = c.req.param("file");
    if (!file.endsWith(".svg")) throw notFound("No image has that name.");
    const sku = file.slice(0, -".svg".length);
    const [row] = await c
      .get("deps")
      .database.db.select({
        sku: products.sku,
        name: products.name,
        brand: products.brand,
        category: products.category,
      })
      .from(products)
      .where(eq(products.sku, sku))
      .limit(1);
    if (!row) throw notFound("No image has that name.");
    c.header("Content-Type", "image/svg+xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=86400");
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    return c.body(renderProductSvg(row));
  });
  return app;
}
