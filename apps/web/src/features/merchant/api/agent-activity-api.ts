import { type AgentActivity, AgentActivitySchema } from "@haggle/contract/agents";
import { apiFetch } from "@/lib/api-client";
import { merchantQueryKey } from "../hooks/use-merchant-events";

export const agentActivityQueryKey = [...merchantQueryKey, "agent-activity"] as const;

/** GET /api/merchant/agent-activity: shoppers' agents' newest tool calls over MCP. */
export function fetchAgentActivity(signal?: AbortSignal): Promise<AgentActivity> {
  return apiFetch("/api/merchant/agent-activity", {
    schema: AgentActivitySchema,
    ...(signal ? { signal } : {}),
  });
}
