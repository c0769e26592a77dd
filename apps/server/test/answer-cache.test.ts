/**
 * The catalogue answer cache, both databases, real HTTP: identical catalogue and
 * product requests are answered from memory (with ETag/304), any change to what the catalogue
 * shows is seen at once by the process that made it and, through NOTIFY, by another process on
 * the same database; checkout never reads the cache.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { cents, postCheckout } from "./support/shop-fixtures.ts";
import { sql } from "drizzle-orm";
import { createServerDatabase, DB_KINDS, startTestServer, type TestServer } from "./support/test-server.ts";

async function get(baseUrl: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}${path}`, { headers });
  // biome-ignore lint/suspicious/noExplicitAny: answers of several shapes, read field by field below
  const body: any = res.status === 200 ? await res.json() : null;
  return {
    status: res.status,
    cache: res.headers.get("x-answer-cache"),
    etag: res.headers.get("etag"),
    body,
  };
}

async function eventually<T>(what: string, probe: () => Promise<T | false>, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(DB_KINDS)("the catalogue answer cache on the %s database", (kind) => {
  const { shop, near, shopper, patch } = useMerchantShop(kind);

  it("answers a repeated catalogue request from memory, the same bytes and ETag, and 304 to a client holding it", async () => {
    const path = "/api/products?category=Electronics&sort=price-high&pageSize=7";
    const first = await get(shop.server.baseUrl, path);
    expect(first).toMatchObject({ status: 200, cache: "miss" });
    const second = await get(shop.server.baseUrl, path);
    expect(second).toMatchObject({ status: 200, cache: "hit", etag: first.etag });
    expect(second.body).toEqual(first.body);
    const held = await get(shop.server.baseUrl, path, { "If-None-Match": first.etag! });
    expect(held).toMatchObject({ status: 304, cache: "hit" });
    // Another query is another answer.
    expect((await get(shop.server.baseUrl, `${path}&page=2`)).cache).toBe("miss");
    // Bad input is refused as ever, and never kept.
    for (let i = 0; i < 2; i++) {
      const bad = await get(shop.server.baseUrl, "/api/products?sort=cheapest");
      expect(bad).toMatchObject({ status: 400, cache: "miss" });
    }
  });

  it("shows the merchant's new price at once, on the list, the product and its page", async () => {
    const product = near(70);
    const paths = [`/api/products?q=${encodeURIComponent(product.name)}`, `/api/products/${product.id}`];
    for (const path of paths) {
      await get(shop.server.baseUrl, path);
      expect((await get(shop.server.baseUrl, path)).cache).toBe("hit");
    }
    const raised = cents(product.price) + 1_000;
    const changed = await patch(`/api/merchant/products/${product.id}`, {
      price: raised / 100,
      listPrice: Math.max(raised, cents(product.listPrice)) / 100,
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    const one = await get(shop.server.baseUrl, `/api/products/${product.id}`);
    expect(one.cache).toBe("miss");
    expect(cents(one.body.price)).toBe(raised);
    const listed = (await get(shop.server.baseUrl, paths[0]!)).body.items.find(
      (p: { id: string }) => p.id === product.id,
    );
    expect(cents(listed.price)).toBe(raised);
    const page = await get(shop.server.baseUrl, `/api/products/by-slug/${one.body.slug}`);
    expect(cents(page.body.product.price)).toBe(raised);
  });

  it("shows the stock a checkout took, and the checkout itself reads the database", async () => {
    const product = near(40, 2);
    const path = `/api/products/${product.id}`;
    const before = (await get(shop.server.baseUrl, path)).body.stockLevel as number;
    expect((await get(shop.server.baseUrl, path)).cache).toBe("hit");
    const { http } = await shopper([product]);
    const order = await postCheckout(http);
    expect(order.status, JSON.stringify(order.json)).toBe(201);
    const after = await get(shop.server.baseUrl, path);
    expect(after.cache).toBe("miss");
    expect(after.body.stockLevel).toBe(before - 1);
  });
});

describe.runIf(DB_KINDS.includes("postgres"))("two server processes on one PostgreSQL database", () => {
  let a: TestServer;
  let b: TestServer;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const created = await createServerDatabase();
    drop = created.drop;
    a = await startTestServer("postgres", { databaseUrl: created.url });
    b = await startTestServer("postgres", { databaseUrl: created.url, seed: false });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await drop();
  });

  it("forgets in one process what a change made through the other changed", async () => {
    const list = await get(b.baseUrl, "/api/products?pageSize=1&sort=featured");
    const first = list.body.items[0] as { id: string; price: number };
    expect((await get(b.baseUrl, `/api/products/${first.id}`)).cache).toBe("miss");
    expect((await get(b.baseUrl, `/api/products/${first.id}`)).cache).toBe("hit");
    // A writes (SQL, as the import or a script would); B hears it through NOTIFY.
    await a.database.db.execute(sql`update products set price = price + 1 where id = ${first.id}`);
    const seen = await eventually("B to answer the new price", async () => {
      const now = await get(b.baseUrl, `/api/products/${first.id}`);
      return cents(now.body.price) === cents(first.price) + 100 && now;
    });
    expect(seen.body.id).toBe(first.id);
  });
});
