import { ComingSoon } from "../layout/coming-soon";

export function MerchantCrossSellsScreen() {
  return (
    <ComingSoon title="Cross-sells">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
