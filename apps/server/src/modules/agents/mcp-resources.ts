import { settingCents } from "@haggle/domain/merchant/seller-config";
import { formatMoney, shopCurrency, toDollars } from "@haggle/domain/pricing/money";
import type { Db } from "../../platform/db/client.ts";
import { loadCatalogNames } from "../catalog/index.ts";
import { loadSellerConfig } from "../settings/index.ts";

/** What an agent may read besides the tools: the shop's policies and its categories. */
export interface AgentResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  read: (db: Db) => Promise<unknown>;
}

/** The policies as the pricing rule and the order services apply them, read at each request. */
async function shopPolicies(db: Db) {
  const { pricing } = await loadSellerConfig(db);
  const flat = settingCents(pricing.flat_shipping);
  const freeOver = settingCents(pricing.free_shipping_threshold);
  return {
    currency: shopCurrency(),
    shipping: {
      flatRate: toDollars(flat),
      freeShippingOver: toDollars(freeOver),
      summary: `Shipping costs ${formatMoney(flat)} per order, free when the goods come to ${formatMoney(freeOver)} or more (after the negotiated discount).`,
    },
    tax: {
      ratePercent: pricing.tax_rate_pct,
      summary: `Tax is ${pricing.tax_rate_pct}% of the goods after the negotiated discount.`,
    },
    returns: {
      summary:
        "An order can be cancelled by the shopper until it ships; what was paid is refunded and the stock returns. After shipping, the merchant refunds lines on request: each unit refunds its share of what the goods cost (discount and tax included), the last refund also the shipping.",
    },
    payment: {
      summary:
        "Agents place orders paid on delivery or by bank transfer (manual); for card payment, start_checkout with mode link gives the checkout page for a human to pay.",
    },
    negotiation: {
      summary:
        "Ava, the shop's negotiator, may offer a discount on the whole cart within the merchant's limits. An offer is bound to the cart's exact contents and expires; larger asks go to the merchant for approval. One negotiation per shopper's cart, whichever agent or page asks.",
    },
  };
}

export const AGENT_RESOURCES: AgentResource[] = [
  {
    uri: "haggle://policies",
    name: "policies",
    title: "Shop policies",
    description: "Shipping, tax, returns, payment and negotiation policies of the shop.",
    read: shopPolicies,
  },
  {
    uri: "haggle://categories",
    name: "categories",
    title: "Categories",
    description: "The categories (and brands) of the products on sale, for search_products' filters.",
    read: (db) => loadCatalogNames(db),
  },
];
