import type { MerchantDashboard, MerchantStats } from "@haggle/contract/merchant";
import { type DayTotals, fillDays, negotiatorFigures, windowStart } from "@haggle/domain/merchant/merchant-dashboard";
import { toCents, toDollars } from "@haggle/domain/pricing/money";
import { and, count, eq, gt, gte, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { negotiationApprovals, negotiations, orders, products } from "../../platform/db/schema.ts";

/** The four dashboard cards: visible products, active negotiations, pending approvals, revenue. */
export async function merchantStats(db: Db): Promise<MerchantStats> {
  const [[productRow], [negotiationRow], [approvalRow], [revenueRow]] = await Promise.all([
    db.select({ n: count() }).from(products).where(eq(products.hidden, false)),
    db.select({ n: count() }).from(negotiations).where(eq(negotiations.status, "active")),
    db.select({ n: count() }).from(negotiationApprovals).where(eq(negotiationApprovals.status, "pending")),
    db.select({ total: sql<string>`coalesce(sum(${orders.total}), 0)::text` }).from(orders),
  ]);
  return {
    totalProducts: productRow?.n ?? 0,
    activeNegotiations: negotiationRow?.n ?? 0,
    pendingApprovals: approvalRow?.n ?? 0,
    totalRevenue: toDollars(toCents(revenueRow?.total ?? "0")),
  };
}

/**
 * The dashboard over the last `days` UTC days (today included), beside the cards (merchantStats):
 * revenue, orders and negotiated order-level discount per day, and how the negotiator did.
 */
export async function merchantDashboard(db: Db, days: number, now = new Date()): Promise<MerchantDashboard> {
  const since = windowStart(now, days);
  const day = sql`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const talked = and(gte(negotiations.startedAt, since), gt(negotiations.rounds, 0));
  const [perDay, [negotiationRow], deals, [escalationRow]] = await Promise.all([
    db
      .select({
        date: sql<string>`${day}`,
        orders: sql<number>`count(*)::int`,
        revenue: sql<string>`sum(${orders.total})::text`,
        discount: sql<string>`sum(${orders.extraDiscount})::text`,
      })
      .from(orders)
      .where(gte(orders.createdAt, since))
      .groupBy(day),
    db.select({ n: count() }).from(negotiations).where(talked),
    db
      .select({ pct: negotiations.finalDiscountPct, amount: negotiations.appliedDiscountAmount })
      .from(negotiations)
      .where(
        and(talked, eq(negotiations.status, "completed"), isNotNull(negotiations.appliedDiscountAmount)),
      ),
    db.select({ n: count() }).from(negotiationApprovals).where(gte(negotiationApprovals.createdAt, since)),
  ]);
  const totals: DayTotals[] = perDay.map((r) => ({
    date: r.date,
    orders: Number(r.orders),
    revenue: toCents(r.revenue),
    negotiatedDiscount: toCents(r.discount),
  }));
  const figures = negotiatorFigures({
    negotiations: negotiationRow?.n ?? 0,
    // final_discount_pct is numeric(5,2): its text is exact cents of a percent, i.e. basis points.
    dealPercents: deals.map((d) => toCents(d.pct ?? "0")),
    totalDiscount: deals.reduce((sum, d) => sum + toCents(d.amount ?? "0"), 0),
    escalations: escalationRow?.n ?? 0,
  });
  return {
    days: fillDays(totals, now, days).map((d) => ({
      date: d.date,
      orders: d.orders,
      revenue: toDollars(d.revenue),
      negotiatedDiscount: toDollars(d.negotiatedDiscount),
    })),
    negotiator: { ...figures, totalDiscount: toDollars(figures.totalDiscount) },
  };
}
