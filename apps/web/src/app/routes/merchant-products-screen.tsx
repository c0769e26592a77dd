import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { catalogQueryKey } from "@/features/catalog/api/use-product-list";
import { ProductsView } from "@/features/merchant/components/products/products-view";

export function MerchantProductsScreen() {
  const queryClient = useQueryClient();
  // The shop's catalogue caches its own lists; a created, edited or hidden product must show there.
  const onCatalogChanged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
    [queryClient],
  );
  return (
    <>
      <title>Products · Merchant · Haggle</title>
      <ProductsView onCatalogChanged={onCatalogChanged} />
    </>
  );
}
