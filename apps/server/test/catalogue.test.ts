import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { heavyQueryGate } from "../src/platform/db/query-gate.ts";
import { HttpClient } from "./support/http-client.ts";
import { useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("catalogue API on the %s database", (kind) => {
  const shop = useShop(kind);
  let http: HttpClient;
  beforeAll(() => {
    http = new HttpClient(shop.server.baseUrl);
  });

  it("answers the health check with the database kind", async () => {
    const res = await http.get("/healthz");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, db: kind });
  });

  it("answers the health check while every pooled connection is busy", async () => {
    const pool = shop.server.database.pool;
    if (!pool) return; // the embedded database has no pool
    const held = await Promise.all(Array.from({ length: pool.options.max ?? 10 }, () => pool.connect()));
    try {
      const res = await fetch(`${shop.server.baseUrl}/healthz`, { signal: AbortSignal.timeout(10_000) });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, db: kind });
    } finally {
      for (const client of held) client.release();
    }
  });

  it("lists the seeded collection of 180 products with facets", async () => {
    const res = await http.get("/api/products");
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(180);
    expect(res.json.collectionTotal).toBe(180);
    expect(res.json.items).toHaveLength(24);
    expect(res.json.page).toBe(1);
    const categories = res.json.facets.categories as { value: string; count: number }[];
    const brands = res.json.facets.brands as { value: string; count: number }[];
    expect(categories.length).toBeGreaterThanOrEqual(8);
    expect(brands.length).toBeGreaterThanOrEqual(25);
    expect(categories.reduce((s, f) => s + f.count, 0)).toBe(180);
    expect(brands.reduce((s, f) => s + f.count, 0)).toBe(180);
    const names = categories.map((f) => f.value);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    const product = res.json.items[0];
    expect(Object.keys(product).sort()).toEqual(
      [
        "id",
        "sku",
        "name",
        "slug",
        "description",
        "brand",
        "category",
        "price",
        "listPrice",
        "imageUrl",
        "rating",
        "reviewCount",
        "inStock",
        "stockLevel",
        "demandIndex",
        "tags",
        "maxPrice",
        "hasOptions",
        "swatches",
      ].sort(),
    );
    expect(Math.round(product.price * 100)).toBe(product.price * 100);
  });

  it("pages through every product exactly once", async () => {
    const seen = new Set<string>();
    for (let page = 1; page <= 4; page++) {
      const res = await http.get(`/api/products?pageSize=50&page=${page}`);
      expect(res.status).toBe(200);
      for (const p of res.json.items) seen.add(p.id);
      if (page === 4) expect(res.json.items).toHaveLength(30);
    }
    expect(seen.size).toBe(180);
  });

  it("filters by several categories and brands, with facet counts that match", async () => {
    const all = await http.get("/api/products?pageSize=200");
    const [c1, c2] = all.json.facets.categories as { value: string; count: number }[];
    const res = await http.get(
      `/api/products?pageSize=200&category=${encodeURIComponent(c1!.value)}&category=${encodeURIComponent(c2!.value)}`,
    );
    expect(res.json.total).toBe(c1!.count + c2!.count);
    expect(
      res.json.items.every((p: { category: string }) => [c1!.value, c2!.value].includes(p.category)),
    ).toBe(true);
    // The category facet ignores the category filter itself, so siblings stay choosable.
    expect(res.json.facets.categories).toEqual(all.json.facets.categories);
    const brandCounts = res.json.facets.brands as { value: string; count: number }[];
    expect(brandCounts.reduce((s, f) => s + f.count, 0)).toBe(res.json.total);

    const twoBrands = brandCounts.slice(0, 2).map((b) => b.value);
    const both = await http.get(
      `/api/products?pageSize=200&category=${encodeURIComponent(c1!.value)}&category=${encodeURIComponent(c2!.value)}&brand=${encodeURIComponent(twoBrands[0]!)}&brand=${encodeURIComponent(twoBrands[1]!)}`,
    );
    expect(both.json.total).toBe(brandCounts[0]!.count + brandCounts[1]!.count);
    for (const p of both.json.items) {
      expect(twoBrands).toContain(p.brand);
      expect([c1!.value, c2!.value]).toContain(p.category);
    }
  });

  it("sorts by price both ways and by rating", async () => {
    const low = (await http.get("/api/products?sort=price-low&pageSize=200")).json.items as {
      price: number;
    }[];
    const high = (await http.get("/api/products?sort=price-high&pageSize=200")).json.items as {
      price: number;
    }[];
    const rated = (await http.get("/api/products?sort=rating&pageSize=200")).json.items as {
      rating: number;
    }[];
    for (let i = 1; i < low.length; i++) expect(low[i]!.price).toBeGreaterThanOrEqual(low[i - 1]!.price);
    for (let i = 1; i < high.length; i++) expect(high[i]!.price).toBeLessThanOrEqual(high[i - 1]!.price);
    for (let i = 1; i < rated.length; i++) expect(rated[i]!.rating).toBeLessThanOrEqual(rated[i - 1]!.rating);
  });

  it("searches name, description and brand case-insensitively", async () => {
    const all = (await http.get("/api/products?pageSize=200")).json.items as {
      name: string;
      brand: string;
      description: string;
    }[];
    const brand = all[0]!.brand;
    const byBrand = await http.get(`/api/products?pageSize=200&q=${encodeURIComponent(brand.toUpperCase())}`);
    const expected = all.filter((p) =>
      `${p.name}\n${p.description}\n${p.brand}`.toLowerCase().includes(brand.toLowerCase()),
    ).length;
    expect(byBrand.json.total).toBeGreaterThanOrEqual(expected);
    expect(byBrand.json.items.some((p: { brand: string }) => p.brand === brand)).toBe(true);

    const headphones = await http.get("/api/products?q=headphones");
    expect(headphones.json.total).toBeGreaterThan(0);
    expect(headphones.json.items[0].name.toLowerCase()).toContain("headphones");
  });

  it("finds every product whose name or brand holds a searched word, whole or inside a longer word", async () => {
    const all = (await http.get("/api/products?pageSize=200")).json.items as {
      id: string;
      name: string;
      brand: string;
    }[];
    // Whole words of the vocabulary (no LIKE arm: the full text) and parts of longer words (LIKE).
    for (const word of ["headphones", "phone", "head", "lamp", "brewhaus", "wireless", "grind"]) {
      const found = new Set(
        ((await http.get(`/api/products?pageSize=200&q=${word}`)).json.items as { id: string }[]).map(
          (p) => p.id,
        ),
      );
      const holding = all.filter((p) => `${p.name} ${p.brand}`.toLowerCase().includes(word));
      expect(holding.length, word).toBeGreaterThan(0);
      for (const p of holding) expect(found.has(p.id), `${word}: ${p.name}`).toBe(true);
    }
  });

  it("tolerates a typo: headphnes finds headphones", async () => {
    const res = await http.get("/api/products?q=headphnes");
    expect(res.status).toBe(200);
    expect(res.json.total).toBeGreaterThan(0);
    expect(res.json.items[0].name.toLowerCase()).toContain("headphones");
  });

  it("counts a swap of two neighbouring letters as one typo: brehwaus finds Brewhaus", async () => {
    const res = await http.get("/api/products?q=brehwaus");
    expect(res.status).toBe(200);
    expect(res.json.total).toBeGreaterThan(0);
    for (const item of res.json.items as { brand: string }[]) expect(item.brand).toBe("Brewhaus");
    const twoWords = await http.get("/api/products?q=brehwaus%20grinder");
    expect(twoWords.json.items.map((p: { name: string }) => p.name)).toEqual([
      "Brewhaus Burr Coffee Grinder",
    ]);
  });

  it("counts facets and the total in one answer when filtering by category and brand", async () => {
    const all = (await http.get("/api/products?pageSize=200")).json.items as {
      brand: string;
      category: string;
    }[];
    const { category, brand } = all[0]!;
    const res = await http.get(
      `/api/products?category=${encodeURIComponent(category)}&brand=${encodeURIComponent(brand)}`,
    );
    expect(res.status).toBe(200);
    const count = (pred: (p: { brand: string; category: string }) => boolean) => all.filter(pred).length;
    expect(res.json.total).toBe(count((p) => p.category === category && p.brand === brand));
    expect(res.json.collectionTotal).toBe(180);
    const categories = res.json.facets.categories as { value: string; count: number }[];
    const brands = res.json.facets.brands as { value: string; count: number }[];
    // Each facet counts what the other filter leaves.
    for (const f of categories)
      expect(f.count).toBe(count((p) => p.brand === brand && p.category === f.value));
    expect(categories.reduce((s, f) => s + f.count, 0)).toBe(count((p) => p.brand === brand));
    for (const f of brands)
      expect(f.count).toBe(count((p) => p.category === category && p.brand === f.value));
    expect(brands.reduce((s, f) => s + f.count, 0)).toBe(count((p) => p.category === category));
  });

  it("refuses searches past the bound on concurrent ones with 503 and Retry-After, not the catalogue", async () => {
    const gate = heavyQueryGate(shop.server.database);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = Array.from({ length: gate.running + gate.waiting }, () => gate.run(() => held));
    try {
      // A search nobody asked yet: an answer already kept would be served without the gate.
      const busy = await fetch(`${shop.server.baseUrl}/api/products?q=headphones&sort=price-low`);
      expect(busy.status).toBe(503);
      expect(busy.headers.get("retry-after")).toBe("1");
      expect(((await busy.json()) as { error: { code: string } }).error.code).toBe("BUSY");
      expect((await http.get("/api/products")).status).toBe(200);
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await http.get("/api/products?q=headphones")).status).toBe(200);
  });

  it("keeps the collection's facet counts exact through hiding, moving and adding products", async () => {
    const { db } = shop.server.database;
    const before = (await http.get("/api/products")).json;
    const item = before.items[0] as { sku: string; category: string; brand: string };
    const countOf = (list: { value: string; count: number }[], value: string) =>
      list.find((f) => f.value === value)?.count ?? 0;
    try {
      await db.execute(sql`update products set hidden = true where sku = ${item.sku}`);
      // Every product's stock moves (through its variants: a product with options takes no direct write); no facet change.
      await db.execute(sql`update product_variants set stock_level = stock_level + 1`);
      // Written behind the server's back: it may not have heard the change yet (NOTIFY is async).
      await shop.server.deps.answers.settle();
      let after = (await http.get("/api/products")).json;
      expect(after.total).toBe(179);
      expect(after.collectionTotal).toBe(179);
      expect(countOf(after.facets.categories, item.category)).toBe(
        countOf(before.facets.categories, item.category) - 1,
      );
      expect(countOf(after.facets.brands, item.brand)).toBe(countOf(before.facets.brands, item.brand) - 1);
      await db.execute(
        sql`update products set hidden = false, category = 'Moved Here' where sku = ${item.sku}`,
      );
      await db.execute(sql`insert into products (sku, name, brand, category, price, list_price)
        values ('FACET-TEST-1', 'Facet Test', 'Facet Brand', 'Moved Here', 1, 1)`);
      await shop.server.deps.answers.settle();
      after = (await http.get("/api/products")).json;
      expect(after.total).toBe(181);
      expect(countOf(after.facets.categories, "Moved Here")).toBe(2);
      expect(countOf(after.facets.brands, "Facet Brand")).toBe(1);
      expect(after.facets.categories.reduce((n: number, f: { count: number }) => n + f.count, 0)).toBe(181);
      // What the triggers keep is what counting the products says (the filtered path counts).
      const counted = (await http.get("/api/products?category=Moved%20Here")).json;
      expect(counted.total).toBe(2);
      expect(counted.collectionTotal).toBe(181);
      expect(countOf(counted.facets.brands, "Facet Brand")).toBe(1);
      const both = (
        await http.get(`/api/products?category=Moved%20Here&brand=${encodeURIComponent(item.brand)}`)
      ).json;
      expect(both.total).toBe(1);
      expect(countOf(both.facets.categories, "Moved Here")).toBe(1);
      expect(await keptPairs()).toEqual(await countedPairs());
    } finally {
      await db.execute(sql`delete from products where sku = 'FACET-TEST-1'`);
      await db.execute(
        sql`update products set hidden = false, category = ${item.category} where sku = ${item.sku}`,
      );
      await db.execute(sql`update product_variants set stock_level = stock_level - 1`);
      await shop.server.deps.answers.settle();
    }
    const restored = (await http.get("/api/products")).json;
    expect(restored.total).toBe(180);
    expect(restored.facets).toEqual(before.facets);
    expect(await keptPairs()).toEqual(await countedPairs());
  });

  /** The (category, brand) counts the triggers keep (migration 0025), and the same counted now. */
  async function keptPairs(): Promise<string[]> {
    const result = (await shop.server.database.db.execute(
      sql`select category, brand, visible as n from product_pair_counts where visible > 0`,
    )) as unknown as { rows: { category: string; brand: string; n: number }[] };
    return result.rows.map((r) => `${r.category} / ${r.brand}: ${r.n}`).sort();
  }
  async function countedPairs(): Promise<string[]> {
    const result = (await shop.server.database.db.execute(
      sql`select category, brand, count(*)::int as n from products where not hidden group by category, brand`,
    )) as unknown as { rows: { category: string; brand: string; n: number }[] };
    return result.rows.map((r) => `${r.category} / ${r.brand}: ${r.n}`).sort();
  }

  it("finds nothing for nonsense, with an empty page", async () => {
    const res = await http.get("/api/products?q=zzqxv%20blorptang");
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(0);
    expect(res.json.items).toEqual([]);
    expect(res.json.collectionTotal).toBe(180);
  });

  it("never lets LIKE wildcards act as wildcards", async () => {
    // Symbols alone are no search words: the whole collection, not an error.
    const symbols = await http.get("/api/products?q=%25%25_%25");
    expect(symbols.status).toBe(200);
    expect(symbols.json.total).toBe(180);
  });

  it("answers a bad query with a 400 and a sentence", async () => {
    for (const query of [
      "pageSize=-1",
      "sort=bogus",
      "page=0",
      "pageSize=abc",
      "pageSize=100000",
      `q=${"x".repeat(201)}`,
    ]) {
      const res = await http.get(`/api/products?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.error.code).toBe("BAD_REQUEST");
      expect(res.json.error.message, query).toMatch(/\.$/);
      expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it("returns one product by id and 404 for an unknown or malformed id", async () => {
    const first = (await http.get("/api/products")).json.items[0];
    const res = await http.get(`/api/products/${first.id}`);
    expect(res.status).toBe(200);
    // The listing's product, with its options and variants (without options: its default variant).
    const { options, variants, ...product } = res.json;
    expect(product).toEqual(first);
    expect(options).toEqual([]);
    expect(variants).toEqual([
      expect.objectContaining({
        sku: first.sku,
        optionValues: [],
        price: first.price,
        stockLevel: first.stockLevel,
      }),
    ]);
    expect((await http.get("/api/products/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const bad = await http.get("/api/products/not-a-uuid");
    expect(bad.status).toBe(404);
    expect(bad.json.error.message).toBe("No product has that id.");
  });

  it("serves a generated SVG image for every product", async () => {
    const first = (await http.get("/api/products")).json.items[0];
    const res = await http.get(first.imageUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    expect(res.text.startsWith("<svg")).toBe(true);
    expect((await http.get("/images/products/NOPE.svg")).status).toBe(404);
  });

  it("publishes an OpenAPI document generated from the contract", async () => {
    const res = await http.get("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe("3.0.3");
    expect(res.json.paths["/api/products"].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["q", "category", "brand", "option", "sort", "page", "pageSize"]),
    );
    expect(
      res.json.paths["/api/products"].get.responses["200"].content["application/json"].schema,
    ).toBeTruthy();
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const res = await http.get("/api/nope");
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("NOT_FOUND");
  });
});
