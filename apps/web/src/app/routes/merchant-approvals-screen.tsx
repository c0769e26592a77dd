import { ApprovalsPage } from "@/features/merchant/components/approvals/approvals-page";

export function MerchantApprovalsScreen() {
  return (
    <>
      <title>Approvals · Haggle</title>
      <ApprovalsPage />
    </>
  );
}
