import type { Approval } from "@haggle/contract/negotiation";
import type { Db } from "../../platform/db/client.ts";
import { findProfiles, type ProfileRow } from "../accounts/index.ts";
import { type ApprovalWithShopper, findApprovalRow, listApprovalRows } from "./negotiation.store.ts";

type Status = "pending" | "approved" | "rejected";

function toDto(row: ApprovalWithShopper, profile: ProfileRow | undefined): Approval {
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
      name: profile?.name ?? "",
      email: profile?.email ?? "",
      loyaltyTier: profile?.loyaltyTier ?? "NONE",
      ordersCount: profile?.ordersCount ?? 0,
    },
  };
}

/** Each approval with its shopper's profile (one query for all of them). */
async function withShoppers(db: Db, rows: ApprovalWithShopper[]): Promise<Approval[]> {
  const profiles = await findProfiles(db, [...new Set(rows.map((r) => r.userId))]);
  const byUser = new Map(profiles.map((p) => [p.userId, p]));
  return rows.map((row) => toDto(row, byUser.get(row.userId)));
}

export async function listApprovals(db: Db, status: Status | undefined): Promise<Approval[]> {
  return withShoppers(db, await listApprovalRows(db, status));
}

export async function approvalDto(db: Db, id: string): Promise<Approval | null> {
  const row = await findApprovalRow(db, id);
  return row ? ((await withShoppers(db, [row]))[0] ?? null) : null;
}
