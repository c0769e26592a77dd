import {
  ShopTaxDisplaySchema,
  TaxChoicesBodySchema,
  TaxRateBodySchema,
  TaxRateResetBodySchema,
  TaxSettingsSchema,
} from "@haggle/contract/taxes";
import { SpecTaxRatesBodySchema, SpecTaxRatesSchema } from "@haggle/contract/shop";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { replaceTaxRates, specTaxRates } from "./tax-rates-table.service.ts";
import {
  removeTaxRate,
  resetTaxRate,
  saveTaxRate,
  saveTaxSettings,
  shopTaxDisplay,
  taxSettingsView,
} from "./taxes.service.ts";

/** Settings → Taxes: the shop's choices and its table of rates by place. */
export const taxRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/shop/taxes",
    summary:
      'What the storefront writes beside prices: "incl. VAT" when prices include tax, "+ tax" when it is added by place',
    tag: "Catalogue",
    access: "public",
    response: ShopTaxDisplaySchema,
    handler: async (c) => await shopTaxDisplay(c.get("deps").database.db),
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/taxes",
    summary:
      "The shop's tax choices (rates by place on or off, prices including tax or tax added), its single rate, and the table of rates by country and region with the standard table's date",
    tag: "Merchant",
    access: "merchant",
    response: TaxSettingsSchema,
    handler: async (c) => await taxSettingsView(c.get("deps").database.db),
  }),
  defineRoute({
    method: "put",
    path: "/api/merchant/taxes",
    summary:
      "Turn rates by place on or off, and choose whether prices include tax (EU/UK) or tax is added at checkout (US)",
    tag: "Merchant",
    access: "merchant",
    body: TaxChoicesBodySchema,
    response: TaxSettingsSchema,
    handler: async (c, { body }) => await saveTaxSettings(c.get("deps").database.db, body),
  }),
  defineRoute({
    method: "put",
    path: "/api/merchant/taxes/rates",
    summary:
      "Create or replace one place's rate (a country, or a region of it): its name, percent, and whether shipping is taxed",
    tag: "Merchant",
    access: "merchant",
    body: TaxRateBodySchema,
    response: TaxSettingsSchema,
    handler: async (c, { body }) => await saveTaxRate(c.get("deps").database.db, body),
  }),
  defineRoute({
    method: "post",
    path: "/api/merchant/taxes/rates/reset",
    summary: "Return a place's rate to the standard table's; 404 when the standard table has none for it",
    tag: "Merchant",
    access: "merchant",
    body: TaxRateResetBodySchema,
    response: TaxSettingsSchema,
    handler: async (c, { body }) => await resetTaxRate(c.get("deps").database.db, body),
  }),
  defineRoute({
    method: "post",
    path: "/api/merchant/taxes/rates/remove",
    summary:
      "Remove a place's rate: its addresses pay the country's rate, or the shop's single rate where none applies",
    tag: "Merchant",
    access: "merchant",
    body: TaxRateResetBodySchema,
    response: TaxSettingsSchema,
    handler: async (c, { body }) => await removeTaxRate(c.get("deps").database.db, body),
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/tax-rates",
    summary:
      "The table of rates by place in the API spec's shape: [{country, region, ratePercent, appliesToShipping, name}] (the same table as GET /api/merchant/taxes)",
    tag: "Merchant",
    access: "merchant",
    response: SpecTaxRatesSchema,
    handler: async (c) => await specTaxRates(c.get("deps").database.db),
  }),
  defineRoute({
    method: "put",
    path: "/api/merchant/tax-rates",
    summary:
      "Make the table exactly these rates: [{country, region?, ratePercent, appliesToShipping, name?}]; places not listed are removed, a place listed twice is refused (400), all in one transaction",
    tag: "Merchant",
    access: "merchant",
    body: SpecTaxRatesBodySchema,
    response: SpecTaxRatesSchema,
    handler: async (c, { body }) => await replaceTaxRates(c.get("deps").database.db, body),
  }),
];
