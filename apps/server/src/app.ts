import { randomUUID } from "node:crypto";
import { workerNumber } from "./platform/cluster/workers.ts";
import { Hono, type MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { forbidden, notFound } from "@haggle/domain/errors";
import type { AppDeps, AppEnv, ModuleHooks } from "./http/context.ts";
import { compressAnswers } from "./http/compression.ts";
import { answerFor } from "./http/error-table.ts";
import { BodyBudget, guardBodies } from "./http/request-body.ts";
import { refuseMalformedPaths } from "./http/path-guard.ts";
import { mountHandlers, mountRoutes } from "./http/mount-routes.ts";
import type { ApiRoute, MountedHandler } from "./http/route.ts";
import { mountWebApp } from "./http/static-web.ts";
import { systemRoutes } from "./http/system.routes.ts";
import {
  authenticateAccessToken,
  authenticateApiKey,
  authHandler,
  hasRole,
  meRoutes,
} from "./modules/accounts/index.ts";
import { addressRoutes } from "./modules/addresses/index.ts";
import { adminRoutes, isShopAdmin, roleRoutes } from "./modules/admin/index.ts";
import { agentRoutes, mcpNotPost, mcpRoutes, oauthRoutes } from "./modules/agents/index.ts";
import { assistantRoutes } from "./modules/assistant/index.ts";
import { cartRoutes } from "./modules/cart/index.ts";
import {
  acpFeedRoutes,
  catalogRoutes,
  embeddingRoutes,
  getProductPage,
  imageRoutes,
  importRoutes,
  listProducts,
  resolveProductSlug,
  siteFileRoutes,
} from "./modules/catalog/index.ts";
import { merchantCatalogRoutes, merchantRoutes, shopRoutes } from "./modules/merchant/index.ts";
import { experimentRoutes } from "./modules/experiments/index.ts";
import { mailRoutes } from "./modules/mail/index.ts";
import { negotiationRoutes } from "./modules/negotiation/index.ts";
import {
  acpNoSuchPath,
  acpRoutes,
  holdoutVisitorOrders,
  merchantOrderRoutes,
  orderRoutes,
  ucpNoSuchPath,
  ucpRoutes,
} from "./modules/orders/index.ts";
import { stripeWebhookRoutes } from "./modules/payments/index.ts";
import { findPolicyPage, policyRoutes } from "./modules/policies/index.ts";
import { refreshShopCurrency, settingsRoutes } from "./modules/settings/index.ts";
import { discountRoutes } from "./modules/discounts/index.ts";
import { taxRoutes } from "./modules/taxes/index.ts";
import { shippingRoutes } from "./modules/shipping/index.ts";
import { realtimeRoutes } from "./modules/realtime/index.ts";

/**
 * Every route of the API, declared once: app.ts serves them, /api/openapi.json describes them
 * and the authorization matrix test probes them.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  ...systemRoutes(() => API_ROUTES),
  ...authHandler.routes,
  ...catalogRoutes,
  ...imageRoutes,
  ...siteFileRoutes,
  ...policyRoutes,
  ...meRoutes,
  ...cartRoutes,
  ...addressRoutes,
  ...orderRoutes,
  ...acpRoutes,
  ...acpFeedRoutes,
  ...ucpRoutes,
  ...stripeWebhookRoutes,
  ...negotiationRoutes,
  ...agentRoutes,
  ...mcpRoutes,
  ...oauthRoutes,
  ...merchantRoutes,
  ...shopRoutes,
  ...experimentRoutes(holdoutVisitorOrders),
  ...merchantCatalogRoutes,
  ...importRoutes,
  ...settingsRoutes,
  ...discountRoutes,
  ...taxRoutes,
  ...shippingRoutes,
  ...merchantOrderRoutes,
  ...mailRoutes,
  ...adminRoutes,
  ...roleRoutes,
  ...embeddingRoutes,
  ...realtimeRoutes,
  ...assistantRoutes,
];

/** The path prefixes another library's handler serves, each declared with its documented paths. */
export const API_MOUNTS: readonly MountedHandler[] = [authHandler];

/** What http/ asks of the modules (it imports none of them): handed to every request by createApp. */
const MODULE_HOOKS: ModuleHooks = {
  isMerchant: (db, userId, demoMode) => hasRole(db, userId, "merchant", demoMode),
  isShopAdmin,
  authenticateApiKey,
  authenticateAccessToken,
  resolveProductSlug,
  listProducts,
  getProductPage,
  findPolicyPage,
};

/** The status logged for a request whose client hung up before it was read (nginx's 499). */
const CLIENT_CLOSED = 499;

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The paths of the routes declared as uploads, as one pattern (none: matches nothing). */
function uploadPaths(routes: readonly ApiRoute[]): RegExp {
  const patterns = routes
    .filter((route) => route.upload)
    .map((route) => route.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+"));
  return patterns.length === 0 ? /$^/ : new RegExp(`^(?:${patterns.join("|")})$`);
}

/** The whole HTTP application; index.ts serves it, tests drive it over real HTTP. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use("*", requestContext(deps));
  // Every amount a request reads or writes is in the shop's currency: this process's must be the stored one.
  app.use("*", async (_c, next) => {
    await refreshShopCurrency(deps.database.db);
    await next();
  });
  // Outside everything else, so it sees each answer as it leaves, errors included.
  app.use("*", compressAnswers());
  app.use("*", catalogueFreshAfterWrites(deps));
  app.use("*", contentSecurity(deps));
  // A path parameter no route can have (a NUL, no UTF-8, far too long) never reaches a route.
  app.use(
    "*",
    refuseMalformedPaths([
      { prefix: "/acp/", answer: acpNoSuchPath },
      { prefix: "/ucp/", answer: ucpNoSuchPath },
    ]),
  );
  app.use("*", bodyLimits(deps));
  app.use("*", ownPagesOnly(deps));

  mountHandlers(app, API_MOUNTS);
  mountRoutes(app, API_ROUTES);
  app.all("/acp/checkout_sessions/*", (c) => acpNoSuchPath(c, 404, "There is no such ACP route."));
  app.all("/ucp/*", (c) => ucpNoSuchPath(c, 404, "There is no such UCP route."));
  app.all("/mcp", mcpNotPost);
  app.all("/api/*", () => {
    throw notFound("There is no such API route.");
  });
  app.all("/functions/*", () => {
    throw notFound("There is no such server function.");
  });
  mountWebApp(app, deps.config.webDistDir);

  app.onError((error, c) => {
    const answer = answerFor(error);
    if (answer.logged)
      c.get("log")?.error({ err: answer.logged, code: answer.body.error.code }, "request failed");
    return c.json(answer.body, answer.status);
  });
  return app;
}

/** Each request's id, logger, dependencies and module hooks; the API's requests logged. */
function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  // One of several server processes (WORKERS > 1): each answer names it, for operators and tests.
  const worker = workerNumber();
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    const log = deps.logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    c.set("deps", deps);
    c.set("modules", MODULE_HOOKS);
    c.set("sessionUser", undefined);
    c.header("X-Request-Id", requestId);
    if (worker !== null) c.header("X-Haggle-Worker", String(worker));
    const started = performance.now();
    await next();
    const path = c.req.path;
    if (c.res.status === CLIENT_CLOSED) {
      log.info({ method: c.req.method, path }, "request aborted: the client closed the connection");
    } else if (path.startsWith("/api") || path.startsWith("/functions") || c.res.status >= 500) {
      log.info(
        { method: c.req.method, path, status: c.res.status, ms: Math.round(performance.now() - started) },
        "request",
      );
    }
  };
}

