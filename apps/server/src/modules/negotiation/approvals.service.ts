import type { Approval } from "@haggle/contract/negotiation";
import type { Db } from "../../platform/db/client.ts";
import { type ApprovalWithShopper, findApprovalRow, listApprovalRows } from "./negotiation.store.ts";

type Status = "pending" | "approved" | "rejected";

function toDto(row: ApprovalWithShopper): Approval {
  const a = row.approval;
  return {
    id: a.id,
    negotiationId: a.negotiationId,
    status: a.status as Status,
    requestedDiscountPct: Number(a.requestedDiscountPct),
    requestedDiscountAmount: a.requestedDiscountAmount,
    subtotal: a.subtotal,
    escalationReason: a.escalationReason,
    notes: a.notes,
    createdAt: a.createdAt.toISOString(),
    decidedAt: a.decidedAt?.toISOString() ?? null,
    shopper: {
      name: row.profile?.name ?? "",
      email: row.profile?.email ?? "",
      loyaltyTier: row.profile?.loyaltyTier ?? "NONE",
      ordersCount: row.profile?.ordersCount ?? 0,
    },
  };
}

export async function listApprovals(db: Db, status: Status | undefined): Promise<Approval[]> {
  return (await listApprovalRows(db, status)).map(toDto);
}

export async function approvalDto(db: Db, id: string): Promise<Approval | null> {
  const row = await findApprovalRow(db, id);
  return row ? toDto(row) : null;
}
