import { count, eq } from "drizzle-orm";
import { Hono } from "hono";
import { currentEmbeddingModel } from "../../platform/ai/embeddings.ts";
import { products } from "../../platform/db/schema.ts";
import { requireAdmin } from "../../http/require-admin.ts";
import type { AppEnv } from "../../http/context.ts";
import { isMerchant } from "../../http/require-merchant.ts";
import { countMissingEmbeddings } from "../catalog/product-embeddings.service.ts";

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
