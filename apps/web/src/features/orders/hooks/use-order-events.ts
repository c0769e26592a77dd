import { RealtimeEventSchema } from "@haggle/contract/negotiation";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ordersQueryKey } from "../api/orders-api";

/**
 * While the shopper's orders are open: listens to GET /api/realtime and reads the orders again
 * when the merchant moves one forward (`order.updated`). A reconnection may have missed an
 * event, so it refreshes too.
 */
export function useOrderEvents() {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/realtime", { withCredentials: true });
    let connections = 0;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    const onReady = () => {
      connections += 1;
      if (connections > 1) refresh();
    };
    const onOrderUpdated = (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = RealtimeEventSchema.safeParse(data);
      if (parsed.success && parsed.data.type === "order.updated") refresh();
    };
    source.addEventListener("ready", onReady);
    source.addEventListener("order.updated", onOrderUpdated);
    return () => source.close();
  }, [queryClient]);
}
