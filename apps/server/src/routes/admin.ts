import { count, eq } from "drizzle-orm";
import { Hono } from "hono";
import { currentEmbeddingModel } from "../ai/embeddings.ts";
import { products } from "../db/schema.ts";
import { requireAdmin } from "../http/admin.ts";
import type { AppEnv } from "../http/context.ts";
import { isMerchant } from "../http/merchant.ts";
import { countMissingEmbeddings } from "../services/product-embeddings.ts";

/** GET /api/admin/status: what the admin panel shows beside its buttons. */
export function adminRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/status", async (c) => {
    const who = await requireAdmin(c);
    const { db } = c.get("deps").database;
    const [[total], missingEmbeddings, merchant] = await Promise.all([
      db.select({ n: count() }).from(products).where(eq(products.hidden, false)),
      countMissingEmbeddings(db, currentEmbeddingModel(c.get("deps").ai)),
      isMerchant(c, who),
    ]);
    return c.json({ products: total?.n ?? 0, missingEmbeddings, merchant });
  });
  return app;
}
