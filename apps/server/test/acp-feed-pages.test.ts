/**
 * The ACP product feed a page at a time: however large the catalogue, one request reads at most
 * a page of products (by id), and the `Link: <…>; rel="next"` header leads through all of them,
 * each once. Before, one request read, sorted and sent every visible product (30 s at 120,000 on
 * the embedded database, `npm run bench:agents-scale -w @haggle/bench`).
 */
import { describe, expect, it } from "vitest";
import type { ProductDetail } from "@haggle/contract/products";
import { HttpClient } from "./support/http-client.ts";
import { SEEDED_WITH_OPTIONS } from "../src/platform/db/seed/catalogue-variants.ts";
import { useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

type AcpFeedWire = {
  products: {
    id: string;
    url: string;
    variants: {
      id: string;
      title: string;
      url: string;
      price: { amount: number };
      availability: { available: boolean; status: string };
    }[];
  }[];
};

const nextOf = (link: string | null) => link?.match(/^<([^>]+)>; rel="next"$/)?.[1] ?? null;

describe.each(DB_KINDS)("the ACP product feed, page by page (%s)", (kind) => {
  const shop = useShop(kind);

  it("leads from page to page through every visible product, each once, and the last page has no next", async () => {
    let url: string | null = `${shop.server.baseUrl}/acp/feed?limit=50`;
    const seen: string[] = [];
    let pages = 0;
    while (url) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { products: { id: string }[] };
      expect(Object.keys(body)).toEqual(["products"]);
      expect(body.products.length).toBeLessThanOrEqual(50);
      seen.push(...body.products.map((p) => p.id));
      pages += 1;
      url = nextOf(res.headers.get("link"));
      if (url) expect(url.startsWith("http")).toBe(true);
    }
    expect(pages).toBe(Math.ceil(shop.everyProduct.length / 50));
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(shop.everyProduct.map((p) => p.id).sort());
  });

  it("sends the whole demo catalogue in one page by default, with no next", async () => {
    const res = await fetch(`${shop.server.baseUrl}/acp/feed`);
    expect(res.status).toBe(200);
    expect(res.headers.get("link")).toBeNull();
    expect(((await res.json()) as { products: unknown[] }).products.length).toBe(shop.everyProduct.length);
  });

  it("lists each variant of a product with options: its id, name, ?variant= address, price and availability", async () => {
    const feed = (await (await fetch(`${shop.server.baseUrl}/acp/feed`)).json()) as AcpFeedWire;
    const withOptions = shop.everyProduct.filter((p) => SEEDED_WITH_OPTIONS.includes(p.name));
    expect(withOptions.length).toBeGreaterThan(0);
    for (const product of withOptions) {
      const detail = (await new HttpClient(shop.server.baseUrl).get(`/api/products/${product.id}`))
        .json as ProductDetail;
      const item = feed.products.find((p) => p.id === product.id);
      expect(
        item?.variants.map((v) => [v.id, v.title, v.url, v.price.amount, v.availability.available]),
      ).toEqual(
        detail.variants.map((v) => [
          v.id,
          `${product.name} — ${v.optionValues.join(" / ")}`,
          `${item?.url}?variant=${v.id}`,
          Math.round(v.price * 100),
          v.stockLevel > 0,
        ]),
      );
      // A sold-out variant says so.
      if (detail.variants.some((v) => v.stockLevel === 0))
        expect(item?.variants.some((v) => v.availability.status === "out_of_stock")).toBe(true);
    }
    // A product without options stays one variant with the product's id and address.
    const plain = feed.products.find((p) => p.id === shop.catalogue[0]?.id);
    expect(plain?.variants.map((v) => [v.id, v.url])).toEqual([[plain?.id, plain?.url]]);
  });

  it("refuses a page size past 1,000 or a cursor that is no product id, with a sentence", async () => {
    for (const query of ["limit=1001", "limit=0", "limit=ten", "after=not-an-id"]) {
      const res = await fetch(`${shop.server.baseUrl}/acp/feed?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(await res.json()), query).toMatch(
        /limit must be a whole number|after must be a product id/,
      );
    }
  });

  it("answers each page conditionally: its ETag, and 304 without a body to an agent holding it", async () => {
    const url = `${shop.server.baseUrl}/acp/feed?limit=20`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const link = first.headers.get("link");
    await first.arrayBuffer();
    const again = await fetch(url, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // Another page is another answer: its own ETag, so the held one does not match it.
    const next = await fetch(nextOf(link)!, { headers: { "If-None-Match": etag! } });
    expect(next.status).toBe(200);
    expect(next.headers.get("etag")).not.toBe(etag);
  });
});
