import {
  DashboardQuerySchema,
  MerchantDashboardSchema,
  MerchantStatsSchema,
} from "@haggle/contract/merchant";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { merchantDashboard, merchantStats } from "./merchant.service.ts";

/** The merchant's dashboard. */
export const merchantRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/merchant/stats",
    summary: "Dashboard cards: visible products, active negotiations, pending approvals, total revenue",
    tag: "Merchant",
    access: "merchant",
    response: MerchantStatsSchema,
    handler: async (c) => await merchantStats(c.get("deps").database.db),
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/dashboard",
    summary:
      "The cards, revenue, orders and negotiated order-level discount per UTC day of the window (zeros included, oldest first), and the negotiator's figures",
    tag: "Merchant",
    access: "merchant",
    query: DashboardQuerySchema,
    response: MerchantDashboardSchema,
    handler: async (c, { query }) => await merchantDashboard(c.get("deps").database.db, query.days),
  }),
];
