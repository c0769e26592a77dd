import type { AddressInput } from "@haggle/contract/addresses";
import type { Cart } from "@haggle/contract/cart";
import { useState } from "react";
import { type ShippingAddressChoice, useShippingOptions } from "../api/use-shipping-options";

/**
 * The checkout's shipping by the shop's zones: the methods serving the chosen address, the one
 * the shopper picked (else the cheapest), and the cart's figures with it. A new address is priced
 * once its fields are all valid (`typed`, null for a saved address); a saved one at once.
 */
export function useCheckoutShipping(
  cart: Cart,
  typed: { success: true; data: AddressInput } | { success: false } | null,
  savedAddressId: string,
) {
  const [shippingMethodId, setShippingMethodId] = useState<string | null>(null);
  const shipTo: ShippingAddressChoice | null =
    typed === null ? { addressId: savedAddressId } : typed.success ? typed.data : null;
  const shipping = useShippingOptions(shipTo, cart.summary.total);
  const zoneOptions = shipTo ? shipping.data : undefined;
  const method = zoneOptions?.options.find((o) => o.methodId === shippingMethodId) ?? zoneOptions?.options[0];
  // The figures of the quote with the chosen method at this address, when the shop ships by zones.
  const summary = method
    ? { ...cart.summary, shipping: method.amount, tax: method.tax, total: method.total }
    : cart.summary;
  return {
    shipping,
    zoneOptions,
    method,
    unserved: zoneOptions?.unserved ?? null,
    summary,
    chosen: method ? { shippingMethodId: method.methodId } : {},
    setShippingMethodId,
  };
}
