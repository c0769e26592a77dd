import type { ProductPage } from "@haggle/contract/products";
import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, apiFetch } from "@/lib/api-client";
import { catalogQueryKey } from "./use-product-list";

/** The cache key of a product page; the server fills it in when it renders the page. */
export function productPageQueryKey(slug: string) {
  // Under the catalogue's prefix: a product change that refreshes lists refreshes pages too.
  return [...catalogQueryKey, "page", slug] as const;
}

/**
 * GET /api/products/by-slug/{slug}: a product page (a product id is accepted too), or null when
 * no product has that address. A missing product is an answer, not an error: it is cached like
 * any other, so a page the server rendered as 'not found' hydrates as 'not found'.
 */
export async function fetchProductPage(slug: string, signal?: AbortSignal): Promise<ProductPage | null> {
  try {
    return await apiFetch(`/api/products/by-slug/${encodeURIComponent(slug)}`, {
      schema: () => import("@haggle/contract/products").then((m) => m.ProductPageSchema),
      signal,
    });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export function useProductPage(slug: string) {
  return useQuery({
    queryKey: productPageQueryKey(slug),
    queryFn: ({ signal }) => fetchProductPage(slug, signal),
  });
}
