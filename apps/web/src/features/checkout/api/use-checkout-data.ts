import { SavedAddressListSchema } from "@haggle/contract/addresses";
import { CheckoutOptionsSchema } from "@haggle/contract/orders";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

export const addressesQueryKey = ["addresses"] as const;

/** GET /api/addresses: the shopper's address book, the last used first. */
export function useAddresses() {
  return useQuery({
    queryKey: addressesQueryKey,
    queryFn: ({ signal }) => apiFetch("/api/addresses", { schema: SavedAddressListSchema, signal }),
  });
}

/** GET /api/checkout/options: the payment methods the shop takes, the default first. */
export function useCheckoutOptions() {
  return useQuery({
    queryKey: ["checkout-options"],
    queryFn: ({ signal }) => apiFetch("/api/checkout/options", { schema: CheckoutOptionsSchema, signal }),
    staleTime: 5 * 60_000,
  });
}
