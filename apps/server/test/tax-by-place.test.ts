/**
 * Tax by place, both databases, real HTTP: the merchant's table (edit, reset, sentences), a
 * VAT-inclusive 3-line order to Germany, a US state's sales tax added, refunds unit by unit that
 * add up to what was charged, and a shop that never turned places on keeping its single rate.
 */
import { taxOn } from "@haggle/domain/markets/tax-by-place";
import { percentOf } from "@haggle/domain/pricing/money";
import { describe, expect, it } from "vitest";
import { HttpClient } from "./support/http-client.ts";
import { useMerchantShop } from "./support/merchant-shop.ts";
import {
  BERLIN_CHECKOUT,
  CHECKOUT_BODY,
  cents,
  postCheckout,
  signUpShopper,
} from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const TAXES = "/api/merchant/taxes";
type Line = { id: string; quantity: number; amount: number; tax: number; taxRatePercent: number };

describe.each(DB_KINDS)("tax by place on the %s database", (kind) => {
  const { shop, near, shopper } = useMerchantShop(kind);
  const choose = async (byPlace: boolean, pricesIncludeTax: boolean) => {
    const res = await shop.merchant.request("PUT", TAXES, { byPlace, pricesIncludeTax });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json;
  };

  it("keeps a shop's single rate on every address until its merchant turns places on", async () => {
    const settings = (await shop.merchant.get(TAXES)).json;
    expect(settings).toMatchObject({
      byPlace: false,
      pricesIncludeTax: false,
      standardRatesDated: "2026-01-01",
    });
    const { http } = await shopper([near(40), near(60)]);
    const order = (await postCheckout(http, undefined, BERLIN_CHECKOUT)).json;
    const goods = cents(order.subtotal) - cents(order.negotiatedDiscount) - cents(order.codeDiscount);
    expect(cents(order.tax)).toBe(percentOf(goods, settings.fallbackRatePercent * 100));
    expect(order).toMatchObject({ taxIncluded: false, taxLabel: "Tax", shippingTax: 0 });
    expect(order.items.reduce((s: number, l: Line) => s + cents(l.tax), 0)).toBe(cents(order.tax));
  });

  it("lets only the merchant edit the table, resets a rate to the standard one, and says what is wrong", async () => {
    const anon = new HttpClient(shop.server.baseUrl);
    const { http: someone } = await signUpShopper(shop.server.baseUrl);
    expect((await anon.get(TAXES)).status).toBe(401);
    expect((await someone.get(TAXES)).status).toBe(403);
    const rates = (await shop.merchant.get(TAXES)).json.rates;
    expect(rates).toContainEqual(
      expect.objectContaining({ country: "DE", region: null, name: "VAT", ratePercent: 19, edited: false }),
    );
    const put = (body: unknown) => shop.merchant.request("PUT", `${TAXES}/rates`, body);
    const tooHigh = await put({
      country: "US",
      region: "CA",
      name: "Sales tax",
      ratePercent: 120,
      taxShipping: false,
    });
    expect(tooHigh.status).toBe(400);
    expect(JSON.stringify(tooHigh.json)).toContain("The rate can be at most 100%.");
    const badCountry = await put({ country: "Germany", name: "VAT", ratePercent: 19, taxShipping: true });
    expect(JSON.stringify(badCountry.json)).toContain(
      "A country is its two-letter ISO code, such as DE or US.",
    );

    const edited = await put({
      country: "us",
      region: "ca",
      name: "Sales tax",
      ratePercent: 8.125,
      taxShipping: false,
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    const ca = (r: { country: string; region: string | null }) => r.country === "US" && r.region === "CA";
    expect(edited.json.rates.find(ca)).toMatchObject({
      ratePercent: 8.125,
      standardRatePercent: 7.25,
      edited: true,
    });
    const reset = await shop.merchant.post(`${TAXES}/rates/reset`, { country: "US", region: "CA" });
    expect(reset.json.rates.find(ca)).toMatchObject({ ratePercent: 7.25, edited: false });
    const none = await shop.merchant.post(`${TAXES}/rates/reset`, { country: "ZZ" });
    expect(none.status).toBe(404);
    expect(none.json.error.message).toBe("The standard table has no rate for ZZ.");
  });

  it("takes German VAT out of a 3-line cart's prices, per line, and the total does not move", async () => {
    await choose(true, true);
    const { http } = await shopper([near(19.99), near(35), near(70)]);
    const items = (await http.get("/api/cart")).json.items;
    await http.request("PATCH", `/api/cart/items/${items[1].id}`, { quantity: 3 });
    const order = (await postCheckout(http, undefined, BERLIN_CHECKOUT)).json;
    expect(order).toMatchObject({ taxIncluded: true, taxLabel: "VAT" });
    const goods = order.items.reduce((s: number, l: Line) => s + cents(l.amount), 0);
    expect(cents(order.total)).toBe(goods + cents(order.shipping));
    for (const line of order.items as Line[]) {
      expect(line.taxRatePercent).toBe(19);
      expect(cents(line.tax)).toBe(taxOn(cents(line.amount), 19_000, true));
    }
    expect(cents(order.shippingTax)).toBe(taxOn(cents(order.shipping), 19_000, true));
    const lineTax = order.items.reduce((s: number, l: Line) => s + cents(l.tax), 0);
    expect(cents(order.tax)).toBe(lineTax + cents(order.shippingTax));
    // The next cart shows VAT as included, at the address the shopper last used.
    await http.post("/api/cart/items", { productId: near(35).id });
    expect((await http.get("/api/cart")).json.summary).toMatchObject({ taxIncluded: true, taxLabel: "VAT" });
  });

  it("adds a US state's sales tax, and refunds unit by unit give back exactly what was charged", async () => {
    await choose(true, false);
    const { http } = await shopper([near(30), near(45)]);
    const items = (await http.get("/api/cart")).json.items;
    await http.request("PATCH", `/api/cart/items/${items[0].id}`, { quantity: 3 });
    const order = (await postCheckout(http, undefined, CHECKOUT_BODY)).json; // San Francisco, CA
    expect(order).toMatchObject({ taxIncluded: false, taxLabel: "Sales tax", shippingTax: 0 });
    for (const line of order.items as Line[])
      expect(cents(line.tax)).toBe(taxOn(cents(line.amount), 7250, false));
    const goods = order.items.reduce((s: number, l: Line) => s + cents(l.amount), 0);
    expect(cents(order.total)).toBe(goods + cents(order.shipping) + cents(order.tax));

    const merchantPost = (path: string, body?: unknown) => shop.merchant.request("POST", path, body ?? {});
    expect((await merchantPost(`/api/merchant/orders/${order.id}/mark-paid`)).status).toBe(200);
    let refunded = 0;
    for (const line of order.items as Line[]) {
      let lineBack = 0;
      for (let unit = 0; unit < line.quantity; unit++) {
        const res = await merchantPost(`/api/merchant/orders/${order.id}/refund`, {
          lines: [{ orderItemId: line.id, quantity: 1 }],
        });
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        const now = cents(res.json.refundedTotal);
        lineBack += now - refunded;
        refunded = now;
      }
      if (line !== order.items.at(-1)) expect(lineBack).toBe(cents(line.amount) + cents(line.tax));
    }
    expect(refunded).toBe(cents(order.total));
    await choose(false, false);
  });
});
