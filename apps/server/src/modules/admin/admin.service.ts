import { currentEmbeddingModel } from "../../platform/ai/embeddings.ts";
import type { AiConfig } from "../../platform/ai/openai-compatible.ts";
import type { Db } from "../../platform/db/client.ts";
import { loadRoleNames } from "../accounts/index.ts";
import { countLackingEmbedding, countVisibleProducts } from "../catalog/index.ts";

/** GET /api/admin/status: what the admin panel shows beside its buttons, for the signed-in admin. */
export async function adminStatus(
  deps: { db: Db; ai: AiConfig | null },
  userId: string,
): Promise<{ products: number; missingEmbeddings: number; merchant: boolean }> {
  const [products, missingEmbeddings, roles] = await Promise.all([
    countVisibleProducts(deps.db),
    countLackingEmbedding(deps.db, currentEmbeddingModel(deps.ai)),
    loadRoleNames(deps.db, userId),
  ]);
  return { products, missingEmbeddings, merchant: roles.includes("merchant") };
}
