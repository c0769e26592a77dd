import type { CreateProductData, UpdateProductData } from "@haggle/contract/merchant";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { merchantQueryKey } from "../hooks/use-merchant-events";
import {
  createProduct,
  fetchCatalogFacets,
  fetchMerchantProducts,
  type ProductListParams,
  productListQueryKey,
  productsQueryKey,
  updateProduct,
} from "./products-api";

export function useMerchantProducts(params: ProductListParams) {
  return useQuery({
    queryKey: productListQueryKey(params),
    queryFn: ({ signal }) => fetchMerchantProducts(params, signal),
    // The table stays on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * Create and update. After a change every merchant figure is read again (counts, lists) and
 * `onCatalogChanged` lets the app refresh the shop's own product lists.
 */
export function useProductMutations(onCatalogChanged?: () => void) {
  const queryClient = useQueryClient();
  const refresh = () => {
    onCatalogChanged?.();
    return queryClient.invalidateQueries({ queryKey: merchantQueryKey });
  };
  const create = useMutation({
    mutationFn: (input: CreateProductData) => createProduct(input),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateProductData }) => updateProduct(id, changes),
    onSuccess: refresh,
  });
  return { create, update };
}

/** The shop's existing categories and brands, offered by the product form. */
export function useCatalogFacets() {
  return useQuery({
    queryKey: [...productsQueryKey, "facets"],
    queryFn: ({ signal }) => fetchCatalogFacets(signal),
  });
}
