/**
 * An agent enters the shopper's discount code over MCP (apply_discount_code): the same code, cart,
 * pricing rule and tries counter as the shop's cart page, on both databases.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, connectMcp, createKey, expectAgentCartAddsUp, ok } from "./support/mcp-client.ts";
import { cents, shopperWithCart, signUpMerchant, useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("MCP apply_discount_code (%s)", (kind) => {
  const shop = useShop(kind);
  const goods = () =>
    shop.catalogue.find((p) => p.inStock && p.stockLevel >= 3 && p.price >= 30 && p.price < 90)!;
  const uniqueCode = (prefix: string) => `${prefix}${randomUUID().slice(0, 6).toUpperCase()}`;

  async function codeOf(body: Record<string, unknown>) {
    const merchant = await signUpMerchant(shop.server.baseUrl);
    const created = await merchant.post("/api/merchant/discount-codes", body);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json.code as string;
  }

  async function agentFor(name: string) {
    const s = await shopperWithCart(shop.server.baseUrl, [goods()], name);
    const { key } = await createKey(s.http, "Code agent");
    return { ...s, client: await connectMcp(shop.server.baseUrl, key) };
  }

  it("applies a code the shop knows, prices it as the cart page does, and removes it with an empty code", async () => {
    const code = await codeOf({ code: uniqueCode("AGENT"), kind: "percent", percentOff: 10 });
    const s = await agentFor("Code Agent");
    const { cart } = await ok(s.client, "apply_discount_code", { code: code.toLowerCase() });
    const web = (await s.http.get("/api/cart")).json;
    expect(web.discountCode).toMatchObject({ code, applied: true });
    expect(cart.discountCode).toEqual({ code, discount: web.summary.codeDiscount });
    expect(cents(cart.discountCode.discount)).toBeGreaterThan(0);
    expect(cents(cart.total)).toBe(cents(web.summary.total));
    expectAgentCartAddsUp(cart);

    const removed = await ok(s.client, "apply_discount_code", { code: "" });
    expect(removed.cart.discountCode).toBeUndefined();
    expect((await s.http.get("/api/cart")).json.discountCode ?? null).toBeNull();

    // update_cart takes the code with the change, as apply_discount_code does.
    const productId = (await s.http.get("/api/cart")).json.items[0].productId;
    const updated = await ok(s.client, "update_cart", { productId, quantity: 2, discountCode: code });
    expect(updated.cart.items[0].quantity).toBe(2);
    expect(updated.cart.discountCode.code).toBe(code);
    expect(cents(updated.cart.total)).toBe(cents((await s.http.get("/api/cart")).json.summary.total));
    await s.client.close();
  });

  it("refuses an unknown code with a sentence, and says why a known one does not apply", async () => {
    const s = await agentFor("Code Checker");
    const unknown = await call(s.client, "apply_discount_code", { code: "NOSUCHCODE1" });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain("We don't know the code NOSUCHCODE1. Check it and try again.");

    const big = await codeOf({
      code: uniqueCode("BIG"),
      kind: "percent",
      percentOff: 10,
      minimumSubtotal: 100000,
    });
    const { cart } = await ok(s.client, "apply_discount_code", { code: big });
    expect(cart.discountCode).toBeUndefined();
    expect(cart.notice).toMatch(/\S/);
    expect((await s.http.get("/api/cart")).json.discountCode).toMatchObject({ code: big, applied: false });
    await s.client.close();
  });

  it("needs the shopper's key, and counts tries with the cart page: the 11th in a minute is refused", async () => {
    const anonymous = await connectMcp(shop.server.baseUrl);
    const refused = await call(anonymous, "apply_discount_code", { code: "WHATEVER" });
    expect(refused.isError).toBe(true);
    await anonymous.close();

    const s = await agentFor("Code Guesser");
    for (let i = 0; i < 5; i++) await call(s.client, "apply_discount_code", { code: `GUESS${i}` });
    for (let i = 0; i < 5; i++)
      expect((await s.http.request("PUT", "/api/cart/discount-code", { code: `WEB${i}` })).status).toBe(400);
    const eleventh = await call(s.client, "apply_discount_code", { code: "GUESS11" });
    expect(eleventh.isError).toBe(true);
    expect(eleventh.text).toContain("Too many discount codes tried. Please wait a minute and try again.");
    expect((await s.http.request("PUT", "/api/cart/discount-code", { code: "WEB11" })).status).toBe(429);
    await s.client.close();
  });
});
