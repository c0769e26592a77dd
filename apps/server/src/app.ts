import { randomUUID } from "node:crypto";
import { workerNumber } from "./platform/cluster/workers.ts";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { forbidden, notFound } from "@haggle/domain/errors";
import type { AppDeps, AppEnv } from "./http/context.ts";
import { compressAnswers } from "./http/compression.ts";
import { answerFor } from "./http/error-table.ts";
import { BodyBudget, guardBodies } from "./http/request-body.ts";
import { refuseMalformedPaths } from "./http/path-guard.ts";
import { mountRoutes } from "./http/mount-routes.ts";
import type { ApiRoute } from "./http/route.ts";
import { mountWebApp } from "./http/static-web.ts";
import { systemRoutes } from "./http/system.routes.ts";
import { authRouteDocs, authRoutes } from "./modules/accounts/auth.routes.ts";
import { addressRoutes } from "./modules/addresses/addresses.routes.ts";
import { meRoutes } from "./modules/accounts/me.routes.ts";
import { adminRoutes } from "./modules/admin/admin.routes.ts";
import { agentRoutes, mountMcp } from "./modules/agents/agents.routes.ts";
import { roleRoutes } from "./modules/admin/roles.routes.ts";
import { assistantRoutes } from "./modules/assistant/assistant.routes.ts";
import { cartRoutes } from "./modules/cart/cart.routes.ts";
import { catalogRoutes } from "./modules/catalog/catalog.routes.ts";
import { embeddingRoutes } from "./modules/catalog/embeddings.routes.ts";
import { imageRoutes } from "./modules/catalog/images.routes.ts";
import { siteFileRoutes } from "./modules/catalog/site-files.routes.ts";
import { importRoutes } from "./modules/catalog/import.routes.ts";
import { merchantCatalogRoutes } from "./modules/catalog/merchant-catalog.routes.ts";
import { experimentRoutes } from "./modules/experiments/experiments.routes.ts";
import { mailRoutes } from "./modules/mail/mail.routes.ts";
import { merchantRoutes } from "./modules/merchant/merchant.routes.ts";
import { negotiationRoutes } from "./modules/negotiation/negotiation.routes.ts";
import { merchantOrderRoutes } from "./modules/orders/merchant-orders.routes.ts";
import { orderRoutes } from "./modules/orders/orders.routes.ts";
import { acpNoSuchPath, acpRouteDocs, mountAcp } from "./modules/orders/acp/acp.routes.ts";
import { acpFeedRoutes } from "./modules/catalog/acp-feed.routes.ts";
import { stripeWebhookRoutes } from "./modules/payments/stripe-webhook.routes.ts";
import { settingsRoutes } from "./modules/settings/settings.routes.ts";
import { realtimeRoutes } from "./platform/realtime/realtime.routes.ts";

/**
 * Every route of the API, declared once: app.ts serves them, /api/openapi.json describes them
 * and the authorization matrix test probes them.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  ...systemRoutes(() => API_ROUTES),
  ...authRouteDocs,
  ...catalogRoutes,
  ...imageRoutes,
  ...siteFileRoutes,
  ...meRoutes,
  ...cartRoutes,
  ...addressRoutes,
  ...orderRoutes,
  ...acpRouteDocs,
  ...acpFeedRoutes,
  ...stripeWebhookRoutes,
  ...negotiationRoutes,
  ...agentRoutes,
  ...merchantRoutes,
  ...experimentRoutes,
  ...merchantCatalogRoutes,
  ...importRoutes,
  ...settingsRoutes,
  ...merchantOrderRoutes,
  ...mailRoutes,
  ...adminRoutes,
  ...roleRoutes,
  ...embeddingRoutes,
  ...realtimeRoutes,
  ...assistantRoutes,
];

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
  // One of several server processes (WORKERS > 1): each answer names it, for operators and tests.
  const worker = workerNumber();

  app.use("*", async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    const log = deps.logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    c.set("deps", deps);
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
  });

  // Outside everything else, so it sees each answer as it leaves, errors included.
  app.use("*", compressAnswers());

  // A request that may have changed the catalogue (a product saved, a checkout taking stock, an
  // import) is followed by a look at the catalogue version before its answer leaves, so this
  // process's next catalogue answer is never older than the change (other processes hear NOTIFY).
  app.use("*", async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") await deps.answers.afterWrite();
  });

  // With Stripe keys the checkout page loads Stripe.js and its Payment Element frames (Stripe's
  // documented sources); without them the pages may reach nothing but the shop itself.
  const stripe = deps.payments.has("stripe");
  app.use(
    "*",
    secureHeaders({
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
    }),
  );
  // A path parameter no route can have (a NUL, no UTF-8, far too long) never reaches a route.
  app.use("*", refuseMalformedPaths([{ prefix: "/acp/", answer: acpNoSuchPath }]));

  // One body limit for every route (uploads have their own): a declared Content-Length past it
  // is refused at once; any other body is counted as its route reads it, after the route's
  // access check, against a read deadline and the memory all bodies in flight may hold.
  const uploads = uploadPaths(API_ROUTES);
  const limits = deps.config.bodyLimit;
  app.use(
    "*",
    guardBodies({
      limitFor: (path) => (uploads.test(path) ? limits.uploadBytes : limits.bytes),
      readTimeoutMs: limits.readTimeoutMs,
      budget: new BodyBudget(limits.inFlightBytes),
    }),
  );

  // Cookie-authenticated mutations must come from the shop's own pages (bearer clients are exempt).
  // (Not /webhooks/: Stripe sends no Origin and no cookie; its events are signed instead.)
  app.use("*", async (c, next) => {
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
  });

  app.route("/api/auth", authRoutes());
  mountMcp(app);
  mountAcp(app);
  mountRoutes(app, API_ROUTES);
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
