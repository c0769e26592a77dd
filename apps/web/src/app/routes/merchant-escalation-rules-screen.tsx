import { ComingSoon } from "../layout/coming-soon";

export function MerchantEscalationRulesScreen() {
  return (
    <ComingSoon title="Escalation Rules">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
