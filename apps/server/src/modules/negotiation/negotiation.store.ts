import type { Escalation } from "@haggle/domain/negotiation/merchant-approval";
import type { OfferLapse, OfferToIssue } from "@haggle/domain/negotiation/negotiation-types";
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.ts";
import {
  negotiationApprovals,
  negotiationMessages,
  negotiationOffers,
  negotiations,
} from "../../platform/db/schema/negotiation.ts";

/**
 * The negotiation module's access to its own tables (negotiations, messages, offers, approvals).
 * What it needs of other modules' tables it asks their stores: the shopper's profile (accounts),
 * the bundle search and the bundled product (catalog), the cart an offer is applied to (cart).
 */

type Queryable = Db | Tx;
export type NegotiationRow = typeof negotiations.$inferSelect;
export type OfferRow = typeof negotiationOffers.$inferSelect;
export type ApprovalRow = typeof negotiationApprovals.$inferSelect;

/** Offers that can still be accepted (before their lapse is checked). */
const LIVE = ["standing", "agreed"];

// ---------------------------------------------------------------- negotiations

/** Replaces the cart's active negotiation (its messages, offers and approvals cascade) with a new one. */
export async function replaceActiveNegotiation(
  tx: Tx,
  userId: string,
  cartId: string,
  channel: NegotiationChannel = "web",
): Promise<{ id: string }> {
  await tx
    .delete(negotiations)
    .where(and(eq(negotiations.cartId, cartId), eq(negotiations.status, "active")));
  const [row] = await tx
    .insert(negotiations)
    .values({ userId, cartId, status: "active", channel })
    // One active negotiation per cart (a partial unique index): a concurrent start that got
    // there first wins, and this one answers its negotiation.
    .onConflictDoNothing({ target: negotiations.cartId, where: sql`status = 'active'` })
    .returning({ id: negotiations.id });
  if (row) return row;
  const [existing] = await tx
    .select({ id: negotiations.id })
    .from(negotiations)
    .where(and(eq(negotiations.cartId, cartId), eq(negotiations.status, "active")))
    .limit(1);
  if (!existing) throw new Error("negotiation not created");
  return existing;
}

/** The cart's active negotiation (at most one), if any. */
export async function findActiveNegotiation(db: Queryable, cartId: string): Promise<NegotiationRow | null> {
  const [row] = await db
    .select()
    .from(negotiations)
    .where(and(eq(negotiations.cartId, cartId), eq(negotiations.status, "active")))
    .orderBy(desc(negotiations.startedAt))
    .limit(1);
  return row ?? null;
}

