import type { Approval } from "@haggle/contract/negotiation";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { negotiationApprovals, negotiations, profiles } from "../../platform/db/schema.ts";
import { moneyOut } from "../catalog/product-dto.ts";

type Status = "pending" | "approved" | "rejected";

function baseQuery(db: Db) {
  return db
    .select({ approval: negotiationApprovals, profile: profiles })
    .from(negotiationApprovals)
    .innerJoin(negotiations, eq(negotiations.id, negotiationApprovals.negotiationId))
    .leftJoin(profiles, eq(profiles.userId, negotiations.userId));
}

function toDto(row: Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number]): Approval {
  const a = row.approval;
  return {
    id: a.id,
    negotiationId: a.negotiationId,
    status: a.status as Status,
    requestedDiscountPct: Number(a.requestedDiscountPct),
    requestedDiscountAmount: moneyOut(a.requestedDiscountAmount),
    subtotal: moneyOut(a.subtotal),
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
  const rows = await baseQuery(db)
    .where(status ? and(eq(negotiationApprovals.status, status)) : undefined)
    .orderBy(desc(negotiationApprovals.createdAt));
  return rows.map(toDto);
}

export async function approvalDto(db: Db, id: string): Promise<Approval | null> {
  const [row] = await baseQuery(db).where(eq(negotiationApprovals.id, id)).limit(1);
  return row ? toDto(row) : null;
}
