import { type Approval, ApprovalSchema, ApproveNegotiationSchema } from "@haggle/contract/negotiation";
import { z } from "zod";
import { apiFetch } from "@/lib/api-client";
import { merchantQueryKey } from "../hooks/use-merchant-events";

export type ApprovalStatus = Approval["status"];

export function approvalsQueryKey(status: ApprovalStatus) {
  return [...merchantQueryKey, "approvals", status] as const;
}

const ApprovalListSchema = z.array(ApprovalSchema);
// The server answers with the approval as it stands after the decision (null if it vanished meanwhile).
const DecisionResultSchema = z.object({ approval: ApprovalSchema.nullable() });

export type ApprovalDecision = z.input<typeof ApproveNegotiationSchema>;

/** GET /api/merchant/approvals?status=: newest first. */
export function fetchApprovals(status: ApprovalStatus, signal?: AbortSignal): Promise<Approval[]> {
  return apiFetch(`/api/merchant/approvals?status=${status}`, {
    schema: ApprovalListSchema,
    ...(signal ? { signal } : {}),
  });
}

/** POST /functions/v1/approve-negotiation: the merchant's answer; Ava tells the shopper live. */
export async function decideApproval(decision: ApprovalDecision): Promise<Approval | null> {
  const body = ApproveNegotiationSchema.parse(decision);
  const result = await apiFetch("/functions/v1/approve-negotiation", {
    method: "POST",
    body,
    schema: DecisionResultSchema,
  });
  return result.approval;
}
