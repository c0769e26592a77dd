import { shopCurrency, shopLocale } from "@haggle/domain/pricing/money";
import type { DashboardDay } from "@haggle/contract/merchant";
import { formatShopDate } from "@haggle/domain/markets/shop-formats";

/** A round axis top at or above `value` (1, 2, 2.5 or 5 times a power of ten); 100 for an empty chart. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 100;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/** "$1.2K" (in the shop's currency: "¥120K"): axis labels. */
export function formatAxisUsd(dollars: number): string {
  const currency = shopCurrency();
  const key = `${currency} ${shopLocale()}`;
  let format = compactFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(shopLocale(), {
      style: "currency",
      currency,
      notation: "compact",
      maximumFractionDigits: 1,
    });
    compactFormats.set(key, format);
  }
  return format.format(dollars);
}

/** "Nov 3" for a YYYY-MM-DD day (a UTC calendar day, so no time zone may shift it). */
export function formatChartDay(date: string, long = false): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return formatShopDate(parsed, long ? "dayLong" : "day", "UTC");
}

export interface ChartTotals {
  revenue: number;
  discount: number;
  orders: number;
  best: DashboardDay | null;
}

/** Sums in cents (the API client decodes every amount to cents), so 30 days add up exactly. */
export function chartTotals(days: readonly DashboardDay[]): ChartTotals {
  let revenue = 0;
  let discount = 0;
  let orders = 0;
  let best: DashboardDay | null = null;
  for (const day of days) {
    revenue += day.revenue;
    discount += day.negotiatedDiscount;
    orders += day.orders;
    if (day.revenue > 0 && (best === null || day.revenue > best.revenue)) best = day;
  }
  return { revenue, discount, orders, best };
}
