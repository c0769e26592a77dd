import { useQueryClient } from "@tanstack/react-query";
import { useRealtimeEvents } from "@/lib/use-realtime-events";
import { ordersQueryKey } from "../api/orders-api";

const TYPES = ["order.updated"] as const;

/**
 * While the shopper's orders are open: reads the orders again when the merchant moves one
 * forward (`order.updated` on GET /api/realtime), and after a reconnection, which may have
 * missed one.
 */
export function useOrderEvents() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
  useRealtimeEvents(TYPES, { onEvent: refresh, onReconnect: refresh });
}
