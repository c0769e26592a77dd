import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { isPagePath } from "@haggle/contract/pages";
import { productPathSegment } from "@haggle/domain/catalog/product-path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { resolveProductSlug } from "../modules/catalog/list-products.service.ts";
import type { AppEnv } from "./context.ts";

/**
 * Serves the built web app: hashed assets with a long cache, and index.html for every other
 * GET that is not an API path, so deep links (/merchant/products) load the app. A path that is
 * no page of the app gets the same HTML (the app shows its 'Oops! Page not found' screen) with
 * status 404, so crawlers and link checkers see a real not-found instead of a soft 200.
 */
export function mountWebApp(app: Hono<AppEnv>, distDir: string | null) {
  const indexFile = distDir ? path.join(distDir, "index.html") : null;
  if (!distDir || !indexFile || !existsSync(indexFile)) {
    app.get("*", (c) =>
      c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503),
    );
    return;
  }
  const root = distDir;
  app.use(
    "/assets/*",
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // A hashed asset that is gone (an older build) is a 404, not the app's HTML.
  app.get("/assets/*", (c) => c.text("Not found", 404));
  app.use("*", serveStatic({ root }));
  // Browsers ask for /favicon.ico whatever the page says; the icon is an SVG.
  app.get("/favicon.ico", (c) => c.redirect("/favicon.svg", 301));
  app.get("*", async (c) => {
    let status: 200 | 404 = isPagePath(c.req.path) ? 200 : 404;
    if (c.req.path.startsWith("/products/")) {
      // A product page is a page while its product is visible; an id URL moves to the slug's.
      const segment = productPathSegment(c.req.path);
      const slug = segment ? await resolveProductSlug(c.get("deps").database.db, segment) : null;
      if (slug && slug !== segment) return c.redirect(`/products/${slug}`, 301);
      if (slug) status = 200;
    }
    c.header("Cache-Control", "no-cache");
    // Read per request: a rebuild of the web app is served without restarting the server.
    const html = await readFile(indexFile, "utf8");
    return c.html(html, status);
  });
}
