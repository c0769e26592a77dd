import { useRealtimeEvents } from "@/lib/use-realtime-events";

const TYPES = ["approval.decided", "negotiation.message"] as const;

/**
 * Listens to GET /api/realtime while a negotiation is open and calls `onChange` when the
 * server says something happened to it (a manager decided an escalated ask: Ava's answer is
 * stored). A reconnection may have missed an event, so it counts as a change too.
 */
export function useNegotiationEvents(negotiationId: string | null, onChange: () => void) {
  useRealtimeEvents(
    TYPES,
    {
      onEvent: (event) => {
        if ("negotiationId" in event && event.negotiationId === negotiationId) onChange();
      },
      onReconnect: onChange,
    },
    negotiationId !== null,
  );
}
