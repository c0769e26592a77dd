import { useQuery } from "@tanstack/react-query";
import { fetchOrders, orderListQueryKey } from "./orders-api";

/** GET /api/orders: the shopper's orders, newest first. */
export function useOrders() {
  return useQuery({ queryKey: orderListQueryKey(), queryFn: ({ signal }) => fetchOrders(signal) });
}
