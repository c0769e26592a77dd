import { ShopBodySchema, ShopSchema } from "@haggle/contract/shop";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { changeShop, shopView } from "./shop.service.ts";

/** The API spec's shop routes, over the same services as Settings → Currency and Taxes. */
export const shopRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/shop",
    summary: "The shop's name, currency (ISO 4217), whether its prices include tax, and its locale (BCP 47)",
    tag: "Catalogue",
    access: "public",
    response: ShopSchema,
    handler: async (c) => {
      const { database, mail } = c.get("deps");
      return await shopView(database.db, mail.shopName);
    },
  }),
  defineRoute({
    method: "put",
    path: "/api/merchant/shop",
    summary:
      "Change any of the shop's currency, pricesIncludeTax and locale: the currency is refused (409) once the shop has any order and (400) for an unknown code; the locale (400) when not a tag amounts can be written in",
    tag: "Merchant",
    access: "merchant",
    body: ShopBodySchema,
    response: ShopSchema,
    handler: async (c, { body }) => {
      const { database, mail } = c.get("deps");
      return await changeShop(database.db, mail.shopName, body);
    },
  }),
];
