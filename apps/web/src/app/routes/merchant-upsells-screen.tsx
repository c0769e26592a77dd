import { ComingSoon } from "../layout/coming-soon";

export function MerchantUpsellsScreen() {
  return (
    <ComingSoon title="Upsells">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
