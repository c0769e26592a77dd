import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../../platform/db/client.ts";
import { outboxOf } from "../../../platform/db/outbox.ts";
import {
  acpCheckoutSessions,
  acpIdempotencyKeys,
  acpWebhookEvents,
} from "../../../platform/db/schema/acp.ts";
import { orders } from "../../../platform/db/schema/orders.ts";

export type AcpSessionRow = typeof acpCheckoutSessions.$inferSelect;
export type AcpWebhookRow = typeof acpWebhookEvents.$inferSelect;

export async function insertAcpSession(
  tx: Tx,
  values: Pick<
    typeof acpCheckoutSessions.$inferInsert,
    "id" | "userId" | "cartId" | "buyer" | "fulfillmentAddress" | "fulfillmentOptionId"
  >,
): Promise<AcpSessionRow> {
  const [row] = await tx.insert(acpCheckoutSessions).values(values).returning();
  if (!row) throw new Error("the checkout session was not written");
  return row;
}

/** The shopper's session with that id; another shopper's is none. */
export async function findAcpSession(
  db: Queryable,
  userId: string,
  id: string,
): Promise<AcpSessionRow | null> {
  const [row] = await db
    .select()
    .from(acpCheckoutSessions)
    .where(and(eq(acpCheckoutSessions.id, id), eq(acpCheckoutSessions.userId, userId)));
  return row ?? null;
}

/** Locks the shopper's session for the rest of the transaction (one change at a time). */
export async function lockAcpSession(tx: Tx, userId: string, id: string): Promise<AcpSessionRow | null> {
  const [row] = await tx
    .select()
    .from(acpCheckoutSessions)
    .where(and(eq(acpCheckoutSessions.id, id), eq(acpCheckoutSessions.userId, userId)))
    .for("update");
  return row ?? null;
}

export async function updateAcpSession(
  tx: Tx,
  id: string,
  patch: Partial<
    Pick<
      AcpSessionRow,
      | "status"
      | "buyer"
      | "fulfillmentAddress"
      | "fulfillmentOptionId"
      | "orderId"
      | "notifiedStatus"
      | "cartId"
    >
  >,
): Promise<void> {
  await tx
    .update(acpCheckoutSessions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(acpCheckoutSessions.id, id));
}

/** The order's status, for the session's answer and its webhooks. */
export async function findOrderStatus(db: Queryable, orderId: string): Promise<string | null> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row?.status ?? null;
}

// --- idempotency -------------------------------------------------------------------------------

export type IdempotencyClaim =
  | { state: "new" }
  | { state: "replay"; status: number; body: string }
  | { state: "conflict" }
  | { state: "in_flight" };

/**
 * Claims an Idempotency-Key for one request (its fingerprint): new (the caller answers, then
 * records the answer), a replay of a recorded answer, a conflict (the key was used with another
 * request) or in flight (the first request is still being answered). A claim left unanswered for
 * longer than `abandonAfterMs` (its process died) is taken over.
 */
export async function claimIdempotencyKey(
  db: Queryable,
  userId: string,
  key: string,
  requestHash: string,
  abandonAfterMs: number,
): Promise<IdempotencyClaim> {
  await db
    .delete(acpIdempotencyKeys)
    .where(
      and(
        eq(acpIdempotencyKeys.userId, userId),
        eq(acpIdempotencyKeys.key, key),
        sql`${acpIdempotencyKeys.responseStatus} is null`,
        lt(acpIdempotencyKeys.createdAt, sql`now() - ${abandonAfterMs} * interval '1 millisecond'`),
      ),
    );
  const inserted = await db
    .insert(acpIdempotencyKeys)
    .values({ userId, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: acpIdempotencyKeys.key });
  if (inserted.length > 0) return { state: "new" };
  const [row] = await db
    .select()
    .from(acpIdempotencyKeys)
    .where(and(eq(acpIdempotencyKeys.userId, userId), eq(acpIdempotencyKeys.key, key)));
  if (!row) return { state: "in_flight" };
  if (row.requestHash !== requestHash) return { state: "conflict" };
  if (row.responseStatus === null || row.responseBody === null) return { state: "in_flight" };
  return { state: "replay", status: row.responseStatus, body: row.responseBody };
}

export async function recordIdempotentAnswer(
  db: Queryable,
  userId: string,
  key: string,
  status: number,
  body: string,
): Promise<void> {
  await db
    .update(acpIdempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(acpIdempotencyKeys.userId, userId), eq(acpIdempotencyKeys.key, key)));
}

/** Forgets Idempotency-Key records older than `olderThanHours` (the spec keeps them at least 24 hours). */
export async function pruneIdempotencyKeys(db: Queryable, olderThanHours: number): Promise<number> {
  const gone = await db
    .delete(acpIdempotencyKeys)
    .where(lt(acpIdempotencyKeys.createdAt, sql`now() - ${olderThanHours} * interval '1 hour'`))
    .returning({ key: acpIdempotencyKeys.key });
  return gone.length;
}

/** A 5xx is not kept against the key (the spec): the client may retry it. */
export async function releaseIdempotencyKey(db: Queryable, userId: string, key: string): Promise<void> {
  await db
    .delete(acpIdempotencyKeys)
    .where(
      and(
        eq(acpIdempotencyKeys.userId, userId),
        eq(acpIdempotencyKeys.key, key),
        sql`${acpIdempotencyKeys.responseStatus} is null`,
      ),
    );
}

// --- order webhooks ---------------------------------------------------------------------------------

export async function enqueueAcpWebhook(
  tx: Tx,
  event: { sessionId: string; type: "order_create" | "order_update"; payload: string },
): Promise<void> {
  await tx.insert(acpWebhookEvents).values(event);
}

/** Sessions whose order's status moved since the agent platform was last told. */
export async function sessionsWithOrderChanges(db: Queryable, limit: number) {
  return db
    .select({
      id: acpCheckoutSessions.id,
      orderId: orders.id,
      notifiedStatus: acpCheckoutSessions.notifiedStatus,
      status: orders.status,
      refundedTotal: orders.refundedTotal,
    })
    .from(acpCheckoutSessions)
    .innerJoin(orders, eq(orders.id, acpCheckoutSessions.orderId))
    .where(
      and(
        isNotNull(acpCheckoutSessions.orderId),
        sql`${acpCheckoutSessions.notifiedStatus} is distinct from ${orders.status}`,
      ),
    )
    .limit(limit);
}

/** Records that the agent platform has been told (or need not be told) of this order status. */
export async function markOrderStatusNotified(
  tx: Tx,
  sessionId: string,
  from: string | null,
  to: string,
): Promise<boolean> {
  const updated = await tx
    .update(acpCheckoutSessions)
    .set({ notifiedStatus: to, updatedAt: new Date() })
    .where(
      and(
        eq(acpCheckoutSessions.id, sessionId),
        from === null
          ? sql`${acpCheckoutSessions.notifiedStatus} is null`
          : eq(acpCheckoutSessions.notifiedStatus, from),
      ),
    )
    .returning({ id: acpCheckoutSessions.id });
  return updated.length > 0;
}

/**
 * The webhooks' claim, status rules and retries, shared with every other outbox (see outboxOf);
 * events due at the same moment go in the order they were queued.
 */
export const acpWebhookQueue = outboxOf(acpWebhookEvents, { tieBreak: acpWebhookEvents.createdAt });
