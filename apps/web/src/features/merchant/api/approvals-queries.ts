import type { Approval } from "@haggle/contract/negotiation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { merchantQueryKey } from "../hooks/use-merchant-events";
import { type ApprovalStatus, approvalsQueryKey, decideApproval, fetchApprovals } from "./approvals-api";

/** The approvals with one status; refreshed whenever a new one is announced (its key starts with "merchant"). */
export function useApprovals(status: ApprovalStatus) {
  return useQuery({
    queryKey: approvalsQueryKey(status),
    queryFn: ({ signal }) => fetchApprovals(status, signal),
  });
}

/**
 * Approve or reject. On success the card leaves the pending list at once (no wait for the
 * refetch). Either way every merchant figure is read again: a failure may mean another
 * merchant decided first, and the list should show that.
 */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    onSuccess: (_approval, decision) => {
      queryClient.setQueryData<Approval[]>(approvalsQueryKey("pending"), (list) =>
        list?.filter((approval) => approval.id !== decision.approvalId),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantQueryKey }),
  });
}
