import { useQuery } from "@tanstack/react-query";
import { fetchOrder, type OrderView, orderQueryKey } from "./orders-api";

/**
 * GET /api/orders/:id, so a confirmation or a detail view works on reload. `preview` (the order
 * from the list) shows at once while the fresh copy loads.
 */
export function useOrder(orderId: string | null, preview?: OrderView) {
  return useQuery({
    queryKey: orderQueryKey(orderId ?? ""),
    queryFn: ({ signal }) => fetchOrder(orderId ?? "", signal),
    enabled: orderId !== null && orderId !== "",
    placeholderData: preview,
  });
}
