import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { catalogQueryKey } from "@/features/catalog/api/use-product-list";
import { ImportPage } from "@/features/merchant/components/import/import-page";

export function MerchantImportScreen() {
  const queryClient = useQueryClient();
  // Imported products must show in the shop's catalogue, the merchant's list and the embedding progress.
  const onImported = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: catalogQueryKey });
    void queryClient.invalidateQueries({ queryKey: ["merchant"] });
  }, [queryClient]);
  return (
    <>
      <title>Import · Merchant · Haggle</title>
      <ImportPage onImported={onImported} />
    </>
  );
}
