import type { PolicyList, PolicyPage } from "@haggle/contract/policies";
import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, apiFetch } from "@/lib/api-client";

export const policiesQueryKey = ["policies"] as const;

/** The cache key of a policy page; the server fills it in when it renders the page. */
export function policyPageQueryKey(kind: string) {
  return [...policiesQueryKey, "page", kind] as const;
}

/** GET /api/policies: the pages the merchant has published, for the footer (asked once `enabled`). */
export function usePolicyList(enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...policiesQueryKey, "list"],
    queryFn: ({ signal }): Promise<PolicyList> =>
      apiFetch("/api/policies", {
        schema: () => import("@haggle/contract/policies").then((m) => m.PolicyListSchema),
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

/**
 * GET /api/policies/{kind}: a published page, or null when the shop has not written it (an
 * answer, cached like any other, so a page the server rendered as 'not found' hydrates so).
 */
export async function fetchPolicyPage(kind: string, signal?: AbortSignal): Promise<PolicyPage | null> {
  try {
    return await apiFetch(`/api/policies/${encodeURIComponent(kind)}`, {
      schema: () => import("@haggle/contract/policies").then((m) => m.PolicyPageSchema),
      signal,
    });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export function usePolicyPage(kind: string) {
  return useQuery({
    queryKey: policyPageQueryKey(kind),
    queryFn: ({ signal }) => fetchPolicyPage(kind, signal),
  });
}
