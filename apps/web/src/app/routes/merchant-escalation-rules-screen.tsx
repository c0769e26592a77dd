import { EscalationRulesPage } from "@/features/merchant/components/config/config-escalation-page";

export function MerchantEscalationRulesScreen() {
  return (
    <>
      <title>Escalation Rules · Haggle</title>
      <EscalationRulesPage />
    </>
  );
}
