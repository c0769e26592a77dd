import { z } from "zod";
import { isMerchant } from "../../http/guard.ts";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { currentEmbeddingModel } from "../../platform/ai/embeddings.ts";
import { countLackingEmbedding } from "../catalog/index.ts";
import { countVisibleProducts } from "./admin.store.ts";
import { assignMerchantToSelf } from "./roles.service.ts";
import { seedCatalogue } from "./seed.service.ts";

const SeedResultSchema = z.object({
  message: z.string(),
  productsCreated: z.number().int(),
  productsTotal: z.number().int(),
  configCreated: z.number().int(),
});

/** The admin panel and the server functions behind its buttons (names and wire format of the spec). */
export const adminRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/admin/status",
    summary:
      "The admin panel's status: visible products, products lacking an embedding, whether the caller is a merchant",
    tag: "Admin",
    access: "admin",
    response: z.object({
      products: z.number().int(),
      missingEmbeddings: z.number().int(),
      merchant: z.boolean(),
    }),
    handler: async (c, { user }) => {
      const deps = c.get("deps");
      const { db } = deps.database;
      const [visible, missingEmbeddings, merchant] = await Promise.all([
        countVisibleProducts(db),
        countLackingEmbedding(db, currentEmbeddingModel(deps.ai)),
        isMerchant(c, user),
      ]);
      return { products: visible, missingEmbeddings, merchant };
    },
  }),
  defineRoute({
    method: "post",
    path: "/functions/v1/seed-data",
    summary: "Seed the catalogue and seller configuration (idempotent)",
    tag: "Admin",
    access: "admin",
    response: SeedResultSchema,
    failure: { code: "SEED_FAILED", message: "Failed to seed database" },
    handler: async (c) => {
      const result = await seedCatalogue(c.get("deps").database.db);
      const message =
        result.productsCreated > 0
          ? `Seeded ${result.productsCreated} products and the seller configuration (${result.productsTotal} products in the shop).`
          : `The catalogue is already seeded: ${result.productsTotal} products in the shop, nothing duplicated.`;
      return { message, ...result };
    },
  }),
  defineRoute({
    method: "post",
    path: "/functions/v1/assign-merchant-role",
    summary: "Grant the signed-in user the merchant role",
    tag: "Admin",
    access: "admin",
    unauthenticated: "You must be logged in to assign merchant role",
    response: z.object({ alreadyAssigned: z.boolean() }),
    failure: { code: "ASSIGN_ROLE_FAILED", message: "Failed to assign merchant role" },
    handler: async (c, { user }) => {
      const { database, config } = c.get("deps");
      const granted = await assignMerchantToSelf(database.db, config, user);
      return { alreadyAssigned: !granted };
    },
  }),
];
