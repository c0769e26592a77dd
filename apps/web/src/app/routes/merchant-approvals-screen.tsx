import { ApprovalsPage } from "@/features/merchant/components/approvals-page";

export function MerchantApprovalsScreen() {
  return (
    <>
      <title>Approvals · Haggle</title>
      <ApprovalsPage />
    </>
  );
}
