import { RealtimeEventSchema } from "@haggle/contract/negotiation";
import { useEffect, useLayoutEffect, useRef } from "react";

/**
 * Listens to GET /api/realtime while a negotiation is open and calls `onChange` when the
 * server says something happened to it (a manager decided an escalated ask: Ava's answer is
 * stored). A reconnection may have missed an event, so it counts as a change too.
 */
export function useNegotiationEvents(negotiationId: string | null, onChange: () => void) {
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    if (negotiationId === null || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/realtime", { withCredentials: true });
    let connections = 0;
    const onReady = () => {
      connections += 1;
      if (connections > 1) latest.current();
    };
    const onEvent = (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = RealtimeEventSchema.safeParse(data);
      if (!parsed.success || parsed.data.type === "approval.created" || parsed.data.type === "order.updated") return;
      if (parsed.data.negotiationId === negotiationId) latest.current();
    };
    source.addEventListener("ready", onReady);
    source.addEventListener("approval.decided", onEvent);
    source.addEventListener("negotiation.message", onEvent);
    return () => source.close();
  }, [negotiationId]);
}
