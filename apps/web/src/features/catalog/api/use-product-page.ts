import { type ProductPage, ProductPageSchema } from "@haggle/contract/products";
import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, apiFetch } from "@/lib/api-client";
import { catalogQueryKey } from "./use-product-list";

/** GET /api/products/by-slug/{slug}: a product page (a product id is accepted too). */
export function useProductPage(slug: string) {
  return useQuery({
    // Under the catalogue's prefix: a product change that refreshes lists refreshes pages too.
    queryKey: [...catalogQueryKey, "page", slug],
    queryFn: ({ signal }): Promise<ProductPage> =>
      apiFetch(`/api/products/by-slug/${encodeURIComponent(slug)}`, { schema: ProductPageSchema, signal }),
    // A missing product stays missing: no retries on 404.
    retry: (failures, error) => !(error instanceof ApiRequestError && error.status === 404) && failures < 2,
  });
}
