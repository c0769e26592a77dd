import { ComingSoon } from "../layout/coming-soon";

export function MerchantApprovalsScreen() {
  return (
    <ComingSoon title="Approvals">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
