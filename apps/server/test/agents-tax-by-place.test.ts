/**
 * Tax by place as agents read it, both databases: an MCP cart states VAT as included (and its
 * figures add up without it) at the address the shopper last used, and an ACP session to a US
 * state charges the same sales tax as the web checkout of the same cart to the same address.
 */
import { taxOn } from "@haggle/domain/markets/tax-by-place";
import { describe, expect, it } from "vitest";
import { ADDRESS, total, useAcpShop } from "./support/acp-shop.ts";
import { connectMcp, createKey, expectAgentCartAddsUp, ok } from "./support/mcp-client.ts";
import { BERLIN_CHECKOUT, CHECKOUT_BODY, cents, postCheckout } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("agents under tax by place (%s)", (kind) => {
  const { shop, near, shopper, call, agentShopper } = useAcpShop(kind);
  const choose = async (byPlace: boolean, pricesIncludeTax: boolean) => {
    const res = await shop.merchant.request("PUT", "/api/merchant/taxes", { byPlace, pricesIncludeTax });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  };

  it("an MCP cart says VAT is in the prices at the shopper's last address, and adds up without adding it", async () => {
    await choose(true, true);
    const { http } = await shopper([near(35)], "Lena Berg");
    expect((await postCheckout(http, undefined, BERLIN_CHECKOUT)).status).toBe(201);
    const { key } = await createKey(http, "VAT agent");
    const client = await connectMcp(shop.server.baseUrl, key);
    const goods = near(60);
    const { cart } = await ok(client, "update_cart", { productId: goods.id, quantity: 2 });
    expect(cart).toMatchObject({ taxIncluded: true, taxLabel: "VAT" });
    const web = (await http.get("/api/cart")).json.summary;
    expect(cents(cart.total)).toBe(cents(web.total));
    expect(cents(cart.tax)).toBe(cents(web.tax));
    expect(cents(cart.tax)).toBe(
      taxOn(cents(goods.price) * 2, 19_000, true) + taxOn(cents(cart.shipping), 19_000, true),
    );
    expectAgentCartAddsUp(cart);
    await client.close();
    await choose(false, false);
  });

  it("an ACP session to California charges the sales tax the web checkout charges for the same cart", async () => {
    await choose(true, false);
    const s = await agentShopper();
    const [a, b] = [near(30), near(45, 1)];
    const created = await call("/checkout_sessions", {
      key: s.key,
      body: {
        items: [
          { id: a.id, quantity: 3 },
          { id: b.id, quantity: 1 },
        ],
        fulfillment_address: ADDRESS,
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const sessionTax = total(created.json, "tax");
    expect(sessionTax).toBe(taxOn(cents(a.price) * 3, 7250, false) + taxOn(cents(b.price), 7250, false));
    // The session is the shopper's cart: the web checkout to the same city charges the same.
    const order = (await postCheckout(s.http, undefined, CHECKOUT_BODY)).json;
    expect(order).toMatchObject({ taxIncluded: false, taxLabel: "Sales tax" });
    expect(cents(order.tax)).toBe(sessionTax);
    expect(cents(order.total)).toBe(total(created.json, "total"));
    await choose(false, false);
  });
});
