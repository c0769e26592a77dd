/**
 * The web app rendered on the server (docs/decisions/0014-server-rendering.md). The server
 * imports the Vite SSR build of this module (apps/web/dist-ssr/entry-server.js) and calls
 * `render` for the pages it renders: the catalogue (home, its searches and category views),
 * product pages, the shop's policy pages and 'not found'. The data comes from the server's own services, through the
 * loaders it passes in, as the wire JSON its API would answer; it is parsed by the contract's
 * schemas as the browser's fetches are, put in the query cache under the keys the screens
 * read, rendered by the app's own components and handed to the browser for hydration.
 */
import { PolicyPageSchema } from "@haggle/contract/policies";
import { ProductListSchema, ProductPageSchema } from "@haggle/contract/products";
import { setShopCurrency, setShopLocale } from "@haggle/domain/pricing/money";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { matchRoutes, StaticRouter } from "react-router";
import { sessionQueryKey } from "@/features/auth/api/use-session";
import { catalogQueryKey, productListPath } from "@/features/catalog/api/use-product-list";
import { productPageQueryKey } from "@/features/catalog/api/use-product-page";
import { policyPageQueryKey } from "@/features/policies/api/use-policies";
import { readCatalogFilters } from "@/features/catalog/lib/catalog-filters";
import { setSiteOrigin } from "@/lib/site-origin";
import { AppProviders } from "./app/app-providers";
import { createQueryClient } from "./app/query-client";
import { AppRoutes, appRoutes, preloadScreens, rendersScreen } from "./app/router";
import { SSR_PAYLOAD_ID, type SsrPayload } from "./app/ssr-payload";
import { jsonLdText } from "@/lib/json-ld";

export interface RenderData {
  /** GET /api/products with this query string, as the API answers it (wire JSON). */
  listProducts(query: URLSearchParams): Promise<unknown>;
  /** GET /api/products/by-slug/{slug} as the API answers it, or null for its 404. */
  productPage(slug: string): Promise<unknown>;
  /** GET /api/policies/{kind} as the API answers it, or null for its 404. */
  policyPage(kind: string): Promise<unknown>;
}

export interface RenderRequest {
  /** The page's path and query string (`/?category=Kitchen`). */
  url: string;
  /** The shop's public origin (PUBLIC_URL): canonical URLs and structured data use it. */
  origin: string;
  /**
   * Whether the request carries a session cookie. Without one the page is rendered signed out;
   * with one the header keeps the room the session's links take until the browser asks /api/me.
   */
  maybeSignedIn: boolean;
  /** The shop's currency (ISO 4217): every amount in `data` is in it. USD when not given. */
  currency?: string;
  /** The locale (BCP 47) amounts are written in. en-US when not given. */
  locale?: string;
  data: RenderData;
}

export interface RenderedPage {
  /** Title, meta and link elements for the document's head. */
  head: string;
  /** The app's HTML, for inside #root. */
  body: string;
  /** The data block the browser hydrates from (see app/ssr-payload.ts), for after #root. */
  payload: string;
}

/**
 * The paths this module renders: the catalogue, product pages and every path that is no page
 * ('not found'). Every other page (cart, account, merchant, …) is the client-rendered shell.
 */
export function rendersPath(pathname: string): boolean {
  return rendersScreen(pathname);
}

/** Elements React hoists to the head; a document-less render writes them first. */
const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)/;

function splitHead(html: string): { head: string; body: string } {
  let rest = html;
  let head = "";
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head += match[0];
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** The payload as a JSON data block, escaped like JSON-LD so no text in it can end the element. */
function payloadElement(payload: SsrPayload): string {
  return `<script type="application/json" id="${SSR_PAYLOAD_ID}">${jsonLdText(payload)}</script>`;
}

export async function render(request: RenderRequest): Promise<RenderedPage> {
  setSiteOrigin(request.origin);
  setShopCurrency(request.currency ?? "USD");
  setShopLocale(request.locale ?? "en-US");
  const url = new URL(request.url, request.origin);
  const queryClient = createQueryClient();

  // Matched over the route table as the screen's useParams is: the slug decoded the same way.
  const matches = matchRoutes(appRoutes, url.pathname);
  const product = matches?.find((match) => match.route.path === "products/:slug");
  const policy = matches?.find((match) => match.route.path === "policies/:kind");
  if (url.pathname === "/") {
    const filters = readCatalogFilters(url.searchParams);
    const query = new URLSearchParams(productListPath(filters, 1).split("?")[1]);
    const list = ProductListSchema.parse(await request.data.listProducts(query));
    queryClient.setQueryData([...catalogQueryKey, "list", filters], { pages: [list], pageParams: [1] });
  } else if (product?.params.slug) {
    // Decoded as useParams hands it to the screen, so the cache key is the screen's.
    const slug = product.params.slug;
    const answer = await request.data.productPage(slug);
    queryClient.setQueryData(
      productPageQueryKey(slug),
      answer === null ? null : ProductPageSchema.parse(answer),
    );
  } else if (policy?.params.kind) {
    const kind = policy.params.kind;
    const answer = await request.data.policyPage(kind);
    queryClient.setQueryData(
      policyPageQueryKey(kind),
      answer === null ? null : PolicyPageSchema.parse(answer),
    );
  }
  if (!request.maybeSignedIn) queryClient.setQueryData(sessionQueryKey, null);

  await preloadScreens(url.pathname);

  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders client={queryClient}>
        <StaticRouter location={`${url.pathname}${url.search}`}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    // Every boundary inline: React would otherwise move a large one into place with an inline
    // script, which the shop's CSP forbids and a browser without JavaScript never runs.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const { head, body } = splitHead(await streamToString(prelude));
  return {
    head,
    body,
    payload: payloadElement({
      origin: request.origin,
      queries: queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === "success")
        .map((query) => ({ queryKey: query.queryKey, data: query.state.data })),
    }),
  };
}
