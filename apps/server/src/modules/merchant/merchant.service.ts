import type { MerchantDashboard, MerchantStats } from "@haggle/contract/merchant";
import {
  channelFigures,
  type DayTotals,
  fillDays,
  NEGOTIATION_CHANNELS,
  type NegotiationChannel,
  negotiatorFigures,
  windowStart,
} from "@haggle/domain/merchant/merchant-dashboard";
import type { Db } from "../../platform/db/client.ts";
import { LOW_STOCK_AT, LOW_STOCK_COUNTED } from "@haggle/domain/catalog/low-stock";
import { countVisibleProducts, lowStockVariants } from "../catalog/index.ts";
import {
  countActiveNegotiations,
  countEscalationsSince,
  countNegotiationsTalkedIn,
  countPendingApprovals,
  dealsSince,
  negotiationsByChannelSince,
} from "../negotiation/index.ts";
import { codeUsesSince, orderTotalsByDay, totalRevenue } from "../orders/index.ts";

/** The four dashboard cards: visible products, active negotiations, pending approvals, revenue. */
export async function merchantStats(db: Db): Promise<MerchantStats> {
  const [totalProducts, activeNegotiations, pendingApprovals, revenue] = await Promise.all([
    countVisibleProducts(db),
    countActiveNegotiations(db),
    countPendingApprovals(db),
    totalRevenue(db),
  ]);
  return { totalProducts, activeNegotiations, pendingApprovals, totalRevenue: revenue };
}

/** How many low variants the dashboard lists (the rest are counted). */
const LOW_STOCK_LISTED = 10;
/** How many discount codes the dashboard lists, most used first. */
const CODES_LISTED = 5;

/**
 * The dashboard over the last `days` UTC days (today included), beside the cards (merchantStats):
 * revenue, orders and Ava's discount per day, how the negotiator did, the discount codes used, and
 * the variants low on stock.
 */
export async function merchantDashboard(db: Db, days: number, now = new Date()): Promise<MerchantDashboard> {
  const since = windowStart(now, days);
  const [perDay, negotiations, deals, escalations, byChannel, low, codes] = await Promise.all([
    orderTotalsByDay(db, since),
    countNegotiationsTalkedIn(db, since),
    dealsSince(db, since),
    countEscalationsSince(db, since),
    negotiationsByChannelSince(db, since),
    lowStockVariants(db, LOW_STOCK_AT, LOW_STOCK_LISTED, LOW_STOCK_COUNTED),
    codeUsesSince(db, since, CODES_LISTED),
  ]);
  const totals: DayTotals[] = perDay.map((r) => ({
    date: r.date,
    orders: Number(r.orders),
    revenue: r.revenue,
    negotiatedDiscount: r.discount,
  }));
  const figures = negotiatorFigures({
    negotiations,
    dealPercents: deals.map((d) => d.percentBp),
    // Ava's discount as the orders stored it, the same figure the chart draws:
    // an accepted offer that never became an order gave nothing away.
    totalDiscount: totals.reduce((sum, t) => sum + t.negotiatedDiscount, 0),
    escalations,
  });
  const channelRows = byChannel.filter((r): r is typeof r & { channel: NegotiationChannel } =>
    (NEGOTIATION_CHANNELS as readonly string[]).includes(r.channel),
  );
  return {
    days: fillDays(totals, now, days),
    negotiator: figures,
    channels: channelFigures(channelRows),
    discountCodes: codes,
    lowStock: { atMost: LOW_STOCK_AT, countedUpTo: LOW_STOCK_COUNTED, ...low },
  };
}
