import { AgentActivityView } from "@/features/merchant/components/agent-activity/agent-activity-view";

export function MerchantAgentActivityScreen() {
  return (
    <>
      <title>Agent activity · Merchant · Haggle</title>
      <AgentActivityView />
    </>
  );
}