/**
 * A request that may have changed the catalogue (a product saved, a checkout taking stock, an
 * import) is followed by a look at the catalogue version before its answer leaves, so this
 * process's next catalogue answer is never older than the change (other processes hear NOTIFY).
 * A request refused with a 4xx changed nothing, so it costs no look (a flood of anonymous POSTs
 * answered 401 would otherwise cost a database read each).
 */
export function catalogueFreshAfterWrites(deps: Pick<AppDeps, "answers">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method === "GET" || c.req.method === "HEAD") return;
    if (c.res.status >= 400 && c.res.status < 500) return;
    await deps.answers.afterWrite();
  };
}

/**
 * With Stripe keys the checkout page loads Stripe.js and its Payment Element frames (Stripe's
 * documented sources); without them the pages may reach nothing but the shop itself.
 */
function contentSecurity(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const stripe = deps.payments.has("stripe");
  return secureHeaders({
    // A route's own stricter policy (the product pictures') stands.
    overwrite: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", "data:", "https:"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'", ...(stripe ? ["https://js.stripe.com"] : [])],
      connectSrc: ["'self'", ...(stripe ? ["https://api.stripe.com"] : [])],
      ...(stripe ? { frameSrc: ["https://js.stripe.com", "https://hooks.stripe.com"] } : {}),
      frameAncestors: ["'none'"],
    },
  });
}

/**
 * One body limit for every route (uploads have their own): a declared Content-Length past it is
 * refused at once; any other body is counted as its route reads it, after the route's access
 * check, against a read deadline and the memory all bodies in flight may hold.
 */
function bodyLimits(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const uploads = uploadPaths(API_ROUTES);
  const limits = deps.config.bodyLimit;
  return guardBodies({
    limitFor: (path) => (uploads.test(path) ? limits.uploadBytes : limits.bytes),
    readTimeoutMs: limits.readTimeoutMs,
    budget: new BodyBudget(limits.inFlightBytes),
  });
}

/**
 * Cookie-authenticated mutations must come from the shop's own pages (bearer clients are exempt).
 * (Not /webhooks/: Stripe sends no Origin and no cookie; its events are signed instead.)
 */
function ownPagesOnly(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    const guarded =
      (path.startsWith("/api/") && !path.startsWith("/api/auth/")) || path.startsWith("/functions/");
    if (guarded && MUTATING.has(c.req.method) && !c.req.header("authorization")?.startsWith("Bearer ")) {
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      const ownOrigin = new URL(c.req.url).origin;
      const allowed = origin
        ? origin === ownOrigin || deps.config.trustedOrigins.includes(origin)
        : site !== "cross-site";
      if (!allowed) throw forbidden("This request must come from the shop's own pages.");
    }
    await next();
  };
}
