import {
  type TaxChoicesBody,
  type TaxRateBody,
  type TaxRateResetBody,
  TaxSettingsSchema,
} from "@haggle/contract/taxes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { merchantQueryKey } from "../hooks/use-merchant-events";

export const taxesQueryKey = [...merchantQueryKey, "taxes"] as const;

export function useTaxSettings() {
  return useQuery({
    queryKey: taxesQueryKey,
    queryFn: ({ signal }) => apiFetch("/api/merchant/taxes", { schema: TaxSettingsSchema, signal }),
  });
}

type TaxChange =
  | { kind: "choices"; body: TaxChoicesBody }
  | { kind: "rate"; body: TaxRateBody }
  | { kind: "reset"; body: TaxRateResetBody }
  | { kind: "remove"; body: TaxRateResetBody };

const TARGET = {
  choices: { path: "/api/merchant/taxes", method: "PUT" },
  rate: { path: "/api/merchant/taxes/rates", method: "PUT" },
  reset: { path: "/api/merchant/taxes/rates/reset", method: "POST" },
  remove: { path: "/api/merchant/taxes/rates/remove", method: "POST" },
} as const;

/** One change to the shop's taxes; the answer is the whole settings, written into the cache. */
export function useChangeTaxes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TaxChange) =>
      apiFetch(TARGET[change.kind].path, {
        method: TARGET[change.kind].method,
        body: change.body,
        schema: TaxSettingsSchema,
      }),
    onSuccess: (settings) => queryClient.setQueryData(taxesQueryKey, settings),
  });
}
