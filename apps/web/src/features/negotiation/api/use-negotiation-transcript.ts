import { NegotiationSchema } from "@haggle/contract/negotiation";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

/** The part of GET /api/negotiations/:id a transcript needs. */
const NegotiationTranscriptSchema = NegotiationSchema.pick({ id: true, messages: true });

export const negotiationsQueryKey = ["negotiations"] as const;

export function fetchNegotiationTranscript(negotiationId: string, signal?: AbortSignal) {
  return apiFetch(`/api/negotiations/${encodeURIComponent(negotiationId)}`, {
    schema: NegotiationTranscriptSchema,
    ...(signal ? { signal } : {}),
  });
}

/** A negotiation's messages, oldest first, as the server stored them. */
export function useNegotiationTranscript(negotiationId: string) {
  return useQuery({
    queryKey: [...negotiationsQueryKey, negotiationId, "transcript"],
    queryFn: ({ signal }) => fetchNegotiationTranscript(negotiationId, signal),
  });
}
