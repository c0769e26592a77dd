import { PoliciesPage } from "@/features/merchant/components/policies/policies-page";

export function MerchantPoliciesScreen() {
  return (
    <>
      <title>Shop pages · Merchant · Haggle</title>
      <PoliciesPage />
    </>
  );
}
