import { Hono } from "hono";
import { requireAdmin } from "../http/admin.ts";
import type { AppEnv } from "../http/context.ts";
import { HttpError } from "../lib/http-error.ts";
import { seedCatalogue } from "../services/seed-catalogue.ts";

/** Server functions keep the spec's names and wire format under /functions/v1/<name>. */
export function functionRoutes() {
  const app = new Hono<AppEnv>();

  app.post("/seed-data", async (c) => {
    await requireAdmin(c);
    try {
      const result = await seedCatalogue(c.get("deps").database.db);
      const message =
        result.productsCreated > 0
          ? `Seeded ${result.productsCreated} products and the seller configuration (${result.productsTotal} products in the shop).`
          : `The catalogue is already seeded: ${result.productsTotal} products in the shop, nothing duplicated.`;
      return c.json({ message, ...result });
    } catch (error) {
      c.get("log").error({ err: error }, "seeding failed");
      throw new HttpError(500, "SEED_FAILED", "Failed to seed database");
    }
  });

  return app;
}
