import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useParams } from "react-router";
import { catalogQueryKey } from "@/features/catalog/api/use-product-list";
import { ProductVariantsPage } from "@/features/merchant/components/products/variants-page";

export function MerchantProductVariantsScreen() {
  const { id = "" } = useParams();
  const queryClient = useQueryClient();
  // The shop's catalogue caches its own lists and pages: a variant's price or stock must show there.
  const onCatalogChanged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
    [queryClient],
  );
  return (
    <>
      <title>Variants · Merchant · Haggle</title>
      <ProductVariantsPage productId={id} onCatalogChanged={onCatalogChanged} />
    </>
  );
}
