/**
 * The negotiations' figures the merchant's dashboard reads (open negotiations, approvals, deals):
 * read-only aggregates.
 */
import { abandonedBefore } from "@haggle/domain/negotiation/open-negotiation";
import { and, count, eq, exists, gt, gte, isNotNull, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import {
  negotiationApprovals,
  negotiationMessages,
  negotiations,
} from "../../platform/db/schema/negotiation.ts";
import { cartItemsRead, cartsRead } from "../cart/index.ts";

/**
 * Negotiations still open (the domain's isNegotiationOpen): active, the shopper has said something
 * (a page visit is not one), over a cart neither checked out nor emptied, and spoken in within
 * NEGOTIATION_ABANDONED_AFTER_HOURS.
 */
export async function countActiveNegotiations(db: Queryable, now = new Date()): Promise<number> {
  const lastActivity = sql`coalesce((select max(${negotiationMessages.createdAt}) from ${negotiationMessages} where ${negotiationMessages.negotiationId} = ${negotiations.id}), ${negotiations.startedAt})`;
  const [row] = await db
    .select({ n: count() })
    .from(negotiations)
    .innerJoin(cartsRead, eq(cartsRead.id, negotiations.cartId))
    .where(
      and(
        eq(negotiations.status, "active"),
        gt(negotiations.rounds, 0),
        eq(cartsRead.status, "active"),
        exists(db.select({ one: sql`1` }).from(cartItemsRead).where(eq(cartItemsRead.cartId, cartsRead.id))),
        sql`${lastActivity} >= ${abandonedBefore(now).toISOString()}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}

export async function countPendingApprovals(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(negotiationApprovals)
    .where(eq(negotiationApprovals.status, "pending"));
  return row?.n ?? 0;
}

/** Negotiations started since `since` in which the shopper said at least one thing. */
const talkedSince = (since: Date) => and(gte(negotiations.startedAt, since), gt(negotiations.rounds, 0));

export async function countNegotiationsTalkedIn(db: Queryable, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(negotiations).where(talkedSince(since));
  return row?.n ?? 0;
}

/** Of those, the ones that ended in a deal: their channel and final percent (basis points). */
export async function dealsSince(db: Queryable, since: Date) {
  return db
    .select({
      channel: negotiations.channel,
      // final_discount_pct is numeric(5,2): times 100 it is exactly a whole number of basis points.
      percentBp: sql<number>`coalesce(round(${negotiations.finalDiscountPct} * 100), 0)::int`,
    })
    .from(negotiations)
    .where(
      and(
        talkedSince(since),
        eq(negotiations.status, "completed"),
        isNotNull(negotiations.appliedDiscountAmount),
      ),
    );
}

export async function countEscalationsSince(db: Queryable, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(negotiationApprovals)
    .where(gte(negotiationApprovals.createdAt, since));
  return row?.n ?? 0;
}

/** Per channel ('web', 'agent'): negotiations talked in since `since`, and the final percents (bp) of their deals. */
export async function negotiationsByChannelSince(db: Queryable, since: Date) {
  const counted = await db
    .select({ channel: negotiations.channel, n: count() })
    .from(negotiations)
    .where(talkedSince(since))
    .groupBy(negotiations.channel);
  const deals = await dealsSince(db, since);
  return counted.map((row) => ({
    channel: row.channel,
    negotiations: row.n,
    dealPercents: deals.filter((d) => d.channel === row.channel).map((d) => d.percentBp),
  }));
}
