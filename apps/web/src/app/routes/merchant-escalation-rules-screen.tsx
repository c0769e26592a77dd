import { EscalationRulesPage } from "@/features/merchant/components/config-escalation-page";

export function MerchantEscalationRulesScreen() {
  return (
    <>
      <title>Escalation Rules · Haggle</title>
      <EscalationRulesPage />
    </>
  );
}
