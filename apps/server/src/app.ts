import { randomUUID } from "node:crypto";
import { DomainError, type DomainErrorKind } from "@haggle/domain/errors";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { pingDatabase } from "./platform/db/client.ts";
import type { AppDeps, AppEnv } from "./http/context.ts";
import { mountWebApp } from "./http/static-web.ts";
import { forbidden, HttpError, notFound } from "./http/http-error.ts";
import { buildOpenApiDocument } from "./http/openapi.ts";
import { adminRoutes } from "./modules/admin/admin.routes.ts";
import { assistantRoutes } from "./modules/assistant/assistant.routes.ts";
import { authRoutes } from "./modules/accounts/auth.routes.ts";
import { cartRoutes } from "./modules/cart/cart.routes.ts";
import { checkoutRoutes, orderRoutes } from "./modules/orders/orders.routes.ts";
import { merchantRoutes } from "./modules/merchant/merchant.routes.ts";
import { negotiationRoutes } from "./modules/negotiation/negotiation.routes.ts";
import { realtimeRoutes } from "./platform/realtime/realtime.routes.ts";
import { functionRoutes } from "./modules/admin/functions.routes.ts";
import { imageRoutes } from "./modules/catalog/images.routes.ts";
import { meRoutes } from "./modules/accounts/me.routes.ts";
import { productRoutes } from "./modules/catalog/catalog.routes.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The HTTP status of each kind of domain error. */
const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  limit: 429,
  unavailable: 402,
  failed: 500,
};

/** The whole HTTP application; index.ts serves it, tests drive it over real HTTP. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const openApi = buildOpenApiDocument();

  app.use("*", async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    const log = deps.logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    c.set("deps", deps);
    c.set("sessionUser", undefined);
    c.header("X-Request-Id", requestId);
    const started = performance.now();
    await next();
    const path = c.req.path;
    if (path.startsWith("/api") || path.startsWith("/functions") || c.res.status >= 500) {
      log.info(
        { method: c.req.method, path, status: c.res.status, ms: Math.round(performance.now() - started) },
        "request",
      );
    }
  });

  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "https:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    }),
  );
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: 256 * 1024,
      onError: (c) => c.json(errorBody("PAYLOAD_TOO_LARGE", "The request body is too large."), 413),
    }),
  );

  // Cookie-authenticated mutations must come from the shop's own pages (bearer clients are exempt).
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

  app.get("/healthz", async (c) => {
    await pingDatabase(deps.database.db);
    return c.json({ ok: true, db: deps.database.kind });
  });
  app.get("/api/openapi.json", (c) => c.json(openApi));
  app.route("/api/auth", authRoutes());
  app.route("/api/products", productRoutes());
  app.route("/api/me", meRoutes());
  app.route("/api/cart", cartRoutes());
  app.route("/api/checkout", checkoutRoutes());
  app.route("/api/orders", orderRoutes());
  app.route("/api/negotiations", negotiationRoutes());
  app.route("/api/merchant", merchantRoutes());
  app.route("/api/admin", adminRoutes());
  app.route("/api/realtime", realtimeRoutes());
  app.route("/functions/v1", assistantRoutes());
  app.route("/functions/v1", functionRoutes());
  app.route("/images", imageRoutes());
  app.all("/api/*", () => {
    throw notFound("There is no such API route.");
  });
  app.all("/functions/*", () => {
    throw notFound("There is no such server function.");
  });
  mountWebApp(app, deps.config.webDistDir);

  app.onError((error, c) => {
    if (error instanceof DomainError) {
      if (error.kind === "failed") c.get("log")?.error({ err: error }, "domain failure");
      return c.json(errorBody(error.code, error.message), DOMAIN_ERROR_STATUS[error.kind]);
    }
    if (error instanceof HttpError) return c.json(errorBody(error.code, error.message), error.status);
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return c.json(errorBody("BAD_REQUEST", error.message || "The request is not valid."), status as 400);
    }
    c.get("log")?.error({ err: error }, "unhandled error");
    return c.json(errorBody("INTERNAL", "Something went wrong on our side. Please try again."), 500);
  });
  return app;
}

function errorBody(code: string, message: string) {
  return { error: { code, message } };
}
