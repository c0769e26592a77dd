import type { Cents } from "../pricing/money.ts";

/** One UTC day of orders as the database groups them. */
export interface DayTotals {
  /** YYYY-MM-DD, UTC. */
  date: string;
  orders: number;
  revenue: Cents;
  negotiatedDiscount: Cents;
}

const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The first instant of the window of `days` UTC days ending with the day of `now`. */
export function windowStart(now: Date, days: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (Math.max(1, days) - 1) * DAY_MS);
}

/**
 * One entry per day of the window, oldest first, days without orders as zeros. Totals for days
 * outside the window are left out; two totals for one day are added.
 */
export function fillDays(totals: readonly DayTotals[], now: Date, days: number): DayTotals[] {
  const start = windowStart(now, days).getTime();
  const out: DayTotals[] = [];
  const index = new Map<string, DayTotals>();
  for (let i = 0; i < Math.max(1, days); i++) {
    const day: DayTotals = {
      date: utcDay(new Date(start + i * DAY_MS)),
      orders: 0,
      revenue: 0,
      negotiatedDiscount: 0,
    };
    out.push(day);
    index.set(day.date, day);
  }
  for (const t of totals) {
    const day = index.get(t.date);
    if (!day) continue;
    day.orders += t.orders;
    day.revenue += t.revenue;
    day.negotiatedDiscount += t.negotiatedDiscount;
  }
  return out;
}

export interface NegotiatorInput {
  /** Negotiations started in the window in which the shopper said at least one thing. */
  negotiations: number;
  /** The final discount percent of each of those that ended with an offer applied, in basis points. */
  dealPercents: readonly number[];
  totalDiscount: Cents;
  escalations: number;
}

export interface NegotiatorFigures {
  negotiations: number;
  deals: number;
  /** deals / negotiations, 0 to 1, four decimals; 0 when there were none. */
  dealRate: number;
  /** Mean percent of the deals, in points with two decimals; 0 when none. */
  averageDiscountPct: number;
  totalDiscount: Cents;
  escalations: number;
}

export function negotiatorFigures(input: NegotiatorInput): NegotiatorFigures {
  const deals = input.dealPercents.length;
  const dealRate =
    input.negotiations > 0
      ? Math.round((Math.min(deals, input.negotiations) / input.negotiations) * 10_000) / 10_000
      : 0;
  const meanBp = deals > 0 ? Math.round(input.dealPercents.reduce((s, p) => s + p, 0) / deals) : 0;
  return {
    negotiations: input.negotiations,
    deals,
    dealRate,
    averageDiscountPct: meanBp / 100,
    totalDiscount: input.totalDiscount,
    escalations: input.escalations,
  };
}

/** Where negotiations are held: Ava's page, or shoppers' AI agents over MCP. */
export const NEGOTIATION_CHANNELS = ["web", "agent"] as const;
export type NegotiationChannel = (typeof NEGOTIATION_CHANNELS)[number];

export type ChannelFigures = Pick<
  NegotiatorFigures,
  "negotiations" | "deals" | "dealRate" | "averageDiscountPct"
>;

/**
 * The negotiator's count, deal rate and average discount for each channel, from the same rows
 * and rules as the whole figures: each negotiation is counted once, under its channel.
 */
export function channelFigures(
  rows: readonly { channel: NegotiationChannel; negotiations: number; dealPercents: readonly number[] }[],
): Record<NegotiationChannel, ChannelFigures> {
  const out = {} as Record<NegotiationChannel, ChannelFigures>;
  for (const channel of NEGOTIATION_CHANNELS) {
    const row = rows.find((r) => r.channel === channel);
    const { negotiations, deals, dealRate, averageDiscountPct } = negotiatorFigures({
      negotiations: row?.negotiations ?? 0,
      dealPercents: row?.dealPercents ?? [],
      totalDiscount: 0,
      escalations: 0,
    });
    out[channel] = { negotiations, deals, dealRate, averageDiscountPct };
  }
  return out;
}
