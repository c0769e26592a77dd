/**
 * The shop's currency over real HTTP on the real database: USD until the merchant chooses another,
 * an unknown code or one with 3 decimals refused with a sentence, and fixed once the shop has orders.
 */
import { describe, expect, it } from "vitest";
import { HttpClient } from "./support/http-client.ts";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { checkedOut, shopperWithCart } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("the shop's currency on the %s database", (kind) => {
  const { shop } = useMerchantShop(kind);
  const anyone = () => new HttpClient(shop.server.baseUrl);
  const choose = (currency: unknown) => shop.merchant.request("PUT", "/api/merchant/currency", { currency });

  it("is USD until chosen; JPY has no decimals; bad codes are refused with a sentence and change nothing", async () => {
    expect((await anyone().get("/api/shop/currency")).json).toEqual({
      currency: "USD",
      minorUnits: 2,
      locale: "en-US",
    });

    const unknown = await choose("XYZ");
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toBe(
      '"XYZ" is not a currency code: use three capital letters from ISO 4217, such as USD, EUR or JPY.',
    );
    const threeDecimals = await choose("KWD");
    expect(threeDecimals.status).toBe(400);
    expect(threeDecimals.json.error.message).toBe(
      "The shop can't sell in KWD yet: its amounts have 3 decimals, and prices are kept with at most 2.",
    );
    expect((await choose(12)).status).toBe(400);
    const badLocale = await shop.merchant.request("PUT", "/api/merchant/currency", {
      currency: "EUR",
      locale: "German please",
    });
    expect(badLocale.status).toBe(400);
    expect(badLocale.json.error.message).toBe(
      '"German please" is not a locale amounts can be written in: use a BCP 47 tag such as en-US, de-DE or ja-JP.',
    );
    expect((await anyone().get("/api/shop/currency")).json.currency).toBe("USD");

    const shopper = await shopperWithCart(shop.server.baseUrl, []);
    expect((await shopper.http.request("PUT", "/api/merchant/currency", { currency: "EUR" })).status).toBe(
      403,
    );

    const yen = await choose("JPY");
    expect(yen.status, JSON.stringify(yen.json)).toBe(200);
    expect(yen.json).toEqual({ currency: "JPY", minorUnits: 0, locale: "en-US" });
    expect((await anyone().get("/api/shop/currency")).json).toEqual({
      currency: "JPY",
      minorUnits: 0,
      locale: "en-US",
    });
    const german = await shop.merchant.request("PUT", "/api/merchant/currency", {
      currency: "JPY",
      locale: "de-de",
    });
    expect(german.json).toEqual({ currency: "JPY", minorUnits: 0, locale: "de-DE" });
    expect((await anyone().get("/api/shop/currency")).json.locale).toBe("de-DE");
    expect((await choose("USD")).json).toEqual({ currency: "USD", minorUnits: 2, locale: "de-DE" });
  });

  it("can't change once the shop has an order, and says so; choosing the same one again is fine", async () => {
    const product = shop.catalogue[0];
    if (!product) throw new Error("the test shop is seeded");
    const shopper = await shopperWithCart(shop.server.baseUrl, [product]);
    await checkedOut(shopper.http);

    const refused = await choose("EUR");
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe("The shop's currency can't change once it has orders.");
    expect((await anyone().get("/api/shop/currency")).json).toMatchObject({ currency: "USD", minorUnits: 2 });
    expect((await choose("USD")).status).toBe(200);
  });
});
