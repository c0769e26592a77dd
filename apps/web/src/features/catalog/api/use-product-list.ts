import type { ProductList } from "@haggle/contract/products";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { CatalogFilters } from "../lib/catalog-filters";

export const CATALOG_PAGE_SIZE = 24;

/** Every catalogue list is cached under this prefix; invalidate it when products change. */
export const catalogQueryKey = ["products"] as const;

export function productListPath(filters: CatalogFilters, page: number, pageSize = CATALOG_PAGE_SIZE): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  for (const category of filters.categories) params.append("category", category);
  for (const brand of filters.brands) params.append("brand", brand);
  for (const option of filters.options) params.append("option", option);
  params.set("sort", filters.sort);
  params.set("page", String(page));
  params.set("pageSize", String(pageSize));
  return `/api/products?${params}`;
}

/** Pages of GET /api/products for the current filters; "Load more" fetches the next one. */
export function useProductList(filters: CatalogFilters) {
  return useInfiniteQuery({
    queryKey: [...catalogQueryKey, "list", filters],
    queryFn: ({ pageParam, signal }): Promise<ProductList> =>
      apiFetch(productListPath(filters, pageParam), {
        schema: () => import("@haggle/contract/products").then((m) => m.ProductListSchema),
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    // Keeps the filter lists on screen while a new filter combination loads.
    placeholderData: keepPreviousData,
  });
}
