import { TaxesPage } from "@/features/merchant/components/taxes/taxes-page";

export function MerchantTaxesScreen() {
  return (
    <>
      <title>Taxes · Merchant · Haggle</title>
      <TaxesPage />
    </>
  );
}
