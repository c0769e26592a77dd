import { useQuery } from "@tanstack/react-query";
import {
  dashboardQueryKey,
  fetchMerchantDashboard,
  fetchMerchantStats,
  statsQueryKey,
} from "./dashboard-api";

/** The dashboard counts; shared by the cards and the sidebar's pending-approvals badge. */
export function useMerchantStats() {
  return useQuery({ queryKey: statsQueryKey, queryFn: ({ signal }) => fetchMerchantStats(signal) });
}

export function useMerchantDashboard(days = 30) {
  return useQuery({
    queryKey: dashboardQueryKey(days),
    queryFn: ({ signal }) => fetchMerchantDashboard(days, signal),
  });
}
