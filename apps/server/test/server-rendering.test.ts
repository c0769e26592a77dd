/** Server rendering: the HTML of the catalogue and product pages carries their content, no script run. */
import type { Product } from "@haggle/contract/products";
import { describe, expect, it } from "vitest";
import { builtWebDist } from "./support/built-web-dist.ts";
import { signUpMerchant, useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

/** "$1,234.50", as the shop shows a wire price (dollars). */
function shown(price: number): string {
  return `$${price.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The page's JSON-LD blocks, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "") as Record<string, unknown>,
  );
}

function ofType(html: string, type: string): Record<string, unknown> | undefined {
  return jsonLd(html).find((block) => block["@type"] === type);
}

/** HTML text as a browser shows it (React escapes &, <, >, quotes). */
function htmlText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

/** The real build: brought up to date once, when the file loads (quick when it is current). */
const dist = builtWebDist();

describe.each(DB_KINDS)("server-rendered pages on the %s database", (kind) => {
  const shop = useShop(kind, { env: { WEB_DIST_DIR: dist } });
  const page = async (path: string) => {
    const res = await fetch(`${shop.server.baseUrl}${path}`);
    return { status: res.status, headers: res.headers, html: await res.text() };
  };

  it("renders a product page with its name, price, head tags and a Product with its Offer and rating", async () => {
    const product = shop.catalogue.find((p) => p.reviewCount > 0)!;
    const { status, headers, html } = await page(`/products/${product.slug}`);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-cache");
    expect(html).toContain(
      `<h1 class="text-2xl leading-tight font-bold tracking-tight sm:text-3xl">${htmlText(product.name)}</h1>`,
    );
    expect(html).toContain(shown(product.price));
    expect(html).toContain(`<title>${htmlText(product.name)} · Haggle</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${shop.server.baseUrl}/products/${product.slug}"/>`);
    for (const tag of [
      'property="og:title"',
      'property="og:image"',
      'name="twitter:card"',
      'name="description"',
    ])
      expect(html, tag).toContain(tag);
    // Head elements in the head, the app's HTML in #root, the hydration data after it.
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('rel="canonical"');
    expect(head.match(/name="description"/g)).toHaveLength(1);
    expect(html).toMatch(/<div id="root"><div class="flex min-h-dvh flex-col">/);
    expect(html).toContain('<script type="application/json" id="haggle-ssr">');

    const ld = ofType(html, "Product")!;
    expect(ld.name).toBe(product.name);
    expect(ld.sku).toBe(product.sku);
    const offer = ld.offers as Record<string, unknown>;
    expect(offer["@type"]).toBe("Offer");
    expect(offer.price).toBe(product.price.toFixed(2));
    expect(offer.priceCurrency).toBe("USD");
    const rating = ld.aggregateRating as Record<string, unknown>;
    expect(rating["@type"]).toBe("AggregateRating");
    expect(rating.reviewCount).toBe(product.reviewCount);
    expect(rating.ratingValue).toBe(product.rating);
    const crumbs = ofType(html, "BreadcrumbList")!;
    expect((crumbs.itemListElement as { name: string }[]).map((c) => c.name)).toEqual([
      "Home",
      product.category,
      product.name,
    ]);
  });

  it("renders the home page with the first page's names and prices, an ItemList and its canonical address", async () => {
    const { status, html } = await page("/");
    expect(status).toBe(200);
    const first = (await (await fetch(`${shop.server.baseUrl}/api/products?pageSize=24`)).json()) as {
      items: Product[];
    };
    expect(first.items.length).toBe(24);
    for (const product of first.items) {
      expect(html, product.name).toContain(htmlText(product.name));
      expect(html, product.name).toContain(shown(product.price));
    }
    expect(html).toContain("<title>Haggle · Shop All Products</title>");
    expect(html).toContain(`<link rel="canonical" href="${shop.server.baseUrl}/"/>`);
    const list = ofType(html, "ItemList")!;
    const items = list.itemListElement as { position: number; url: string; name: string }[];
    expect(items.map((i) => i.name)).toEqual(first.items.map((p) => p.name));
    expect(items[0]).toMatchObject({
      position: 1,
      url: `${shop.server.baseUrl}/products/${first.items[0]!.slug}`,
    });
    expect(ofType(html, "BreadcrumbList")).toBeUndefined();
    // All of it inline: no part left for an inline script (forbidden by the CSP) to move in.
    expect(html).not.toMatch(/<script>|<template id=|<div hidden id=/);
    // The first row's pictures (the largest paint) load at once, the first two before the rest.
    const pictures = [...html.matchAll(/<img [^>]*src="\/images\/products\/[^"]+"[^>]*>/g)].map((m) => m[0]);
    expect(pictures.length).toBe(24);
    expect(pictures.map((img) => /loading="eager"/.test(img))).toEqual(first.items.map((_, k) => k < 4));
    expect(pictures.map((img) => /fetchPriority="high"/i.test(img))).toEqual(
      first.items.map((_, k) => k < 2),
    );
  });

  it("renders a category view with its products only, its BreadcrumbList and canonical; a search with its results", async () => {
    const category = shop.catalogue[0]!.category;
    const { status, html } = await page(`/?sort=price-low&category=${encodeURIComponent(category)}`);
    expect(status).toBe(200);
    const inCategory = shop.catalogue.filter((p) => p.category === category);
    const outside = shop.catalogue.find((p) => p.category !== category)!;
    for (const product of inCategory.slice(0, 24))
      expect(html, product.name).toContain(htmlText(product.name));
    expect(html).not.toContain(`>${htmlText(outside.name)}<`);
    const crumbs = ofType(html, "BreadcrumbList")!;
    expect((crumbs.itemListElement as { name: string }[]).map((c) => c.name)).toEqual(["Home", category]);
    const query = new URLSearchParams({ category, sort: "price-low" }).toString();
    expect(html).toContain(`<link rel="canonical" href="${shop.server.baseUrl}/?${htmlText(query)}"/>`);
    expect(html).toContain(`<title>${htmlText(category)} · Haggle</title>`);

    const searched = shop.catalogue[3]!;
    const search = await page(`/?q=${encodeURIComponent(searched.name)}`);
    expect(search.status).toBe(200);
    expect(search.html).toContain(htmlText(searched.name));
  });

  it("answers an unknown product and an unknown path 404 with the rendered not-found page", async () => {
    for (const path of ["/products/does-not-exist", "/products/Not%20A%20Slug", "/nope"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain("Oops! Page not found");
      expect(html, path).toContain("<title>Page not found · Haggle</title>");
      expect(ofType(html, "Product"), path).toBeUndefined();
    }
  });

  it("escapes a hostile product name in the HTML and the JSON-LD, and writes no rating for an unreviewed product", async () => {
    const merchant = await signUpMerchant(shop.server.baseUrl);
    const name = `</script><script>alert("x")</script><!-- Mug & 'Co' $1 $&`;
    const created = await merchant.post("/api/merchant/products", {
      sku: "SSR-HOSTILE-1",
      name,
      description: `Looks </script> like <b>bold</b> & "quoted".`,
      brand: "Quokka</title>",
      category: "Kitchen",
      price: 12.5,
      listPrice: 15,
      stockLevel: 4,
      tags: [],
    });
    expect(created.status).toBe(201);
    const { status, html } = await page(`/products/${created.json.slug as string}`);
    expect(status).toBe(200);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("Quokka</title>");
    expect(html).toContain(htmlText(name));
    // Every script element is one the page means: the module, the hydration data, JSON-LD.
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    for (const tag of scripts) expect(tag).toMatch(/type="(module|application\/json|application\/ld\+json)"/);
    const ld = ofType(html, "Product")!;
    expect(ld.name).toBe(name);
    expect((ld.brand as { name: string }).name).toBe("Quokka</title>");
    expect(ld.aggregateRating).toBeUndefined();
    expect((ld.offers as { price: string }).price).toBe("12.50");
    // The hydration data parses back to the product.
    const payload = /<script type="application\/json" id="haggle-ssr">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(JSON.stringify(JSON.parse(payload))).toContain(JSON.stringify(name).slice(1, -1));
  });

  it("keeps a rendered page until the catalogue changes: the merchant's new price is on the next page", async () => {
    const product = shop.catalogue.find((p) => p.reviewCount > 0 && p.price < 500)!;
    const path = `/products/${product.slug}`;
    await page(path);
    const again = await page(path);
    expect(again.headers.get("x-answer-cache")).toBe("hit");
    expect(again.html).toContain(shown(product.price));
    const merchant = await signUpMerchant(shop.server.baseUrl);
    const raised = Math.round(product.price * 100 + 1_000) / 100;
    const changed = await merchant.request("PATCH", `/api/merchant/products/${product.id}`, {
      price: raised,
      listPrice: Math.max(raised, product.listPrice),
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    const after = await page(path);
    expect(after.headers.get("x-answer-cache")).toBe("miss");
    expect(after.html).toContain(shown(raised));
  });

  it("keeps gzip and brotli for the rendered HTML", async () => {
    for (const encoding of ["br", "gzip"]) {
      const res = await fetch(`${shop.server.baseUrl}/`, { headers: { "Accept-Encoding": encoding } });
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(await res.text()).toContain("Shop All Products");
    }
  });
});