export async function findOwnNegotiation(
  db: Queryable,
  userId: string,
  id: string,
): Promise<NegotiationRow | null> {
  const [row] = await db
    .select()
    .from(negotiations)
    .where(and(eq(negotiations.id, id), eq(negotiations.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The shopper's negotiation, locked until the transaction ends: racing turns and accepts take turns. */
export async function lockOwnNegotiation(tx: Tx, userId: string, id: string): Promise<NegotiationRow | null> {
  const [row] = await tx
    .select()
    .from(negotiations)
    .where(and(eq(negotiations.id, id), eq(negotiations.userId, userId)))
    .for("update");
  return row ?? null;
}

export async function findNegotiation(tx: Tx, id: string): Promise<NegotiationRow | null> {
  const [row] = await tx.select().from(negotiations).where(eq(negotiations.id, id));
  return row ?? null;
}

/** Where a negotiation is held: Ava's page, or a shopper's AI agent over MCP. */
export type NegotiationChannel = "web" | "agent";

/** A turn taken through MCP makes the negotiation an agent's, whoever started it. */
export async function markAgentNegotiation(tx: Tx, id: string): Promise<void> {
  await tx.update(negotiations).set({ channel: "agent" }).where(eq(negotiations.id, id));
}

export async function saveTurnCounters(
  tx: Tx,
  id: string,
  next: { round: number; step: number; bundleProposed: boolean },
): Promise<void> {
  await tx
    .update(negotiations)
    .set({ rounds: next.round, concessionStep: next.step, bundleProposed: next.bundleProposed })
    .where(eq(negotiations.id, id));
}

export async function completeNegotiation(
  tx: Tx,
  id: string,
  result: { appliedDiscount: number; finalPercentBp: number },
): Promise<void> {
  await tx
    .update(negotiations)
    .set({
      status: "completed",
      completedAt: new Date(),
      appliedDiscountAmount: result.appliedDiscount,
      finalDiscountPct: (result.finalPercentBp / 100).toFixed(2),
    })
    .where(eq(negotiations.id, id));
}

/**
 * The negotiation whose offer an order carries ends with the order (its first completion time
 * stays): the checkout calls this through the negotiation's front door.
 */
export async function completeNegotiationWithOrder(tx: Tx, negotiationId: string): Promise<void> {
  await tx
    .update(negotiations)
    .set({ status: "completed", completedAt: sql`coalesce(${negotiations.completedAt}, now())` })
    .where(eq(negotiations.id, negotiationId));
}

// ---------------------------------------------------------------- messages

export async function listMessages(db: Queryable, negotiationId: string) {
  return db
    .select({
      role: negotiationMessages.role,
      content: negotiationMessages.content,
      createdAt: negotiationMessages.createdAt,
    })
    .from(negotiationMessages)
    .where(eq(negotiationMessages.negotiationId, negotiationId))
    .orderBy(asc(negotiationMessages.createdAt), asc(negotiationMessages.id));
}

export async function addMessage(
  db: Queryable,
  negotiationId: string,
  role: "user" | "assistant",
  content: string,
): Promise<void> {
  await db.insert(negotiationMessages).values({ negotiationId, role, content });
}

// ---------------------------------------------------------------- offers

/** The latest offer stored as standing or agreed, whether or not it still counts. */
export async function latestLiveOffer(tx: Tx, negotiationId: string): Promise<OfferRow | null> {
  const [row] = await tx
    .select()
    .from(negotiationOffers)
    .where(and(eq(negotiationOffers.negotiationId, negotiationId), inArray(negotiationOffers.status, LIVE)))
    .orderBy(desc(negotiationOffers.createdAt))
    .limit(1);
  return row ?? null;
}

/** The negotiation's latest offer, whatever became of it (voided, expired, applied...). */
export async function latestOffer(db: Queryable, negotiationId: string): Promise<OfferRow | null> {
  const [row] = await db
    .select()
    .from(negotiationOffers)
    .where(eq(negotiationOffers.negotiationId, negotiationId))
    .orderBy(desc(negotiationOffers.createdAt))
    .limit(1);
  return row ?? null;
}

/** The latest unexpired offer that stands, was agreed or was applied: what the negotiation shows. */
export async function latestShownOffer(db: Queryable, negotiationId: string): Promise<OfferRow | null> {
  const [row] = await db
    .select()
    .from(negotiationOffers)
    .where(
      and(
        eq(negotiationOffers.negotiationId, negotiationId),
        inArray(negotiationOffers.status, [...LIVE, "applied"]),
        gt(negotiationOffers.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(negotiationOffers.createdAt))
    .limit(1);
  return row ?? null;
}

export async function markOfferLapsed(tx: Tx, lapse: OfferLapse): Promise<void> {
  await tx
    .update(negotiationOffers)
    .set({ status: lapse.status })
    .where(eq(negotiationOffers.id, lapse.offerId));
}

export async function setOfferStatus(
  tx: Tx,
  offerId: string,
  status: "agreed" | "applied",
): Promise<OfferRow> {
  const [row] = await tx
    .update(negotiationOffers)
    .set({ status })
    .where(eq(negotiationOffers.id, offerId))
    .returning();
  if (!row) throw new Error("offer not found");
  return row;
}

/** Stores a new standing offer, retiring the one before it. */
export async function issueOffer(
  tx: Tx,
  target: { negotiationId: string; cartId: string; cartFingerprint: string },
  offer: OfferToIssue,
): Promise<OfferRow> {
  await tx
    .update(negotiationOffers)
    .set({ status: "superseded" })
    .where(
      and(eq(negotiationOffers.negotiationId, target.negotiationId), inArray(negotiationOffers.status, LIVE)),
    );
  const { terms } = offer;
  const [row] = await tx
    .insert(negotiationOffers)
    .values({
      negotiationId: target.negotiationId,
      cartId: target.cartId,
      cartFingerprint: target.cartFingerprint,
      subtotal: terms.subtotal,
      discount: terms.discount,
      percentBp: terms.percent,
      newItems: terms.newItems,
      reasons: terms.reasons,
      source: terms.source,
      status: "standing",
      expiresAt: offer.expiresAt,
    })
    .returning();
  if (!row) throw new Error("offer not stored");
  return row;
}

// ---------------------------------------------------------------- approvals

export async function latestApproval(db: Queryable, negotiationId: string): Promise<ApprovalRow | null> {
  const [row] = await db
    .select()
    .from(negotiationApprovals)
    .where(eq(negotiationApprovals.negotiationId, negotiationId))
    .orderBy(desc(negotiationApprovals.createdAt))
    .limit(1);
  return row ?? null;
}

export async function createApproval(
  tx: Tx,
  negotiationId: string,
  escalation: Escalation,
): Promise<{ id: string } | null> {
  const [row] = await tx
    .insert(negotiationApprovals)
    .values({
      negotiationId,
      status: "pending",
      requestedDiscountPct: (escalation.percent / 100).toFixed(2),
      requestedDiscountAmount: escalation.amount,
      escalationReason: escalation.reason,
      cartFingerprint: escalation.cartFingerprint,
      subtotal: escalation.subtotal,
    })
    .returning({ id: negotiationApprovals.id });
  return row ?? null;
}

/** The approval, locked until the transaction ends: two merchants deciding at once take turns. */
export async function lockApproval(tx: Tx, id: string): Promise<ApprovalRow | null> {
  const [row] = await tx
    .select()
    .from(negotiationApprovals)
    .where(eq(negotiationApprovals.id, id))
    .for("update");
  return row ?? null;
}

export async function recordApprovalDecision(
  tx: Tx,
  id: string,
  decision: { status: "approved" | "rejected"; notes: string | null; decidedBy: string },
): Promise<ApprovalRow> {
  const [row] = await tx
    .update(negotiationApprovals)
    .set({ ...decision, decidedAt: new Date() })
    .where(eq(negotiationApprovals.id, id))
    .returning();
  if (!row) throw new Error("approval not found");
  return row;
}

function approvalsWithShopper(db: Queryable) {
  return db
    .select({ approval: negotiationApprovals, userId: negotiations.userId })
    .from(negotiationApprovals)
    .innerJoin(negotiations, eq(negotiations.id, negotiationApprovals.negotiationId));
}

/** An approval and the account of the shopper who asked (their profile is the accounts module's). */
export type ApprovalWithShopper = { approval: ApprovalRow; userId: string };

/** Approvals with the asking shopper's account id, newest first, optionally of one status. */
export async function listApprovalRows(
  db: Queryable,
  status: string | undefined,
): Promise<ApprovalWithShopper[]> {
  return approvalsWithShopper(db)
    .where(status ? eq(negotiationApprovals.status, status) : undefined)
    .orderBy(desc(negotiationApprovals.createdAt));
}

export async function findApprovalRow(db: Queryable, id: string): Promise<ApprovalWithShopper | null> {
  const [row] = await approvalsWithShopper(db).where(eq(negotiationApprovals.id, id)).limit(1);
  return row ?? null;
}
