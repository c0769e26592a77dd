import { z } from "zod";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { productPath } from "@haggle/domain/catalog/product-path";
import { listPolicies } from "../policies/index.ts";
import { visibleCategories, visibleProductSlugs } from "./products.store.ts";

/** Areas a search engine has no business in: accounts, carts, the merchant's and admin's pages, the API. */
const PRIVATE_PATHS = [
  "/api/",
  "/functions/",
  "/auth",
  "/account",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/cart",
  "/checkout",
  "/orders",
  "/order-placed",
  "/agent-cart",
  "/oauth/",
  "/mcp",
  "/merchant",
  "/admin",
];

function xmlEscape(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/** A catalogue view's URL, as the web app writes it (`/?category=…`). */
export function categoryUrl(base: string, category: string): string {
  return `${base}/?${new URLSearchParams({ category }).toString()}`;
}

/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

/** robots.txt and sitemap.xml: what crawlers read first, built from the shop as it is now. */
export const siteFileRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/robots.txt",
    summary: "Rules for crawlers: the shop is open, private areas are not; points at the sitemap",
    tag: "Catalogue",
    access: "public",
    response: z.string(),
    produces: "text/plain",
    handler: (c) => {
      const base = c.get("deps").config.publicUrl;
      const lines = [
        "User-agent: *",
        "Allow: /",
        ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
        "",
        `Sitemap: ${base}/sitemap.xml`,
        "",
      ];
      c.header("Content-Type", "text/plain; charset=utf-8");
      c.header("Cache-Control", "public, max-age=3600");
      return c.body(lines.join("\n"));
    },
  }),
  defineRoute({
    method: "get",
    path: "/sitemap.xml",
    summary:
      "The shop's public pages: the catalogue, a view of every category with visible products, its published policy pages, and every visible product's page",
    tag: "Catalogue",
    access: "public",
    response: z.string(),
    produces: "application/xml",
    handler: async (c) => {
      const { database, config } = c.get("deps");
      const base = config.publicUrl;
      // Read on every request (one indexed read of the facet counts): a category that gains or
      // loses its last visible product is in or out at once.
      const categories = await visibleCategories(database.db);
      const urls = [`${base}/`, ...categories.map((category) => categoryUrl(base, category))];
      const policies = (await listPolicies(database.db)).items;
      // Products the same way: one indexed read, so a created product is listed and a hidden one
      // gone at once. One file holds 50,000 URLs; a larger catalogue lists its oldest products.
      const productPages = await visibleProductSlugs(
        database.db,
        SITEMAP_MAX_URLS - urls.length - policies.length,
      );
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...urls.map((url) => `  <url><loc>${xmlEscape(url)}</loc></url>`),
        ...policies.map(
          (p) => `  <url><loc>${xmlEscape(`${base}${p.path}`)}</loc><lastmod>${p.updatedAt}</lastmod></url>`,
        ),
        ...productPages.map(
          (p) =>
            `  <url><loc>${xmlEscape(`${base}${productPath(p)}`)}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`,
        ),
        "</urlset>",
        "",
      ].join("\n");
      c.header("Content-Type", "application/xml; charset=utf-8");
      c.header("Cache-Control", "no-cache");
      return c.body(body);
    },
  }),
];
