import { ComingSoon } from "../layout/coming-soon";

export function MerchantScreen() {
  return (
    <ComingSoon title="Merchant Dashboard">
      <p>The merchant area is not available yet.</p>
    </ComingSoon>
  );
}
