/**
 * A shop in yen and one in euros, over real HTTP on the real database: a product priced in the
 * currency, the cart and the checkout's total, the page the web app reads it from, the ACP session
 * and the MCP policies all say the shop's currency, with its minor units (none for JPY).
 */
import { describe, expect, it } from "vitest";
import { type Json, total, useAcpShop } from "./support/acp-shop.ts";
import { call as mcpCall, connectMcp } from "./support/mcp-client.ts";
import { checkedOut, fillCart } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";
import { webDistWithHead } from "./support/web-dist.ts";

const SHOPS = [
  // `shown`: the flat shipping fee (10 in the currency) as the policies' sentence writes it, in
  // the shop's locale (en-US for the yen shop, German for the euro shop).
  {
    currency: "JPY",
    locale: "en-US",
    price: 1200,
    listPrice: 1500,
    minor: 1,
    shown: "Shipping costs ¥10 per order",
  },
  {
    currency: "EUR",
    locale: "de-DE",
    price: 12.34,
    listPrice: 15,
    minor: 100,
    shown: "Shipping costs 10,00\u00a0€ per order",
  },
] as const;

describe.each(DB_KINDS.flatMap((kind) => SHOPS.map((s) => [kind, s] as const)))(
  "a shop on the %s database selling in %o",
  (kind, { currency, locale, price, listPrice, minor, shown }) => {
    const { shop, call, agentShopper, webCart } = useAcpShop(kind, { WEB_DIST_DIR: webDistWithHead() });

    it("prices, totals and answers agents in its currency", async () => {
      const chosen = await shop.merchant.request("PUT", "/api/merchant/currency", { currency, locale });
      expect(chosen.status, JSON.stringify(chosen.json)).toBe(200);
      expect(chosen.json.locale).toBe(locale);
      expect(chosen.json.minorUnits).toBe(minor === 1 ? 0 : 2);

      const created = await shop.merchant.post("/api/merchant/products", {
        sku: `CUR-${currency}`,
        name: `Currency Lantern ${currency}`,
        description: "A lantern priced in the shop's own currency.",
        brand: "Quokka",
        category: "Outdoors",
        price,
        listPrice,
        stockLevel: 20,
        tags: ["lantern"],
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      expect(created.json.price).toBe(price);
      const product = created.json as { id: string; slug: string };
      if (currency === "JPY") {
        const fraction = await shop.merchant.post("/api/merchant/products", {
          sku: "CUR-FRACTION",
          name: "Half a yen",
          description: "Priced with decimals the yen does not have.",
          brand: "Quokka",
          category: "Outdoors",
          price: 12.5,
          stockLevel: 1,
          tags: [],
        });
        expect(fraction.status).toBe(400);
        expect(fraction.json.error.message).toMatch(/whole amount/);
      }

      // The page tells the web app the currency before it reads any amount.
      const page = await (await fetch(`${shop.server.baseUrl}/`)).text();
      expect(page).toContain(`<meta name="shop-currency" content="${currency}">`);
      expect(page).toContain(`<meta name="shop-locale" content="${locale}">`);

      const s = await agentShopper();
      await fillCart(s.http, [product]);
      const cart = (await webCart(s.http)) as Json;
      expect(cart.summary.subtotal).toBe(price);
      expect(cart.summary.currency).toBe(currency);
      const { subtotal, shipping, tax, discount, total: cartTotal } = cart.summary;
      expect(cartTotal).toBeCloseTo(subtotal + shipping + tax - (discount ?? 0), 6);
      if (currency === "JPY")
        for (const figure of [shipping, tax, cartTotal]) expect(Number.isInteger(figure)).toBe(true);

      // ACP: the code in lower case, amounts in the minor unit (yen for JPY, cents for EUR).
      const session = await call("/checkout_sessions", {
        key: s.key,
        body: { items: [{ id: product.id, quantity: 1 }] },
      });
      expect(session.status, JSON.stringify(session.json)).toBe(201);
      expect(session.json.currency).toBe(currency.toLowerCase());
      expect(session.json.line_items[0].base_amount).toBe(Math.round(price * minor));
      expect(total(session.json, "total")).toBe(Math.round(cartTotal * minor));
      const wrong = await call("/checkout_sessions", {
        key: s.key,
        body: { items: [{ id: product.id, quantity: 1 }], currency: "usd" },
      });
      expect(wrong.status).toBe(400);
      const discovery = (await (await fetch(`${shop.server.baseUrl}/.well-known/acp.json`)).json()) as Json;
      expect(discovery.capabilities.supported_currencies).toEqual([currency.toLowerCase()]);

      // MCP: the shop's policies name the currency, and its sentences write amounts in it.
      const agent = await connectMcp(shop.server.baseUrl, s.key);
      const found = await mcpCall(agent, "search_products", { query: `Currency Lantern ${currency}` });
      expect(found.value.products[0].price).toBe(price);
      const policies = await agent.readResource({ uri: "haggle://policies" });
      const read = JSON.parse((policies.contents[0] as { text: string }).text);
      expect(read.currency).toBe(currency);
      expect(read.shipping.summary).toContain(shown);
      const agentCart = await mcpCall(agent, "get_cart", {});
      expect(agentCart.value.cart).toMatchObject({ subtotal: price, currency });

      // Every order answer says the currency its amounts are in: the shopper's, the merchant's, MCP's.
      const order = await checkedOut(s.http);
      expect(order).toMatchObject({ total: cartTotal, currency });
      expect((await s.http.get("/api/orders")).json[0].currency).toBe(currency);
      const merchantOrders = await shop.merchant.get("/api/merchant/orders");
      expect(merchantOrders.json.items.find((o: Json) => o.id === order.id)).toMatchObject({ currency });
      const listed = await mcpCall(agent, "list_orders", {});
      expect(listed.value.orders[0]).toMatchObject({ total: cartTotal, currency });
      await agent.close();
      const refused = await shop.merchant.request("PUT", "/api/merchant/currency", { currency: "USD" });
      expect(refused.status).toBe(409);
      // The locale writes amounts, it does not change them: it may change with orders.
      const english = await shop.merchant.request("PUT", "/api/merchant/currency", {
        currency,
        locale: "en-IE",
      });
      expect(english.json).toMatchObject({ currency, locale: "en-IE" });
    });
  },
);
