import { ComingSoon } from "../layout/coming-soon";

export function MerchantNegotiationConfigScreen() {
  return (
    <ComingSoon title="Negotiation Config">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
