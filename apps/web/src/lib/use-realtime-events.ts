import { type RealtimeEvent, RealtimeEventSchema } from "@haggle/contract/negotiation";
import { useEffect, useLayoutEffect, useRef } from "react";

type EventType = RealtimeEvent["type"];

interface RealtimeHandlers {
  /** Called with each event of the listened types that matches the contract. */
  onEvent: (event: RealtimeEvent) => void;
  /** Called when the stream came back after a drop: events may have been missed meanwhile. */
  onReconnect?: () => void;
}

/**
 * One GET /api/realtime stream while `enabled`: parses the named events with the contract and
 * hands them over. The handlers may change on every render without reopening the stream.
 */
export function useRealtimeEvents(types: readonly EventType[], handlers: RealtimeHandlers, enabled = true) {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const typeList = types.join(",");

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/realtime", { withCredentials: true });
    let connections = 0;
    const onReady = () => {
      connections += 1;
      if (connections > 1) latest.current.onReconnect?.();
    };
    const onMessage = (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = RealtimeEventSchema.safeParse(data);
      if (parsed.success) latest.current.onEvent(parsed.data);
    };
    source.addEventListener("ready", onReady);
    for (const type of typeList.split(",")) source.addEventListener(type, onMessage);
    return () => source.close();
  }, [enabled, typeList]);
}
