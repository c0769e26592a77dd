import type { ProductVariantsData } from "@haggle/contract/product-variants";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { merchantQueryKey } from "../hooks/use-merchant-events";
import {
  fetchMerchantProduct,
  fetchProductVariants,
  merchantProductQueryKey,
  productVariantsQueryKey,
  saveProductVariants,
} from "./variants-api";

export function useMerchantProduct(productId: string) {
  return useQuery({
    queryKey: merchantProductQueryKey(productId),
    queryFn: ({ signal }) => fetchMerchantProduct(productId, signal),
  });
}

export function useProductVariants(productId: string) {
  return useQuery({
    queryKey: productVariantsQueryKey(productId),
    queryFn: ({ signal }) => fetchProductVariants(productId, signal),
    // The grid is edited from what was loaded: a refetch in the background must not move it.
    refetchOnWindowFocus: false,
  });
}

/**
 * Saves the grid. The answer is the saved grid (kept as the query's data); every merchant figure
 * is read again (the product's derived price and stock) and `onCatalogChanged` refreshes the shop.
 */
export function useSaveProductVariants(productId: string, onCatalogChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductVariantsData) => saveProductVariants(productId, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(productVariantsQueryKey(productId), saved);
      onCatalogChanged?.();
      return queryClient.invalidateQueries({
        queryKey: merchantQueryKey,
        predicate: (query) => query.queryKey.join("/") !== productVariantsQueryKey(productId).join("/"),
      });
    },
  });
}
