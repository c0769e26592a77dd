import { type MerchantPolicies, MerchantPoliciesSchema, PolicyBodySchema } from "@haggle/contract/policies";
import type { PolicyKind } from "@haggle/domain/policies/policy-pages";
import { apiFetch } from "@/lib/api-client";
import { merchantQueryKey } from "../hooks/use-merchant-events";

export const policiesQueryKey = [...merchantQueryKey, "policies"] as const;

/** GET /api/merchant/policies: the four pages as the merchant edits them. */
export function fetchMerchantPolicies(signal?: AbortSignal): Promise<MerchantPolicies> {
  return apiFetch("/api/merchant/policies", {
    schema: MerchantPoliciesSchema,
    ...(signal ? { signal } : {}),
  });
}

/** PUT /api/merchant/policies/:kind with the page's whole text (empty unpublishes it). */
export function saveMerchantPolicy(kind: PolicyKind, body: string): Promise<MerchantPolicies> {
  return apiFetch(`/api/merchant/policies/${kind}`, {
    method: "PUT",
    body: PolicyBodySchema.parse({ body }),
    schema: MerchantPoliciesSchema,
  });
}
