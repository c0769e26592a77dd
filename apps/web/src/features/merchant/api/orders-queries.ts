import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { merchantQueryKey } from "../hooks/use-merchant-events";
import {
  type ForwardStatus,
  cancelMerchantOrder,
  fetchMerchantOrders,
  markOrderPaid,
  refundMerchantOrder,
  moveOrderForward,
  type OrderListParams,
  orderListQueryKey,
} from "./orders-api";

export function useMerchantOrders(params: OrderListParams) {
  return useQuery({
    queryKey: orderListQueryKey(params),
    queryFn: ({ signal }) => fetchMerchantOrders(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Moves one order a step forward; a failure may mean someone else moved it, so the list is read again either way. */
export function useMoveOrderForward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, status }: { orderId: string; status: ForwardStatus }) =>
      moveOrderForward(orderId, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantQueryKey }),
  });
}

/** Marks a manually paid order paid; the list is read again either way. */
export function useMarkOrderPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => markOrderPaid(orderId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantQueryKey }),
  });
}

/** Refunds lines (or everything left) or cancels an order; the list is read again either way. */
export function useGiveBack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action:
        | { kind: "cancel"; orderId: string }
        | { kind: "refund"; orderId: string; lines: { orderItemId: string; quantity: number }[] | null },
    ) =>
      action.kind === "cancel"
        ? cancelMerchantOrder(action.orderId)
        : refundMerchantOrder(action.orderId, action.lines),
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantQueryKey }),
  });
}
