/**
 * The smaller hardening checks: a NUL in a path is a 400, not a 500; the
 * product pictures keep their own strict CSP; common passwords are refused at sign-up; a
 * signed-out session (or a copy of its cookie) stops working at once.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../src/platform/db/schema.ts";
import { HttpClient, uniqueEmail } from "./support/http-client.ts";
import { postCheckout, signUpShopper, useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("smaller findings on the %s database", (kind) => {
  const shop = useShop(kind);

  it("refuses checkout and negotiation on a cart over $10 billion with 400 and a sentence, and changes nothing", async () => {
    // A price no form accepts (at most $1,000,000), as an older import or a hand edit could leave it.
    const product = shop.catalogue.find((p) => p.stockLevel >= 2);
    if (!product) throw new Error("no product with stock");
    const { db } = shop.server.database;
    const [before] = await db
      .select({ price: products.price, listPrice: products.listPrice, stock: products.stockLevel })
      .from(products)
      .where(eq(products.id, product.id));
    if (!before) throw new Error("product row missing");
    await db
      .update(products)
      .set({ price: 900_000_000_000, listPrice: 900_000_000_000 })
      .where(eq(products.id, product.id));
    try {
      const { http } = await signUpShopper(shop.server.baseUrl, "Billionaire Shopper");
      expect(
        (await http.post("/api/cart/items", { productId: product.id, quantity: 2 })).status,
      ).toBeLessThan(300);
      const tooLarge =
        "This cart comes to more than $9,999,999,999.99, the most one order can hold. Remove some items to continue.";
      const checkout = await postCheckout(http);
      expect(checkout.status).toBe(400);
      expect(checkout.json.error).toEqual({ code: "CART_TOO_LARGE", message: tooLarge });
      const negotiation = await http.post("/api/negotiations", {});
      expect(negotiation.status).toBe(400);
      expect(negotiation.json.error.message).toBe(tooLarge);
      const [after] = await db
        .select({ stock: products.stockLevel })
        .from(products)
        .where(eq(products.id, product.id));
      expect(after?.stock).toBe(before.stock);
    } finally {
      await db
        .update(products)
        .set({ price: before.price, listPrice: before.listPrice })
        .where(eq(products.id, product.id));
    }
  });

  it("answers a NUL in a path with 400 and a sentence", async () => {
    const http = new HttpClient(shop.server.baseUrl);
    for (const path of ["/images/products/%00.svg", "/images/products/a%00b.svg"]) {
      const res = await http.get(path);
      expect(res.status, path).toBe(400);
      expect(res.json.error.message).toBe("The request contains a NUL character, which is not allowed.");
    }
  });

  it("serves product pictures under their own strict CSP, the pages under the shop's", async () => {
    const product = shop.catalogue.find((p) => p.imageUrl.startsWith("/images/products/"));
    if (!product) throw new Error("no generated picture");
    const picture = await fetch(`${shop.server.baseUrl}${product.imageUrl}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    const api = await fetch(`${shop.server.baseUrl}/api/products?pageSize=1`);
    expect(api.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("refuses the commonest passwords at sign-up, whatever their case", async () => {
    for (const password of ["123456", "Password", "qwerty123"]) {
      const res = await new HttpClient(shop.server.baseUrl).signUp(uniqueEmail("weak"), password);
      expect(res.status, password).toBe(400);
      expect(res.json.error.message).toBe("This password is too common. Please choose another.");
    }
  });

  it("ends a session at sign-out, for every copy of its cookie", async () => {
    const { http } = await signUpShopper(shop.server.baseUrl, "Leaving Shopper");
    const copy = new HttpClient(shop.server.baseUrl);
    const jar = (client: HttpClient) => (client as unknown as { cookies: Map<string, string> }).cookies;
    for (const [k, v] of jar(http)) jar(copy).set(k, v);
    expect((await copy.get("/api/me")).json.user).not.toBeNull();
    expect((await http.post("/api/auth/sign-out")).status).toBe(200);
    expect((await http.get("/api/me")).json).toEqual({ user: null });
    expect((await copy.get("/api/me")).json).toEqual({ user: null });
  });
});
