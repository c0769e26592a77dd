import { useQuery } from "@tanstack/react-query";
import { fetchNegotiation, negotiationQueryKey } from "./negotiation-api";

/** GET /api/negotiations/:id: stored messages, the standing offer and the manager's approval. */
export function useNegotiation(negotiationId: string | null) {
  return useQuery({
    queryKey: negotiationQueryKey(negotiationId ?? ""),
    queryFn: ({ signal }) => fetchNegotiation(negotiationId ?? "", signal),
    enabled: negotiationId !== null,
    // Every turn and every manager's decision reads it again; nothing else changes it.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
