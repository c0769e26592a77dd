import type { Shop, ShopBody } from "@haggle/contract/shop";
import type { Db, Queryable } from "../../platform/db/client.ts";
import { shopCurrencyView } from "../settings/index.ts";
import { savePricesIncludeTax, shopTaxDisplay } from "../taxes/index.ts";
import { changeShopCurrency } from "./shop-currency.service.ts";

/** GET /api/shop: the shop's name (the one its e-mails sign with), currency, tax display and locale. */
export async function shopView(db: Queryable, name: string): Promise<Shop> {
  const { currency, locale } = await shopCurrencyView(db);
  const { pricesIncludeTax } = await shopTaxDisplay(db);
  return { name, currency, pricesIncludeTax, locale };
}

/**
 * PUT /api/merchant/shop: the currency and locale as PUT /api/merchant/currency changes them (409
 * for another currency once the shop has orders; 400 for an unknown code or tag), then whether
 * prices include tax as PUT /api/merchant/taxes does. A refused currency or locale changes nothing.
 */
export async function changeShop(db: Db, name: string, body: ShopBody): Promise<Shop> {
  if (body.currency !== undefined || body.locale !== undefined) {
    const currency = body.currency ?? (await shopCurrencyView(db)).currency;
    await changeShopCurrency(db, currency, body.locale);
  }
  if (body.pricesIncludeTax !== undefined) await savePricesIncludeTax(db, body.pricesIncludeTax);
  return await shopView(db, name);
}
