import { asc, eq, sql } from "drizzle-orm";
import type { LearningProduct } from "@haggle/domain/assistant/catalogue-associations";
import type { Db } from "../../platform/db/client.ts";
import { products } from "../../platform/db/schema/catalog.ts";

/**
 * What the assistant learns word meanings from (catalogue-associations.ts) and ranks products
 * by (catalogue-text-index.ts): the visible products' ids, names, descriptions, categories and tags, at most `max` of them. A larger catalogue
 * gives a sample spread over it (ordered by a hash of the name, so the same products in the same
 * order each time while the catalogue's products stay the same, in any shop that holds them:
 * ids are new in every shop), not its first rows, which are often one import's category.
 */
export async function loadLearningSample(db: Db, max: number): Promise<LearningProduct[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      category: products.category,
      tags: products.tags,
    })
    .from(products)
    .where(eq(products.hidden, false))
    .orderBy(sql`md5(${products.name})`, asc(products.name), asc(products.id))
    .limit(max);
}
