import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

/** The build the e2e servers serve (`npm run test:e2e` builds it first). */
export const webDist = path.resolve(import.meta.dirname, "../../apps/web/dist");

/** A product page of the seeded shop: the first product of the catalogue. */
export async function someProductPath(request: APIRequestContext): Promise<string> {
  const response = await request.get("/api/products?pageSize=1");
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { slug: string }[] };
  const slug = items[0]?.slug;
  if (!slug) throw new Error("The shop lists no product");
  return `/products/${slug}`;
}

/** Waits for the page's own content: the product grid on the catalogue, the product's heading on a product page. */
export async function expectFirstContent(page: Page) {
  const main = page.locator("main");
  if (new URL(page.url()).pathname.startsWith("/products/")) {
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Frequently bought together" })).toBeVisible();
  } else {
    await expect(main.getByRole("article").first()).toBeVisible();
  }
  await expect(main.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
}

/**
 * Waits until the page is still: its content shown, no request in flight for half a second,
 * every picture decoded, and two frames painted after that.
 */
export async function settle(page: Page) {
  await expectFirstContent(page);
  await page.waitForLoadState("networkidle");
  await page.evaluate(async () => {
    // Lazy pictures below the fold are never fetched: wait for those the visitor can see.
    const inView = (img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
    };
    await Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete && inView(img))
        .map(
          (img) =>
            new Promise((resolve) => {
              img.addEventListener("load", resolve, { once: true });
              img.addEventListener("error", resolve, { once: true });
            }),
        ),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

export interface JsFile {
  /** The path the page asked for, e.g. /assets/index-abc.js. */
  path: string;
  gzipBytes: number;
}

/**
 * Records the shop's scripts the page requests (the entry, its modulepreloads, the route's
 * chunks and anything they import at once). Call before `page.goto`; read after `settle`.
 */
export function recordScripts(page: Page): () => JsFile[] {
  const seen = new Set<string>();
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    // Every script of the build is a hashed file under /assets.
    if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) seen.add(pathname);
  });
  return () => [...seen].sort().map((p) => ({ path: p, gzipBytes: gzipBytesOf(p) }));
}

/** The gzip size (level 9, as the build precompresses) of a file of the build, by its URL path. */
export function gzipBytesOf(urlPath: string): number {
  const file = path.join(webDist, urlPath);
  if (!file.startsWith(webDist)) throw new Error(`${urlPath} is outside the build`);
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * Records the page's layout shifts not caused by input (the ones CLS counts), from the first
 * paint on. Call before `page.goto`; read with `layoutShifts`.
 */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; at: number; sources: string[] }[] = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    const describe = (node: Node | null | undefined): string => {
      if (!(node instanceof Element)) return node ? node.nodeName : "(gone)";
      const label = node.getAttribute("aria-label") ?? node.textContent?.trim().slice(0, 40) ?? "";
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}.${Array.from(node.classList).slice(0, 3).join(".")} "${label}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map((s) => describe(s.node)),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The layout shifts recorded so far and their sum (at least the page's CLS). */
export async function layoutShifts(page: Page) {
  const shifts = await page.evaluate(
    () =>
      (window as unknown as { __layoutShifts: { value: number; at: number; sources: string[] }[] })
        .__layoutShifts,
  );
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}
