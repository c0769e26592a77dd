import {
  DashboardQuerySchema,
  MerchantDashboardSchema,
  MerchantStatsSchema,
  ShopCurrencyBodySchema,
  ShopCurrencySchema,
} from "@haggle/contract/merchant";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { merchantDashboard, merchantStats } from "./merchant.service.ts";
import { changeShopCurrency } from "./shop-currency.service.ts";

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
  defineRoute({
    method: "put",
    path: "/api/merchant/currency",
    summary:
      "Choose the shop's currency (ISO 4217, default USD) and the locale its amounts are written in (BCP 47, default en-US): the currency is refused (409) once the shop has any order, and (400) for an unknown code or one with more than 2 decimals; the locale may change at any time, (400) when not a tag amounts can be written in",
    tag: "Merchant",
    access: "merchant",
    body: ShopCurrencyBodySchema,
    response: ShopCurrencySchema,
    handler: async (c, { body }) =>
      await changeShopCurrency(c.get("deps").database.db, body.currency, body.locale),
  }),
];
