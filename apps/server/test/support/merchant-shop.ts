/**
 * What the merchant test files share: a shop with a signed-up merchant, calm products to put in
 * carts, shoppers who negotiate and check out, and the merchant's own requests.
 */
import type { Product } from "@haggle/contract/products";
import { beforeAll, expect } from "vitest";
import type { HttpClient } from "./http-client.ts";
import {
  checkedOut,
  nearestPrice,
  type Shop,
  shopperWithCart,
  signUpMerchant,
  startNegotiation,
  useShop,
  wireResult,
} from "./shop-fixtures.ts";
import type { DbKind, TestServerOptions } from "./test-server.ts";

export interface MerchantShop extends Shop {
  /** Signed in with the merchant role (there once the suite's tests run). */
  merchant: HttpClient;
}

export function useMerchantShop(kind: DbKind, options: TestServerOptions = {}) {
  const shop = useShop(kind, options) as MerchantShop;
  beforeAll(async () => {
    shop.merchant = await signUpMerchant(shop.server.baseUrl);
  });

  /** A calm product (stock to spare, some demand but not hot) priced close to `target` dollars. */
  const near = (target: number, skip = 0): Product =>
    nearestPrice(
      shop.catalogue.filter(
        (p) => p.inStock && p.stockLevel >= 20 && p.demandIndex >= 0.2 && p.demandIndex < 0.7,
      ),
      target,
      skip,
    );

  const shopper = (items: Product[], name = "Sam Shopper") =>
    shopperWithCart(shop.server.baseUrl, items, name);

  async function negotiating(product: Product) {
    const s = await shopper([product]);
    return { ...s, id: await startNegotiation(s.http) };
  }

  /** One turn: what Ava said (without the data block) and the offer's data, if she made one. */
  async function say(http: HttpClient, id: string, message: string) {
    const turn = await http.say(id, message);
    expect(turn.status).toBe(200);
    return { display: turn.display, result: wireResult(turn.text) };
  }

  const put = (type: string, body: unknown) =>
    shop.merchant.request("PUT", `/api/merchant/config/${type}`, body);
  async function putOk(type: string, body: unknown) {
    const res = await put(type, body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json;
  }
  const patch = (path: string, body: unknown) => shop.merchant.request("PATCH", path, body);
  /** POST /api/merchant/pairings: the answer as it is. */
  const pair = (kind: string, productId: string, pairedProductId: string) =>
    shop.merchant.post("/api/merchant/pairings", { kind, productId, pairedProductId });

  return { shop, near, shopper, negotiating, say, checkout: checkedOut, put, putOk, patch, pair };
}
