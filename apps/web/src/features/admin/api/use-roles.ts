import type { RoleName } from "@haggle/contract/admin";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "@/lib/api-client";
import {
  adminStatusQueryKey,
  claimShop,
  fetchRoles,
  grantRole,
  revokeRole,
  rolesQueryKey,
} from "./admin-api";

const noRetryOn4xx = (failureCount: number, error: unknown) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failureCount < 2;

export function useRoles(enabled: boolean) {
  return useQuery({ queryKey: rolesQueryKey, queryFn: fetchRoles, enabled, retry: noRetryOn4xx });
}

/** Claim, grant and revoke; each refreshes what /admin shows once it has run. */
export function useRoleActions() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
      queryClient.invalidateQueries({ queryKey: adminStatusQueryKey }),
    ]);
  };
  const claim = useMutation({ mutationFn: claimShop, onSuccess: refresh });
  const grant = useMutation({
    mutationFn: ({ email, role }: { email: string; role: RoleName }) => grantRole(email, role),
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: string }) => revokeRole(userId, role),
    onSettled: refresh,
  });
  return { claim, grant, revoke };
}
