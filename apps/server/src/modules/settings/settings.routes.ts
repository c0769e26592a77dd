import {
  CONFIG_SECTION_SCHEMAS,
  ConfigTypeSchema,
  MerchantConfigSchema,
  ShopCurrencySchema,
} from "@haggle/contract/merchant";
import type { SellerConfig } from "@haggle/domain/merchant/seller-config";
import { z } from "zod";
import { actsOnlyByDemoMode } from "../../http/guard.ts";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { getMerchantConfig, saveConfigSection } from "./settings.service.ts";
import { shopCurrencyView } from "./shop-currency.store.ts";

/** The negotiator's and the pricing rule's settings, as the merchant edits them. */
export const settingsRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/shop/currency",
    summary: "The shop's currency (ISO 4217) and the decimals of its minor unit: every price and total is in it",
    tag: "Catalogue",
    access: "public",
    response: ShopCurrencySchema,
    handler: async (c) => await shopCurrencyView(c.get("deps").database.db),
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/config",
    summary: "The negotiator's and the pricing rule's settings, every section, and when each was saved",
    tag: "Merchant",
    access: "merchant",
    response: MerchantConfigSchema,
    handler: async (c) => await getMerchantConfig(c.get("deps").database.db),
  }),
  defineRoute({
    method: "put",
    path: "/api/merchant/config/{configType}",
    summary:
      "Save one whole section: negotiation_limits, tier_benefits, escalation_rules, global_rules, pricing or agents (the body is that section). The escalation ceiling may not be below the automatic limits (400). In demo mode a save by an account that only demo mode lets in is put back when demo mode ends",
    tag: "Merchant",
    access: "merchant",
    params: z.object({ configType: ConfigTypeSchema }),
    body: z.union([
      CONFIG_SECTION_SCHEMAS.negotiation_limits,
      CONFIG_SECTION_SCHEMAS.tier_benefits,
      CONFIG_SECTION_SCHEMAS.escalation_rules,
      CONFIG_SECTION_SCHEMAS.global_rules,
      CONFIG_SECTION_SCHEMAS.pricing,
      CONFIG_SECTION_SCHEMAS.agents,
    ]),
    bodyFor: (params) => CONFIG_SECTION_SCHEMAS[params.configType],
    response: MerchantConfigSchema,
    handler: async (c, { params, body, user }) => {
      const type = params.configType;
      const by = { email: user.email, demoOnly: await actsOnlyByDemoMode(c, user) };
      return await saveConfigSection(c.get("deps").database.db, type, body as SellerConfig[typeof type], by);
    },
  }),
];
