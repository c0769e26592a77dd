import { and, asc, count, eq, gt, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { currentEmbeddingModel, embedTexts, productEmbeddingText } from "../../platform/ai/embeddings.ts";
import type { AiConfig } from "../../platform/ai/openai-compatible.ts";
import type { Db } from "../../platform/db/client.ts";
import { products } from "../../platform/db/schema.ts";

export interface EmbeddingDeps {
  db: Db;
  ai: AiConfig | null;
}

/** A product needs (re-)embedding when it has no vector or one made by another model. */
function lacksEmbedding(model: string | undefined): SQL {
  const none = or(isNull(products.embedding), isNull(products.embeddingModel)) as SQL;
  return model === undefined ? none : (or(none, ne(products.embeddingModel, model)) as SQL);
}

/**
 * How many products lack an embedding: with a model, also those embedded by another model
 * (what "Initialize AI Search" would redo); without, only those with no vector at all.
 */
export async function countMissingEmbeddings(db: Db, model?: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(lacksEmbedding(model));
  return row?.n ?? 0;
}

/** '{0.1,-0.2}': a vector as a PostgreSQL array literal (exact: JavaScript's shortest round-trip form). */
export function vectorLiteral(vector: readonly number[]): string {
  return `{${vector.join(",")}}`;
}

const embeddingSource = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  category: products.category,
  description: products.description,
  tags: products.tags,
};
type EmbeddingSource = {
  id: string;
  name: string;
  brand: string;
  category: string;
  description: string;
  tags: string[];
};

async function writeEmbeddings(db: Db, rows: EmbeddingSource[], ai: AiConfig | null): Promise<number> {
  if (rows.length === 0) return 0;
  const { vectors, model } = await embedTexts(ai, rows.map(productEmbeddingText));
  const values = rows.map((row, i) => sql`(${row.id}::uuid, ${vectorLiteral(vectors[i] ?? [])}::real[])`);
  // One statement per batch; updated_at is left alone: a new vector is not an edit of the product.
  await db.execute(sql`
    update ${products} as p
    set embedding = v.embedding, embedding_model = ${model}
    from (values ${sql.join(values, sql`, `)}) as v(id, embedding)
    where p.id = v.id`);
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
    const batch: EmbeddingSource[] = await deps.db
      .select(embeddingSource)
      .from(products)
      .where(and(lacksEmbedding(model), after === null ? undefined : gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    embedded += await writeEmbeddings(deps.db, batch, deps.ai);
    after = batch[batch.length - 1]?.id ?? null;
    if (batch.length < batchSize) break;
  }
  return { embedded, missing: await countMissingEmbeddings(deps.db, model) };
}

/**
 * Embeds one product now (after it was created or its name, description, brand, category or
 * tags changed), whatever it had before. Returns false when there is no such product.
 */
export async function embedProduct(deps: EmbeddingDeps, productId: string): Promise<boolean> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(productId)) return false;
  const rows = await deps.db
    .select(embeddingSource)
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return (await writeEmbeddings(deps.db, rows, deps.ai)) === 1;
}
