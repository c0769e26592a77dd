import { shopCurrency, shopLocale } from "@haggle/domain/pricing/money";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { isPagePath } from "@haggle/contract/pages";
import { productPathSegment } from "@haggle/domain/catalog/product-path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import type { AppEnv } from "./context.ts";
import { pageHtml, renderPage } from "./server-render.ts";

/**
 * Serves the built web app: hashed assets with a long cache, and index.html for every other
 * GET that is not an API path, so deep links (/merchant/products) load the app. A path that is
 * no page of the app gets the same HTML (the app shows its 'Oops! Page not found' screen) with
 * status 404, so crawlers and link checkers see a real not-found instead of a soft 200. The
 * catalogue, product pages and 'not found' come rendered (server-render.ts), the rest as the shell.
 */
/** A file that has compressed copies answers differently by Accept-Encoding: caches must know. */
function varyOnEncoding(c: Context) {
  const type = c.res.headers.get("Content-Type") ?? "";
  if (/^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/.test(type)) {
    const vary = c.res.headers.get("Vary");
    if (!vary?.toLowerCase().includes("accept-encoding"))
      c.header("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  }
}

export function mountWebApp(app: Hono<AppEnv>, distDir: string | null) {
  const indexFile = distDir ? path.join(distDir, "index.html") : null;
  if (!distDir || !indexFile || !existsSync(indexFile)) {
    app.get("*", (c) =>
      c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503),
    );
    return;
  }
  const root = distDir;
  // The build writes a brotli (.br) and a gzip (.gz) copy beside each compressible file; the
  // smallest the browser accepts is sent as it is, with Content-Encoding and Vary set.
  app.use(
    "/assets/*",
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
        varyOnEncoding(c);
      },
    }),
  );
  // A hashed asset that is gone (an older build) is a 404, not the app's HTML.
  app.get("/assets/*", (c) => c.text("Not found", 404));
  // The build's manifest is for the build's own tools, not for visitors.
  app.get("/.vite/*", (c) => c.text("Not found", 404));
  const files = serveStatic({ root, precompressed: true, onFound: (_path, c) => varyOnEncoding(c) });
  // The app's HTML is served below (no-cache, its status), never as a plain file.
  app.use("*", (c, next) =>
    c.req.path.endsWith("/") || c.req.path === "/index.html" ? next() : files(c, next),
  );
  // Browsers ask for /favicon.ico whatever the page says; the icon is an SVG.
  app.get("/favicon.ico", (c) => c.redirect("/favicon.svg", 301));
  app.get("*", async (c) => {
    let status: 200 | 404 = isPagePath(c.req.path) ? 200 : 404;
    if (c.req.path.startsWith("/products/")) {
      // A product page is a page while its product is visible; an id URL moves to the slug's.
      const segment = productPathSegment(c.req.path);
      const slug = segment
        ? await c.get("modules").resolveProductSlug(c.get("deps").database.db, segment)
        : null;
      if (slug && slug !== segment) return c.redirect(`/products/${slug}`, 301);
      if (slug) status = 200;
    }
    // A policy page is a page once the merchant has written it.
    const policy = /^\/policies\/([^/]+)\/?$/.exec(c.req.path);
    if (policy?.[1]) {
      const page = await c.get("modules").findPolicyPage(c.get("deps").database.db, policy[1]);
      if (page) status = 200;
    }
    c.header("Cache-Control", "no-cache");
    // Read per request: a rebuild of the web app is served without restarting the server.
    const html = await readFile(indexFile, "utf8");
    // The catalogue, product pages and 'not found' are rendered on the server; the rest is the shell.
    const page = await renderPage(c, root);
    // The web app reads the shop's currency (and the locale amounts are written in) from the page
    // before it parses any amount.
    const meta = `<meta name="shop-currency" content="${shopCurrency()}"><meta name="shop-locale" content="${shopLocale()}">`;
    const shell = html.replace("</head>", () => `${meta}</head>`);
    return c.html(page ? pageHtml(shell, page) : shell, status);
  });
}
