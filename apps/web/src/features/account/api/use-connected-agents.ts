import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  answerConsent,
  connectedAgentsQueryKey,
  fetchConnectedAgents,
  fetchOAuthClient,
  revokeConnectedAgent,
} from "./connected-agents-api";

export function useConnectedAgents() {
  return useQuery({ queryKey: connectedAgentsQueryKey, queryFn: fetchConnectedAgents });
}

export function useRevokeConnectedAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeConnectedAgent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectedAgentsQueryKey }),
  });
}

export function useOAuthClient(clientId: string) {
  return useQuery({
    queryKey: ["oauth-client", clientId],
    queryFn: () => fetchOAuthClient(clientId),
    retry: false,
  });
}

export function useAnswerConsent() {
  return useMutation({
    mutationFn: ({ accept, oauthQuery }: { accept: boolean; oauthQuery: string }) =>
      answerConsent(accept, oauthQuery),
  });
}
