import type { EmbeddingProgress } from "@haggle/contract/product-import";
import { currentEmbeddingModel } from "../../platform/ai/embeddings.ts";
import type { Logger } from "../../platform/logger.ts";
import { countLackingEmbedding } from "./embeddings.store.ts";
import { countAllProducts } from "./products.store.ts";
import { type EmbeddingDeps, embedMissingProducts } from "./product-embeddings.service.ts";

/**
 * The background job that embeds imported products for AI search: started
 * after an import, it embeds every product lacking an embedding of the current model, in
 * batches, while the shop keeps answering (lexical search works meanwhile). One job per
 * database in a process; starting it while it runs makes it look again once done.
 */
const running = new WeakMap<object, { again: boolean }>();

export function startEmbeddingJob(deps: EmbeddingDeps & { logger: Logger }): void {
  const current = running.get(deps.db);
  if (current) {
    current.again = true;
    return;
  }
  const state = { again: false };
  running.set(deps.db, state);
  void (async () => {
    try {
      do {
        state.again = false;
        const result = await embedMissingProducts(deps, { batchSize: 64 });
        deps.logger.info(result, "background embedding finished");
      } while (state.again);
    } catch (error) {
      deps.logger.warn({ err: error }, "background embedding stopped; Initialize AI Search embeds the rest");
    } finally {
      running.delete(deps.db);
    }
  })();
}

export function embeddingJobRunning(deps: EmbeddingDeps): boolean {
  return running.has(deps.db);
}

/** How many products have an embedding of the current model, and whether this process is embedding. */
export async function embeddingProgress(deps: EmbeddingDeps): Promise<EmbeddingProgress> {
  const [total, missing] = await Promise.all([
    countAllProducts(deps.db),
    countLackingEmbedding(deps.db, currentEmbeddingModel(deps.ai)),
  ]);
  return { total, embedded: total - missing, missing, running: embeddingJobRunning(deps) };
}
