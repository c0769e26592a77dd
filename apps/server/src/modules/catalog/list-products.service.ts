import type { ProductList, ProductQuery } from "@haggle/contract/products";
import { escapeLike, tokenizeSearch } from "@haggle/domain/text/search-text";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { products } from "../../platform/db/schema.ts";
import { productColumns, toProductDto } from "./product-dto.ts";

/** How close a misspelt word must be to a word of the name or brand (pg_trgm word_similarity). */
const TYPO_SIMILARITY = 0.45;

/**
 * Every search word must appear in the name, description or brand (case-insensitive), or be a
 * near miss of a word in the name or brand ("headphnes").
 */
function wordConditions(words: string[]): SQL[] {
  return words.map((word) => {
    const pattern = `%${escapeLike(word)}%`;
    return sql`(${products.name} ilike ${pattern} or ${products.brand} ilike ${pattern} or ${products.description} ilike ${pattern} or word_similarity(${word}, ${products.name} || ' ' || ${products.brand}) >= ${TYPO_SIMILARITY})`;
  });
}

function orderFor(query: ProductQuery, words: string[]): SQL[] {
  switch (query.sort) {
    case "price-low":
      return [asc(products.price), asc(products.name), asc(products.id)];
    case "price-high":
      return [desc(products.price), asc(products.name), asc(products.id)];
    case "rating":
      return [desc(products.rating), desc(products.reviewCount), asc(products.name), asc(products.id)];
    default: {
      // What can be bought first, then what is in demand.
      const featured = [desc(products.inStock), desc(products.demandIndex), asc(products.name), asc(products.id)];
      if (words.length === 0) return featured;
      const text = words.join(" ");
      const relevance = sql`(case when ${products.name} ilike ${`%${escapeLike(text)}%`} then 1 else 0 end) desc, ts_rank(${products.searchVector}, plainto_tsquery('english', ${text})) desc, word_similarity(${text}, ${products.name} || ' ' || ${products.brand}) desc`;
      return [relevance, ...featured];
    }
  }
}

const alphabetical = (a: { value: string }, b: { value: string }) =>
  a.value.localeCompare(b.value, "en", { sensitivity: "base" });

/** GET /api/products: filter, search, sort and page on the server, with facet counts. */
export async function listProducts(db: Db, query: ProductQuery): Promise<ProductList> {
  const words = tokenizeSearch(query.q);
  const visible = eq(products.hidden, false);
  const text = wordConditions(words);
  const byCategory = query.category.length > 0 ? inArray(products.category, query.category) : undefined;
  const byBrand = query.brand.length > 0 ? inArray(products.brand, query.brand) : undefined;
  const where = and(visible, ...text, byCategory, byBrand);

  // Each facet counts what the other filters leave, so choosing a brand keeps its siblings visible.
  const [rows, [totalRow], categories, brands, [collectionRow]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...orderFor(query, words))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(products).where(where),
    db
      .select({ value: products.category, count: count() })
      .from(products)
      .where(and(visible, ...text, byBrand))
      .groupBy(products.category),
    db
      .select({ value: products.brand, count: count() })
      .from(products)
      .where(and(visible, ...text, byCategory))
      .groupBy(products.brand),
    db.select({ n: count() }).from(products).where(visible),
  ]);

  return {
    items: rows.map(toProductDto),
    total: totalRow?.n ?? 0,
    collectionTotal: collectionRow?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    // Sorted here, not by the database collation, so both databases list them identically.
    facets: { categories: categories.sort(alphabetical), brands: brands.sort(alphabetical) },
  };
}

export async function getProduct(db: Db, id: string) {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), eq(products.hidden, false)))
    .limit(1);
  return row ? toProductDto(row) : null;
}
