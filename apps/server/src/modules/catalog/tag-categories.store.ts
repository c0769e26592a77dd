import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";

/**
 * The shop's own vocabulary beyond its category names: each tag of a visible product and the
 * categories of the products carrying it ("headphones" -> ["Audio", "electronics"]). The
 * assistant ranks those categories first for a product word, whatever the shop calls them.
 */
export async function loadTagCategories(db: Db): Promise<Record<string, string[]>> {
  const result = (await db.execute(sql`
    select lower(t.tag) as tag, p.category as category
    from products p, unnest(p.tags) as t(tag)
    where not p.hidden
    group by lower(t.tag), p.category
    order by 1, 2
    limit 20000
  `)) as unknown as { rows: { tag: string; category: string }[] };
  const byTag: Record<string, string[]> = {};
  for (const row of result.rows) byTag[row.tag] = [...(byTag[row.tag] ?? []), row.category];
  return byTag;
}
