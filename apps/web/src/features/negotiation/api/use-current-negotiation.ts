import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { currentNegotiationQueryKey, fetchCurrentNegotiation, startNegotiation } from "./negotiation-api";

export interface CurrentNegotiation {
  /** The negotiation on screen; null until the shopper's first message starts one. */
  negotiationId: string | null;
  /** The server has not said yet whether there is one to resume. */
  isLoading: boolean;
  isError: boolean;
  /** Asks again after a failure. */
  retry: () => void;
  /** Starts (or resumes) the cart's negotiation for the first message: its id. */
  start: () => Promise<string>;
}

/**
 * The negotiation the page resumes — its messages, offer and expiry live on the server — or none:
 * a visit creates nothing (an abandoned visit is not a negotiation); the first message does.
 */
export function useCurrentNegotiation(): CurrentNegotiation {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: currentNegotiationQueryKey,
    queryFn: ({ signal }) => fetchCurrentNegotiation(signal),
    // Read afresh on every visit (the cart may have changed, or been checked out, meanwhile): a
    // remembered answer would show an old negotiation for a moment.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const start = useCallback(async () => {
    const { id } = await startNegotiation();
    queryClient.setQueryData(currentNegotiationQueryKey, { id });
    return id;
  }, [queryClient]);
  const { refetch } = query;
  return {
    negotiationId: query.data?.id ?? null,
    isLoading: query.isPending,
    isError: query.isError,
    retry: useCallback(() => void refetch(), [refetch]),
    start,
  };
}
