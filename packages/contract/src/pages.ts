/**
 * The web app's page paths, shared by the router and the server: the server answers a path
 * that is no page with 404 (the app still shows its 'Oops! Page not found' screen), so search
 * engines and links see real status codes instead of a 200 for everything. The router's test
 * checks this list against the route table, so the two cannot drift apart.
 */
export const PAGE_PATHS = [
  "/",
  "/auth",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/account",
  "/cart",
  "/cart/negotiate",
  "/checkout",
  "/orders",
  "/account",
  "/order-placed",
  "/oauth/consent",
  "/agent-cart",
  "/admin",
  "/merchant",
  "/merchant/products",
  "/merchant/import",
  "/merchant/orders",
  "/merchant/approvals",
  "/merchant/negotiation-config",
  "/merchant/escalation-rules",
  "/merchant/upsells",
  "/merchant/cross-sells",
  "/merchant/outbox",
  "/merchant/agent-activity",
  "/merchant/policies",
  "/merchant/discount-codes",
  "/merchant/taxes",
  "/merchant/shipping",
] as const;

const pages = new Set<string>(PAGE_PATHS);

/** Pages with an id in their path (the merchant's variant grid of one product). */
const PAGE_PATTERNS = [
  /^\/merchant\/products\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/variants$/,
];

/** Whether a URL path (without query) is one of the app's pages; a trailing slash is allowed. */
export function isPagePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return pages.has(path === "" ? "/" : path) || PAGE_PATTERNS.some((pattern) => pattern.test(path));
}
