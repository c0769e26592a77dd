/** What crawlers and browsers ask a shop for besides its pages: robots.txt, the sitemap, the icon, real 404s. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpMerchant } from "./support/shop-fixtures.ts";
import { DB_KINDS, startTestServer, type TestServer } from "./support/test-server.ts";
import { fakeWebDist } from "./support/web-dist.ts";

describe.each(DB_KINDS)("site files on the %s database", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: { WEB_DIST_DIR: fakeWebDist() },
    });
  });
  afterAll(async () => server?.close());

  it("answers a page 200 and a path that is no page 404, both with the app (which says 'Oops! Page not found')", async () => {
    for (const page of ["/", "/?category=Footwear&sort=price_asc", "/cart", "/merchant/products", "/auth/"]) {
      const res = await fetch(`${server.baseUrl}${page}`);
      expect(res.status, page).toBe(200);
      expect(res.headers.get("content-type"), page).toContain("text/html");
    }
    for (const missing of [
      "/nope",
      "/merchant/no-such-page",
      "/cart/negotiate/x",
      "/products/does-not-exist",
      "/products/0b6f3c1e-7a5d-4c1a-9f57-2f1d4b8a9c10",
      "/products/Not%20A%20Slug",
      "/products",
    ]) {
      const res = await fetch(`${server.baseUrl}${missing}`);
      expect(res.status, missing).toBe(404);
      expect(await res.text(), missing).toContain("<div id=root>");
    }
  });

  it("serves robots.txt as text that keeps crawlers out of private areas and points at the sitemap", async () => {
    const res = await fetch(`${server.baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /merchant");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Disallow: /account");
    expect(text).toContain("Disallow: /mcp");
    expect(text).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
  });

  it("lists the catalogue and every category with visible products in the sitemap, at once after a change", async () => {
    const sitemap = async () => {
      const res = await fetch(`${server.baseUrl}/sitemap.xml`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/xml");
      return res.text();
    };
    const before = await sitemap();
    expect(before).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(before).toContain(`<loc>${server.baseUrl}/</loc>`);
    expect(before).toContain(`<loc>${server.baseUrl}/?category=Footwear</loc>`);
    const lantern = `<loc>${server.baseUrl}/?category=Lanterns+%26+Lights</loc>`;
    expect(before).not.toContain(lantern);

    // A merchant opens a new category: it is in the sitemap; hiding its only product takes it out.
    const merchant = await signUpMerchant(server.baseUrl);
    const created = await merchant.post("/api/merchant/products", {
      sku: "SITEMAP-LANTERN-1",
      name: "Sitemap Lantern",
      description: "A lantern for the sitemap test.",
      brand: "Quokka",
      category: "Lanterns & Lights",
      price: 19.99,
      listPrice: 19.99,
      stockLevel: 3,
      tags: [],
    });
    expect(created.status).toBe(201);
    const productPage = `<loc>${server.baseUrl}/products/${created.json.slug}</loc>`;
    expect(created.json.slug).toBe("sitemap-lantern");
    const withLantern = await sitemap();
    expect(withLantern).toContain(lantern);
    expect(withLantern).toContain(productPage);
    const hidden = await merchant.request("PATCH", `/api/merchant/products/${created.json.id}`, {
      hidden: true,
    });
    expect(hidden.status).toBe(200);
    const withoutLantern = await sitemap();
    expect(withoutLantern).not.toContain(lantern);
    expect(withoutLantern).not.toContain(productPage);
  });

  it("serves the icon and the web manifest, and sends /favicon.ico to the icon", async () => {
    const ico = await fetch(`${server.baseUrl}/favicon.ico`, { redirect: "manual" });
    expect(ico.status).toBe(301);
    expect(ico.headers.get("location")).toBe("/favicon.svg");
    const svg = await fetch(`${server.baseUrl}/favicon.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toContain("image/svg+xml");
    const manifest = await fetch(`${server.baseUrl}/site.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toContain("manifest+json");
  });
});
