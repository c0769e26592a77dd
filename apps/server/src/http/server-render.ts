import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ProductListSchema, ProductPageSchema, ProductQuerySchema } from "@haggle/contract/products";
import { isProductId, isSlugShaped } from "@haggle/domain/catalog/product-path";
import { shopCurrency, shopLocale } from "@haggle/domain/pricing/money";
import { z } from "zod";
import { heavyQueryGate } from "../platform/db/query-gate.ts";
import type { AppContext } from "./context.ts";
import { currentUser } from "./session.ts";

/**
 * Server rendering of the web app's first pages (docs/decisions/0014-server-rendering.md). The
 * web app's SSR build (apps/web/dist-ssr/entry-server.js, beside the served dist) renders the
 * catalogue and product pages with the app's own components; the data comes from the same
 * services the API routes call, encoded as the API encodes them. Without that build (a test's
 * stand-in dist) or when a render fails, the page is the client-rendered shell, as before.
 */

/** The module apps/web/src/entry-server.tsx builds to (its shape, as the server uses it). */
interface EntryServer {
  rendersPath(pathname: string): boolean;
  render(request: {
    url: string;
    origin: string;
    maybeSignedIn: boolean;
    currency: string;
    locale: string;
    data: {
      listProducts(query: URLSearchParams): Promise<unknown>;
      productPage(slug: string): Promise<unknown>;
      policyPage(kind: string): Promise<unknown>;
    };
  }): Promise<{ head: string; body: string; payload: string }>;
}

export interface RenderedPage {
  head: string;
  body: string;
  payload: string;
}

const loaded = new Map<string, Promise<EntryServer>>();

/**
 * The SSR build beside a web dist folder, imported once: a rebuild of the web app is rendered
 * after a restart (its chunks import the entry by its plain URL, so it cannot be re-imported
 * under another one).
 */
async function entryServer(distDir: string): Promise<EntryServer | null> {
  const file = path.join(distDir, "..", "dist-ssr", "entry-server.js");
  let module = loaded.get(file);
  if (!module) {
    if (!existsSync(file)) return null;
    module = import(pathToFileURL(file).href) as Promise<EntryServer>;
    loaded.set(file, module);
  }
  return module;
}

/** A GET /api/products query string read as the route reads it (repeated keys as arrays). */
function queryInput(query: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    input[key] = values.length === 1 ? (values[0] ?? "") : values;
  }
  return input;
}

/** Whether the request may belong to a signed-in shopper (a session cookie that is still valid). */
async function maybeSignedIn(c: AppContext): Promise<boolean> {
  if (!/session_token=/.test(c.req.header("cookie") ?? "")) return false;
  return (await currentUser(c)) !== null;
}

/**
 * The page rendered for this request, or null when it is not a server-rendered page, there is
 * no SSR build, or rendering failed (logged; the shell is served instead).
 */
export async function renderPage(c: AppContext, distDir: string): Promise<RenderedPage | null> {
  let entry: EntryServer | null;
  try {
    entry = await entryServer(distDir);
  } catch (error) {
    c.get("log")?.warn(
      { err: error },
      "the server-rendering module could not be loaded; the shell is served",
    );
    return null;
  }
  if (!entry?.rendersPath(c.req.path)) return null;
  const { answers } = c.get("deps");
  const url = new URL(c.req.url);
  const signedIn = await maybeSignedIn(c);
  // A rendered page depends on its URL, on whether the visitor may be signed in (the header's
  // session state) and on the catalogue: it is kept like the catalogue's API answers, forgotten
  // when the catalogue version moves, so a busy home page is not rendered anew for
  // every visitor.
  const key = `page ${shopCurrency()} ${shopLocale()} ${signedIn ? "session" : "anonymous"} ${url.pathname}${url.search}`;
  // A policy page changes when the merchant saves it, not with the catalogue: rendered each time.
  const cached = answers.cache.enabled && !url.pathname.startsWith("/policies/");
  const hit = cached ? answers.cache.get(key) : undefined;
  if (cached) c.header("X-Answer-Cache", hit ? "hit" : "miss");
  if (hit) return JSON.parse(hit.body) as RenderedPage;
  try {
    const { value: page, generation } = await answers.compute(() => render(entry, c, url, signedIn));
    if (cached) answers.cache.set(key, generation, { body: JSON.stringify(page), etag: "" });
    return page;
  } catch (error) {
    c.get("log")?.warn({ err: error, path: c.req.path }, "server rendering failed; the shell is served");
    return null;
  }
}

function render(entry: EntryServer, c: AppContext, url: URL, signedIn: boolean): Promise<RenderedPage> {
  const { database, config } = c.get("deps");
  const { listProducts, getProductPage, findPolicyPage } = c.get("modules");
  return entry.render({
    url: `${url.pathname}${url.search}`,
    origin: config.publicUrl,
    maybeSignedIn: signedIn,
    currency: shopCurrency(),
    locale: shopLocale(),
    data: {
      listProducts: async (query) => {
        const parsed = ProductQuerySchema.parse(queryInput(query));
        // A search is a heavy request: it waits for the same gate as the API's.
        const answer =
          parsed.q.trim() === ""
            ? { value: await listProducts(database.db, parsed) }
            : await heavyQueryGate(database).run(() => listProducts(database.db, parsed), c.req.raw.signal);
        if (!answer) throw new Error("The search gate is full");
        return z.encode(ProductListSchema, answer.value);
      },
      productPage: async (slug) => {
        if (!isSlugShaped(slug) && !isProductId(slug)) return null;
        const page = await getProductPage(database.db, slug);
        return page ? z.encode(ProductPageSchema, page) : null;
      },
      policyPage: async (kind) => await findPolicyPage(database.db, kind),
    },
  });
}

/** index.html with a rendered page in it: its head elements, the app's HTML and the hydration data. */
export function pageHtml(template: string, page: RenderedPage): string {
  let html = template;
  if (page.head.includes("<title>")) html = html.replace(/<title>[^<]*<\/title>/, "");
  if (page.head.includes('name="description"')) html = html.replace(/<meta name="description"[^>]*>/, "");
  // Functions as replacements: a `$` in the page is text, not a replacement pattern.
  html = html.replace("</head>", () => `${page.head}</head>`);
  return html.replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>${page.payload}`);
}
