import type { Product, ProductList, ProductQuery } from "@haggle/contract/products";
import { tokenizeSearch } from "@haggle/domain/text/search-text";
import type { Db } from "../../platform/db/client.ts";
import { findVisibleProduct, queryShopPage, toProductDto } from "./products.store.ts";

const alphabetical = (a: { value: string }, b: { value: string }) =>
  a.value.localeCompare(b.value, "en", { sensitivity: "base" });

/** GET /api/products: filter, search, sort and page on the server, with facet counts. */
export async function listProducts(db: Db, query: ProductQuery): Promise<ProductList> {
  const page = await queryShopPage(db, {
    words: tokenizeSearch(query.q),
    category: query.category,
    brand: query.brand,
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
  });
  return {
    items: page.rows.map(toProductDto),
    total: page.total,
    collectionTotal: page.collectionTotal,
    page: query.page,
    pageSize: query.pageSize,
    // Sorted here, not by the database collation, so both databases list them identically.
    facets: { categories: page.categories.sort(alphabetical), brands: page.brands.sort(alphabetical) },
  };
}

export async function getProduct(db: Db, id: string): Promise<Product | null> {
  const row = await findVisibleProduct(db, id);
  return row ? toProductDto(row) : null;
}
