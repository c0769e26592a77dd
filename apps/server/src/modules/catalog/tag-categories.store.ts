import { asc, gt } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { productTagCategories } from "../../platform/db/schema/catalog.ts";

/**
 * The shop's own vocabulary beyond its category names: each tag of a visible product and the
 * categories of the products carrying it ("headphones" -> ["Audio", "electronics"]). The
 * assistant ranks those categories first for a product word, whatever the shop calls them.
 * Read from the pairs the products triggers keep (migration 0026), not by unnesting every
 * product's tags (1.6 s at 1,000,000 products).
 */
export async function loadTagCategories(db: Db): Promise<Record<string, string[]>> {
  const rows = await db
    .select({ tag: productTagCategories.tag, category: productTagCategories.category })
    .from(productTagCategories)
    .where(gt(productTagCategories.visible, 0))
    .orderBy(asc(productTagCategories.tag), asc(productTagCategories.category))
    .limit(20_000);
  const byTag: Record<string, string[]> = {};
  for (const row of rows) byTag[row.tag] = [...(byTag[row.tag] ?? []), row.category];
  return byTag;
}
