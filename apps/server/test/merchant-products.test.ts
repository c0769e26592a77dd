/** The merchant API over real HTTP on the real database: who may use it, and the products. */
import { randomUUID } from "node:crypto";
import type { Product } from "@haggle/contract/products";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productEmbeddingText } from "../src/platform/ai/embeddings.ts";
import { embedLocal } from "../src/platform/ai/local-embedder.ts";
import { products } from "../src/platform/db/schema.ts";
import { HttpClient, readChatStream } from "./support/http-client.ts";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { CHECKOUT_BODY } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("merchant access and products on the %s database", (kind) => {
  const { shop, shopper, patch } = useMerchantShop(kind);

  // ---------------------------------------------------------------- access

  it("requires the merchant role: 401 anonymous, 403 a shopper, 200 the merchant; every route documented", async () => {
    const anonymous = new HttpClient(shop.server.baseUrl);
    const { http: someone } = await shopper([]);
    const reads = [
      "/api/merchant/stats",
      "/api/merchant/dashboard",
      "/api/merchant/products",
      "/api/merchant/config",
      "/api/merchant/pairings",
      "/api/merchant/orders",
    ];
    for (const path of reads) {
      expect((await anonymous.get(path)).status, path).toBe(401);
      expect((await someone.get(path)).status, path).toBe(403);
      expect((await shop.merchant.get(path)).status, path).toBe(200);
    }
    const product = shop.catalogue[0]!;
    for (const [method, path, body] of [
      ["POST", "/api/merchant/products", { sku: "X-1" }],
      ["PATCH", `/api/merchant/products/${product.id}`, { hidden: true }],
      ["PUT", "/api/merchant/config/global_rules", { offer_expiry_minutes: 1, max_rounds: 1 }],
      ["POST", "/api/merchant/pairings", {}],
      ["DELETE", `/api/merchant/pairings/${randomUUID()}`, undefined],
      ["PATCH", `/api/merchant/orders/${randomUUID()}`, { status: "shipped" }],
    ] as const) {
      expect((await anonymous.request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await someone.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await shop.merchant.get(`/api/merchant/products/${product.id}`)).json.hidden).toBe(false);
    const docs = (await anonymous.get("/api/openapi.json")).json.paths;
    for (const [path, method] of [
      ["/api/merchant/dashboard", "get"],
      ["/api/merchant/products/{id}", "patch"],
      ["/api/merchant/config/{configType}", "put"],
      ["/api/merchant/pairings/{id}", "delete"],
      ["/api/merchant/orders/{id}", "patch"],
    ] as const) {
      expect(docs[path][method]["x-access"], `${method} ${path}`).toBe("merchant");
    }
  });

  // ---------------------------------------------------------------- products

  it("creates a product with a generated image, refuses a duplicate SKU and a list price below the price", async () => {
    const body = {
      sku: "MERCH-TRAIL-1",
      name: "Quokka Trail Lantern",
      description: "A rechargeable camping lantern with a warm glow.",
      brand: "Quokka",
      category: "Outdoors",
      price: 49.99,
      listPrice: 59.99,
      stockLevel: 12,
      tags: ["camping", "light"],
    };
    const created = await shop.merchant.post("/api/merchant/products", body);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      ...body,
      inStock: true,
      hidden: false,
      imageUrl: "/images/products/MERCH-TRAIL-1.svg",
    });
    const image = await fetch(`${shop.server.baseUrl}${created.json.imageUrl}`);
    expect(image.status).toBe(200);
    expect(await image.text()).toContain("Quokka Trail Lantern");

    const duplicate = await shop.merchant.post("/api/merchant/products", { ...body, name: "Another" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.error.message).toBe("A product with SKU MERCH-TRAIL-1 already exists.");
    const below = await shop.merchant.post("/api/merchant/products", {
      ...body,
      sku: "MERCH-TRAIL-2",
      listPrice: 10,
    });
    expect(below.status).toBe(400);
    expect(below.json.error.message).toBe("List price cannot be lower than the price.");
    const badSku = await shop.merchant.post("/api/merchant/products", { ...body, sku: "no spaces" });
    expect(badSku.status).toBe(400);
    expect(badSku.json.error.message).toBe(
      "SKU may contain only letters, digits, dots, dashes and underscores.",
    );
    expect((await shop.merchant.post("/api/merchant/products", "{not json")).status).toBe(400);

    // In the shop at once, found by the catalogue search and embedded for AI search.
    const searched = (await new HttpClient(shop.server.baseUrl).get("/api/products?q=quokka")).json;
    expect(searched.items.map((p: Product) => p.id)).toEqual([created.json.id]);
    const [row] = await shop.server.database.db
      .select({ model: products.embeddingModel })
      .from(products)
      .where(eq(products.id, created.json.id));
    expect(row?.model).toBe("haggle-local-v1");
    const listed = (await shop.merchant.get("/api/merchant/products?q=merch-trail")).json;
    expect(listed.items.map((p: Product) => p.sku)).toEqual(["MERCH-TRAIL-1"]);
    // q matches the category and brand too, case-insensitively; the list is ordered by name.
    const outdoors = (await shop.merchant.get("/api/merchant/products?q=OUTDOORS&pageSize=200")).json
      .items as Product[];
    expect(outdoors.map((p) => p.id)).toContain(created.json.id);
    expect(outdoors.map((p) => p.name)).toEqual(
      [...outdoors.map((p) => p.name)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)),
    );
    expect((await shop.merchant.get("/api/merchant/products?q=quokka")).json.total).toBe(1);
    expect((await shop.merchant.get("/api/merchant/products?pageSize=500")).json.error.message).toBe(
      "Page size must be a whole number from 1 to 200.",
    );
  });

  it("edits a product (re-embedded, found by its new name), checks the merged prices, hides it from the shop", async () => {
    const created = (
      await shop.merchant.post("/api/merchant/products", {
        sku: "MERCH-EDIT-1",
        name: "Plain Thing",
        brand: "Nobody",
        category: "Home & Kitchen",
        price: 20,
        listPrice: 25,
        stockLevel: 30,
      })
    ).json;
    const edited = await patch(`/api/merchant/products/${created.id}`, {
      name: "Zephyrine Pour-Over Kettle",
      description: "A gooseneck kettle for pour-over coffee.",
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ name: "Zephyrine Pour-Over Kettle", price: 20, listPrice: 25 });
    expect(edited.json.updatedAt > created.updatedAt).toBe(true);
    // Renaming the SKU to one another product has: 409, and nothing of the edit is kept.
    const other = await shop.merchant.post("/api/merchant/products", {
      sku: "MERCH-EDIT-0",
      name: "Other Thing",
      brand: "Nobody",
      category: "Home & Kitchen",
      price: 5,
      listPrice: 5,
      stockLevel: 1,
    });
    expect(other.status).toBe(201);
    const clash = await patch(`/api/merchant/products/${created.id}`, { sku: "MERCH-EDIT-0", price: 21 });
    expect(clash.status).toBe(409);
    expect(clash.json.error.message).toBe("A product with SKU MERCH-EDIT-0 already exists.");
    expect((await shop.merchant.get(`/api/merchant/products/${created.id}`)).json).toMatchObject({
      sku: "MERCH-EDIT-1",
      price: 20,
    });

    // The stored vector is the one of the new text, by the current (built-in) model.
    const [row] = await shop.server.database.db
      .select({ embedding: products.embedding })
      .from(products)
      .where(eq(products.id, created.id));
    const expected = embedLocal(
      productEmbeddingText({
        name: "Zephyrine Pour-Over Kettle",
        brand: "Nobody",
        category: "Home & Kitchen",
        description: "A gooseneck kettle for pour-over coffee.",
        tags: [],
      }),
    );
    const cosine = expected.reduce((s, v, i) => s + v * (row?.embedding?.[i] ?? 0), 0);
    expect(cosine).toBeGreaterThan(0.9999);
    // The shopping assistant finds it by its new name.
    const assistant = await fetch(`${shop.server.baseUrl}/functions/v1/shop-assistant`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: "zephyrine kettle" }] }),
    });
    const chat = await readChatStream(assistant);
    const found = chat.events.filter((e) => e.type === "tool_result").flatMap((e) => e.products as Product[]);
    expect(found.map((p) => p.id)).toContain(created.id);

    const merged = await patch(`/api/merchant/products/${created.id}`, { price: 30 });
    expect(merged.status).toBe(400);
    expect(merged.json.error.message).toBe("List price cannot be lower than the price.");
    expect((await patch(`/api/merchant/products/${created.id}`, {})).json.error.message).toBe(
      "Send at least one field to change.",
    );
    expect((await patch(`/api/merchant/products/${randomUUID()}`, { price: 1 })).status).toBe(404);
    const notUuid = await patch("/api/merchant/products/not-a-uuid", { price: 1 });
    expect(notUuid.status).toBe(404);
    expect(notUuid.json.error.message).toBe("No product has that id.");
    expect((await shop.merchant.get("/api/merchant/products/not-a-uuid")).status).toBe(404);

    // Hidden: gone from the list, the detail, search and the cart; still in the merchant's list.
    const { http: buyer } = await shopper([]);
    expect((await buyer.post("/api/cart/items", { productId: created.id })).status).toBe(200);
    expect((await patch(`/api/merchant/products/${created.id}`, { hidden: true })).json.hidden).toBe(true);
    const anonymous = new HttpClient(shop.server.baseUrl);
    expect((await anonymous.get("/api/products?q=zephyrine")).json.total).toBe(0);
    expect((await anonymous.get(`/api/products/${created.id}`)).status).toBe(404);
    const added = await buyer.post("/api/cart/items", { productId: created.id });
    expect(added.status).toBe(404);
    const refused = await buyer.post("/api/checkout", CHECKOUT_BODY, { "idempotency-key": randomUUID() });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(
      "Zephyrine Pour-Over Kettle is no longer sold. Remove it from your cart to check out.",
    );
    const hiddenList = (await shop.merchant.get("/api/merchant/products?visibility=hidden")).json;
    expect(hiddenList.items.map((p: Product) => p.id)).toContain(created.id);
    expect(
      (await shop.merchant.get("/api/merchant/products?visibility=visible&pageSize=200")).json.total,
    ).toBe((await anonymous.get("/api/products?pageSize=1")).json.collectionTotal);
  });
});
