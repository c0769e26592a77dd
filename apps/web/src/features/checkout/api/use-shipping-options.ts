import type { AddressInput } from "@haggle/contract/addresses";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

/** Where the cart is to ship: a saved address by id, or a new one once its fields are all valid. */
export type ShippingAddressChoice = { addressId: string } | AddressInput;

/**
 * POST /api/checkout/shipping-options: the methods serving the address, cheapest first, each with
 * the cart's tax and total; `unserved` holds the sentence for an address no zone serves. Keyed by
 * the address and the cart's total, so a change to either asks again.
 */
export function useShippingOptions(address: ShippingAddressChoice | null, cartTotal: number) {
  return useQuery({
    queryKey: ["shipping-options", address, cartTotal],
    enabled: address !== null,
    queryFn: ({ signal }) =>
      apiFetch("/api/checkout/shipping-options", {
        method: "POST",
        body: { address },
        schema: () => import("@haggle/contract/shipping").then((m) => m.ShippingOptionsSchema),
        signal,
      }),
  });
}
