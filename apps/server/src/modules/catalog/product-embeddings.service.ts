import { currentEmbeddingModel, embedTexts, productEmbeddingText } from "../../platform/ai/embeddings.ts";
import type { AiConfig } from "../../platform/ai/openai-compatible.ts";
import type { Db } from "../../platform/db/client.ts";
import {
  countLackingEmbedding,
  type EmbeddingSource,
  findEmbeddingSource,
  nextLackingEmbedding,
  saveEmbeddings,
} from "./embeddings.store.ts";

// The search-quality test reads the literal form from here.
export { vectorLiteral } from "../../platform/db/column-values.ts";

export interface EmbeddingDeps {
  db: Db;
  ai: AiConfig | null;
}

/**
 * How many products lack an embedding: with a model, also those embedded by another model
 * (what "Initialize AI Search" would redo); without, only those with no vector at all.
 */
export async function countMissingEmbeddings(db: Db, model?: string): Promise<number> {
  return countLackingEmbedding(db, model);
}

async function writeEmbeddings(deps: EmbeddingDeps, rows: EmbeddingSource[]): Promise<number> {
  if (rows.length === 0) return 0;
  const { vectors, model } = await embedTexts(deps.ai, rows.map(productEmbeddingText));
  await saveEmbeddings(
    deps.db,
    model,
    rows.map((row, i) => ({ id: row.id, vector: vectors[i] ?? [] })),
  );
  return rows.length;
}

/**
 * "Initialize AI Search": embeds, in batches, every product (hidden ones too) that has no
 * embedding or one made by another model than the current one. Walks the table by id so a
 * product that cannot be embedded is not retried forever. Returns how many were embedded and
 * how many still lack an embedding of the current model afterwards.
 */
export async function embedMissingProducts(
  deps: EmbeddingDeps,
  options: { batchSize?: number } = {},
): Promise<{ embedded: number; missing: number }> {
  const batchSize = Math.max(1, Math.min(options.batchSize ?? 32, 2000));
  const model = currentEmbeddingModel(deps.ai);
  let embedded = 0;
  let after: string | null = null;
  for (;;) {
    const batch = await nextLackingEmbedding(deps.db, model, after, batchSize);
    if (batch.length === 0) break;
    embedded += await writeEmbeddings(deps, batch);
    after = batch[batch.length - 1]?.id ?? null;
    if (batch.length < batchSize) break;
  }
  return { embedded, missing: await countLackingEmbedding(deps.db, model) };
}

/**
 * Embeds one product now (after it was created or its name, description, brand, category or
 * tags changed), whatever it had before. Returns false when there is no such product.
 */
export async function embedProduct(deps: EmbeddingDeps, productId: string): Promise<boolean> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(productId)) return false;
  const row = await findEmbeddingSource(deps.db, productId);
  return (await writeEmbeddings(deps, row ? [row] : [])) === 1;
}
