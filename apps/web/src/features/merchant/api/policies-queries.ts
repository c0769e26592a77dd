import type { PolicyKind } from "@haggle/domain/policies/policy-pages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchMerchantPolicies, policiesQueryKey, saveMerchantPolicy } from "./policies-api";

export function useMerchantPolicies() {
  return useQuery({ queryKey: policiesQueryKey, queryFn: ({ signal }) => fetchMerchantPolicies(signal) });
}

export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: PolicyKind; body: string }) => saveMerchantPolicy(kind, body),
    onSuccess: (policies) => {
      queryClient.setQueryData(policiesQueryKey, policies);
      // The storefront's footer and pages read the published list.
      void queryClient.invalidateQueries({ queryKey: ["policies"] });
    },
  });
}
