import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiKeysQueryKey, createApiKey, fetchApiKeys, revokeApiKey } from "./api-keys-api";

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysQueryKey, queryFn: fetchApiKeys });
}

/** Create and revoke; each refreshes the list once it has run. */
export function useApiKeyActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
  const create = useMutation({ mutationFn: createApiKey, onSettled: refresh });
  const revoke = useMutation({ mutationFn: revokeApiKey, onSettled: refresh });
  return { create, revoke };
}
