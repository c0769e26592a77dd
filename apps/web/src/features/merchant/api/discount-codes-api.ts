import { type DiscountCode, DiscountCodeListSchema, DiscountCodeSchema } from "@haggle/contract/discounts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { merchantQueryKey } from "../hooks/use-merchant-events";

export const discountCodesQueryKey = [...merchantQueryKey, "discount-codes"] as const;

/**
 * A code's terms as sent: amounts in dollars as the merchant typed them (the wire's unit), dates
 * as ISO strings, null for a term left empty.
 */
export interface DiscountCodeWire {
  code: string;
  kind: DiscountCode["kind"];
  percentOff: number | null;
  amountOff: number | null;
  minimumSubtotal: number | null;
  startsAt: string | null;
  endsAt: string | null;
  totalUses: number | null;
  usesPerCustomer: number | null;
  productIds: string[];
  categories: string[];
  combinesWithNegotiated: boolean;
  active: boolean;
}

export function useDiscountCodes() {
  return useQuery({
    queryKey: discountCodesQueryKey,
    queryFn: ({ signal }) =>
      apiFetch("/api/merchant/discount-codes", { schema: DiscountCodeListSchema, signal }),
  });
}

/** POST (no id) or PUT (an id) a code's whole terms. */
export function useSaveDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: DiscountCodeWire }) =>
      apiFetch(id ? `/api/merchant/discount-codes/${id}` : "/api/merchant/discount-codes", {
        method: id ? "PUT" : "POST",
        body,
        schema: DiscountCodeSchema,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: discountCodesQueryKey }),
  });
}
