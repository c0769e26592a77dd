/**
 * VAT-inclusive prices in a euro shop and a yen shop, both databases, real HTTP: a 3-line order to
 * Germany takes the VAT out of each line in the currency's minor unit (cents; whole yen), the
 * lines' tax and the shipping's add up to the order's, and the total is what the shopper saw.
 */
import { taxOn } from "@haggle/domain/markets/tax-by-place";
import { toCents } from "@haggle/domain/pricing/money";
import { describe, expect, it } from "vitest";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { BERLIN_CHECKOUT, loadCatalogue, nearestPrice, postCheckout } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

type Line = { quantity: number; amount: number; tax: number; taxRatePercent: number };

describe.each(DB_KINDS.flatMap((kind) => ["EUR", "JPY"].map((currency) => [kind, currency] as const)))(
  "VAT included in prices on the %s database, in %s",
  (kind, currency) => {
    const { shop, shopper } = useMerchantShop(kind);

    it("takes German VAT out of a 3-line cart per line, rounded in the currency, and the total does not move", async () => {
      const chosen = await shop.merchant.request("PUT", "/api/merchant/currency", { currency });
      expect(chosen.status, JSON.stringify(chosen.json)).toBe(200);
      const taxes = await shop.merchant.request("PUT", "/api/merchant/taxes", {
        byPlace: true,
        pricesIncludeTax: true,
      });
      expect(taxes.status, JSON.stringify(taxes.json)).toBe(200);

      // The catalogue as it is priced now, in the currency (prices keep their figures: 19.99 is ¥20).
      const products = (await loadCatalogue(shop.server.baseUrl)).filter(
        (p) => p.inStock && p.stockLevel >= 20,
      );
      const near = (target: number) =>
        nearestPrice(products, currency === "JPY" ? Math.round(target) : target);
      const { http } = await shopper([near(19.99), near(35), near(70)]);
      const cart = (await http.get("/api/cart")).json;
      expect(cart.items?.length, JSON.stringify(cart)).toBe(3);
      await http.request("PATCH", `/api/cart/items/${cart.items[1].id}`, { quantity: 3 });
      const seen = (await http.get("/api/cart")).json.summary;
      const placed = await postCheckout(http, undefined, BERLIN_CHECKOUT);
      expect(placed.status, JSON.stringify(placed.json)).toBe(201);
      const order = placed.json;
      expect(order).toMatchObject({ taxIncluded: true, taxLabel: "VAT" });

      // Amounts on the wire are in the major unit: whole yen have no decimals.
      const figures = [
        order.total,
        order.tax,
        order.shipping,
        ...order.items.flatMap((l: Line) => [l.amount, l.tax]),
      ];
      if (currency === "JPY")
        for (const figure of figures) expect(Number.isInteger(figure), String(figure)).toBe(true);
      const minor = (amount: number) => toCents(amount);
      const goods = order.items.reduce((s: number, l: Line) => s + minor(l.amount), 0);
      expect(minor(order.total)).toBe(goods + minor(order.shipping));
      for (const line of order.items as Line[]) {
        expect(line.taxRatePercent).toBe(19);
        expect(minor(line.tax)).toBe(taxOn(minor(line.amount), 19_000, true));
      }
      expect(minor(order.shippingTax)).toBe(taxOn(minor(order.shipping), 19_000, true));
      const lineTax = order.items.reduce((s: number, l: Line) => s + minor(l.tax), 0);
      expect(minor(order.tax)).toBe(lineTax + minor(order.shippingTax));
      // The Berlin address was not the cart's yet: prices include VAT, so the total is what was shown.
      expect(order.total).toBe(seen.total);
    });
  },
);
