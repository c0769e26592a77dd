import { z } from "zod";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { embedMissingProducts } from "./product-embeddings.service.ts";

const EmbeddingsResultSchema = z.object({
  message: z.string(),
  embedded: z.number().int().meta({ description: "Products embedded by this call" }),
  missing: z.number().int().meta({ description: "Products still lacking an embedding of the current model" }),
});

/** "Initialize AI Search" on the admin panel: embedding the catalogue is the catalogue's business. */
export const embeddingRoutes: ApiRoute[] = [
  defineRoute({
    method: "post",
    path: "/functions/v1/generate-product-embeddings",
    summary:
      "Embed every product lacking an embedding of the current model (the configured AI_EMBEDDING_MODEL, else the built-in local embedder), in batches",
    tag: "Admin",
    access: "admin",
    response: EmbeddingsResultSchema,
    failure: { code: "EMBEDDINGS_FAILED", message: "Failed to initialize embeddings" },
    handler: async (c) => {
      const deps = c.get("deps");
      const result = await embedMissingProducts({ db: deps.database.db, ai: deps.ai }, { batchSize: 32 });
      const message =
        result.missing === 0
          ? `Embedded ${result.embedded} products; every product has an embedding.`
          : `Embedded ${result.embedded} products; ${result.missing} still lack an embedding.`;
      return { message, ...result };
    },
  }),
];
