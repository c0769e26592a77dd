import { ShippingSettingsSchema, type ShippingZoneBodyInput } from "@haggle/contract/shipping";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { merchantQueryKey } from "../hooks/use-merchant-events";

export const shippingQueryKey = [...merchantQueryKey, "shipping"] as const;

export function useShippingSettings() {
  return useQuery({
    queryKey: shippingQueryKey,
    queryFn: ({ signal }) => apiFetch("/api/merchant/shipping", { schema: ShippingSettingsSchema, signal }),
  });
}

type ZoneChange =
  | { kind: "create"; body: ShippingZoneBodyInput }
  | { kind: "update"; id: string; body: ShippingZoneBodyInput }
  | { kind: "remove"; id: string };

function target(change: ZoneChange) {
  if (change.kind === "create")
    return { path: "/api/merchant/shipping/zones", method: "POST" as const, body: change.body };
  const path = `/api/merchant/shipping/zones/${encodeURIComponent(change.id)}`;
  return change.kind === "update"
    ? { path, method: "PUT" as const, body: change.body }
    : { path, method: "DELETE" as const, body: undefined };
}

/** One change to the shop's zones; the answer is the whole settings, written into the cache. */
export function useChangeShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ZoneChange) => {
      const { path, method, body } = target(change);
      return apiFetch(path, { method, body, schema: ShippingSettingsSchema });
    },
    onSuccess: (settings) => queryClient.setQueryData(shippingQueryKey, settings),
  });
}
