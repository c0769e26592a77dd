import { useQuery } from "@tanstack/react-query";
import { agentActivityQueryKey, fetchAgentActivity } from "./agent-activity-api";

/** Refreshed every 15 s while open: agents act without the merchant's page knowing. */
export function useAgentActivity() {
  return useQuery({
    queryKey: agentActivityQueryKey,
    queryFn: ({ signal }) => fetchAgentActivity(signal),
    refetchInterval: 15_000,
  });
}
