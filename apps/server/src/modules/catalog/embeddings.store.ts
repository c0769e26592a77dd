import { and, asc, count, eq, gt, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { vectorLiteral } from "../../platform/db/column-values.ts";
import { products } from "../../platform/db/schema/catalog.ts";

/** The product text an embedding is made of. */
export interface EmbeddingSource {
  id: string;
  name: string;
  brand: string;
  category: string;
  description: string;
  tags: string[];
}

const embeddingSource = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  category: products.category,
  description: products.description,
  tags: products.tags,
};

/** A product needs (re-)embedding when it has no vector or one made by another model. */
function lacksEmbedding(model: string | undefined): SQL {
  const none = or(isNull(products.embedding), isNull(products.embeddingModel)) as SQL;
  return model === undefined ? none : (or(none, ne(products.embeddingModel, model)) as SQL);
}

/**
 * How many products lack an embedding: with a model, also those embedded by another model;
 * without, only those with no vector at all.
 */
export async function countLackingEmbedding(db: Queryable, model?: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(lacksEmbedding(model));
  return row?.n ?? 0;
}

/** The next products (hidden ones too) after `after` by id that lack an embedding of `model`. */
export async function nextLackingEmbedding(
  db: Queryable,
  model: string,
  after: string | null,
  limit: number,
): Promise<EmbeddingSource[]> {
  return db
    .select(embeddingSource)
    .from(products)
    .where(and(lacksEmbedding(model), after === null ? undefined : gt(products.id, after)))
    .orderBy(asc(products.id))
    .limit(limit);
}

export async function findEmbeddingSource(db: Queryable, productId: string): Promise<EmbeddingSource | null> {
  const [row] = await db.select(embeddingSource).from(products).where(eq(products.id, productId)).limit(1);
  return row ?? null;
}

/** Stores each product's vector in one statement; updated_at is left alone: a new vector is not an edit. */
export async function saveEmbeddings(
  db: Queryable,
  model: string,
  vectors: readonly { id: string; vector: readonly number[] }[],
): Promise<void> {
  if (vectors.length === 0) return;
  const values = vectors.map((v) => sql`(${v.id}::uuid, ${vectorLiteral(v.vector)}::real[])`);
  await db.execute(sql`
    update ${products} as p
    set embedding = v.embedding, embedding_model = ${model}
    from (values ${sql.join(values, sql`, `)}) as v(id, embedding)
    where p.id = v.id`);
}

/** Forgets the product's vector, so the next "Initialize AI Search" embeds it. */
export async function clearEmbedding(db: Queryable, productId: string): Promise<void> {
  await db.update(products).set({ embedding: null, embeddingModel: null }).where(eq(products.id, productId));
}
