/** Product pages: an address per product, the page's content, ids moving to slugs, 404s. */
import type { ProductPage } from "@haggle/contract/products";
import { describe, expect, it } from "vitest";
import { signUpMerchant, useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";
import { fakeWebDist } from "./support/web-dist.ts";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe.each(DB_KINDS)("product pages on the %s database", (kind) => {
  const shop = useShop(kind, { env: { WEB_DIST_DIR: fakeWebDist() } });
  const get = (path: string, init?: RequestInit) => fetch(`${shop.server.baseUrl}${path}`, init);

  it("gives every product a unique address made from its name", () => {
    const slugs = shop.catalogue.map((p) => p.slug);
    expect(slugs.length).toBeGreaterThan(10);
    for (const slug of slugs) expect(slug).toMatch(SLUG);
    expect(new Set(slugs).size).toBe(slugs.length);
    const kettle = shop.catalogue[0]!;
    expect(kettle.slug.startsWith(kettle.name.toLowerCase().split(/[^a-z0-9]+/)[0]!)).toBe(true);
  });

  it("answers a product page by its address, with what is bought with it: cross-sells first, then its category", async () => {
    const [product, other] = shop.catalogue.filter((p) => p.inStock);
    const paired = shop.catalogue.find((p) => p.category !== product!.category && p.id !== other!.id)!;
    const merchant = await signUpMerchant(shop.server.baseUrl);
    const pairing = await merchant.post("/api/merchant/pairings", {
      kind: "cross_sell",
      productId: product!.id,
      pairedProductId: paired.id,
    });
    expect(pairing.status).toBe(201);

    const res = await get(`/api/products/by-slug/${product!.slug}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as ProductPage;
    const { options, variants, ...pageProduct } = page.product;
    expect(pageProduct).toEqual(product);
    expect(options).toEqual([]);
    expect(variants.map((v) => v.sku)).toEqual([product!.sku]);
    const together: { id: string; category: string }[] = page.frequentlyBoughtTogether;
    expect(together.length).toBe(4);
    expect(together[0]!.id).toBe(paired.id);
    expect(together.map((p) => p.id)).not.toContain(product!.id);
    for (const p of together.slice(1)) expect(p.category).toBe(product!.category);
  });

  it("accepts a product's id and answers with its slug; the page at the id moves to the slug", async () => {
    const product = shop.catalogue[1]!;
    const api = await get(`/api/products/by-slug/${product.id}`);
    expect(api.status).toBe(200);
    expect(((await api.json()) as ProductPage).product.slug).toBe(product.slug);

    const html = await get(`/products/${product.id}`, { redirect: "manual" });
    expect(html.status).toBe(301);
    expect(html.headers.get("location")).toBe(`/products/${product.slug}`);
    const page = await get(`/products/${product.slug}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
  });

  it("makes a second product of the same name its own address, and keeps an address when the name changes", async () => {
    const merchant = await signUpMerchant(shop.server.baseUrl);
    const create = (sku: string) =>
      merchant.post("/api/merchant/products", {
        sku,
        name: "Café Crème Mug — 12 oz",
        description: "A mug.",
        brand: "Quokka",
        category: "Kitchen",
        price: 12,
        listPrice: 12,
        stockLevel: 4,
        tags: [],
      });
    const first = await create("SLUG-MUG-1");
    const second = await create("SLUG-MUG-2");
    expect(first.status).toBe(201);
    expect(first.json.slug).toBe("cafe-creme-mug-12-oz");
    expect(second.json.slug).toBe("cafe-creme-mug-12-oz-2");

    const renamed = await merchant.request("PATCH", `/api/merchant/products/${first.json.id}`, {
      name: "Renamed Mug",
    });
    expect(renamed.status).toBe(200);
    const page = await get(`/api/products/by-slug/cafe-creme-mug-12-oz`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as ProductPage).product.name).toBe("Renamed Mug");
  });

  it("answers 404 with a sentence for an unknown, malformed or hidden product, API and page alike", async () => {
    for (const path of [
      "/api/products/by-slug/does-not-exist",
      "/api/products/by-slug/Not%20A%20Slug",
      "/api/products/by-slug/0b6f3c1e-7a5d-4c1a-9f57-2f1d4b8a9c10",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message, path).toBe(
        "No product has that address.",
      );
    }
    const merchant = await signUpMerchant(shop.server.baseUrl);
    const product = shop.catalogue[2]!;
    const hide = await merchant.request("PATCH", `/api/merchant/products/${product.id}`, { hidden: true });
    expect(hide.status).toBe(200);
    expect((await get(`/api/products/by-slug/${product.slug}`)).status).toBe(404);
    expect((await get(`/products/${product.slug}`)).status).toBe(404);
    expect((await get(`/products/${product.id}`, { redirect: "manual" })).status).toBe(404);
    await merchant.request("PATCH", `/api/merchant/products/${product.id}`, { hidden: false });
    expect((await get(`/products/${product.slug}`)).status).toBe(200);
  });
});
