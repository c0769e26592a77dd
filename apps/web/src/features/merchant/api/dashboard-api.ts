import {
  type MerchantDashboard,
  MerchantDashboardSchema,
  type MerchantStats,
  MerchantStatsSchema,
} from "@haggle/contract/merchant";
import { apiFetch } from "@/lib/api-client";
import { merchantQueryKey } from "../hooks/use-merchant-events";

export const statsQueryKey = [...merchantQueryKey, "stats"] as const;

export function dashboardQueryKey(days: number) {
  return [...merchantQueryKey, "dashboard", days] as const;
}

/** GET /api/merchant/stats: the four counts of the dashboard cards (and the sidebar's badge). */
export function fetchMerchantStats(signal?: AbortSignal): Promise<MerchantStats> {
  return apiFetch("/api/merchant/stats", { schema: MerchantStatsSchema, ...(signal ? { signal } : {}) });
}

/** GET /api/merchant/dashboard?days=: revenue and discount per day, and the negotiator's figures. */
export function fetchMerchantDashboard(days: number, signal?: AbortSignal): Promise<MerchantDashboard> {
  return apiFetch(`/api/merchant/dashboard?days=${days}`, {
    schema: MerchantDashboardSchema,
    ...(signal ? { signal } : {}),
  });
}
