import { DomainError, failed } from "@haggle/domain/errors";
import { shopCurrency } from "@haggle/domain/pricing/money";
import type { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "./context.ts";
import { refusalIn } from "./error-table.ts";
import { etagMatches, weakEtag } from "./etag.ts";
import { checkAccess } from "./guard.ts";
import type { AppContext } from "./context.ts";
import type { ApiRoute, Failure, MountedHandler } from "./route.ts";
import { readInput } from "./validate.ts";

/** An error the client may see passes as it is; anything else is the route's declared failure. */
function asFailure(error: unknown, failure: Failure): unknown {
  if (error instanceof DomainError || refusalIn(error)) return error;
  return failed(failure.message, failure.code, { cause: error });
}

/**
 * The handler's value as the answer: encoded by the route's response schema, so amounts in cents
 * leave as dollars (the contract's money codec) and nothing else converts them by hand.
 */
function answer(c: AppContext, route: ApiRoute, value: unknown): Response {
  if (value instanceof Response) return value;
  const json = JSON.stringify(route.response ? z.encode(route.response, value) : value);
  c.header("Content-Type", "application/json");
  if (!isShared(route)) {
    // Personal answers (a cart, an order, who is signed in) stay out of every cache.
    c.header("Cache-Control", "private, no-store");
    return c.body(json);
  }
  return answerWithValidator(c, json);
}

const isShared = (route: ApiRoute) =>
  route.cache !== undefined && route.method === "get" && (route.status ?? 200) === 200;

/** A shared answer with its weak ETag; 304 without a body when the client holds the same. */
function answerWithValidator(c: AppContext, body: string | Uint8Array, etag = weakEtag(body)): Response {
  c.header("ETag", etag);
  c.header("Cache-Control", "public, no-cache");
  if (etagMatches(c.req.header("If-None-Match"), etag)) return c.body(null, 304);
  return c.body(typeof body === "string" ? body : new Uint8Array(body));
}

/**
 * A catalogue answer from this process's answer cache, keyed by the shop's currency and the
 * path and query as asked: a hit answers without reading the database (304 when the client holds it); a miss
 * runs the route and keeps a 200 JSON answer, unless the catalogue changed while it was read.
 */
async function answerFromCache(c: AppContext, run: () => Promise<Response>): Promise<Response> {
  const { answers } = c.get("deps");
  if (!answers.cache.enabled) return run();
  const url = new URL(c.req.url);
  // Amounts are written in the shop's currency: an answer kept before a change is not the same answer.
  const key = `${shopCurrency()} ${url.pathname}${url.search}`;
  const hit = answers.cache.get(key);
  if (hit) {
    c.header("Content-Type", "application/json");
    c.header("X-Answer-Cache", "hit");
    return answerWithValidator(c, hit.body, hit.etag);
  }
  c.header("X-Answer-Cache", "miss");
  const { value: response, generation } = await answers.compute(run);
  const etag = response.headers.get("ETag");
  if (
    response.status === 200 &&
    etag &&
    response.headers.get("Content-Type")?.startsWith("application/json")
  ) {
    // The body as sent (read from a clone: the response itself still goes out).
    answers.cache.set(key, generation, { body: await response.clone().text(), etag });
  }
  return response;
}

/** Serves each declared route: its access gate, then its input checked, then its handler. */
export function mountRoutes(app: Hono<AppEnv>, routes: readonly ApiRoute[]) {
  for (const route of routes) {
    const { handler, failure } = route;
    if (!handler) continue;
    const serve = async (c: AppContext): Promise<Response> => {
      const user = await checkAccess(c, route);
      await route.before?.(c);
      const run = async (): Promise<Response> => {
        const read = route.readsOwnInput
          ? { params: c.req.param(), query: undefined, headers: undefined, body: undefined }
          : await readInput(c, route);
        const input = { user, ...read };
        if (route.status) c.status(route.status as 200);
        if (!failure) return answer(c, route, await handler(c, input));
        try {
          return answer(c, route, await handler(c, input));
        } catch (error) {
          throw asFailure(error, failure);
        }
      };
      return route.cache === "catalogue" && isShared(route) ? answerFromCache(c, run) : run();
    };
    const { answerError } = route;
    app.on(
      route.method.toUpperCase(),
      route.path.replaceAll(/\{(\w+)\}/g, ":$1"),
      answerError ? (c) => serve(c).catch((error: unknown) => answerError(c, error)) : serve,
    );
  }
}

/** Mounts each handler another library serves at its declared prefix (better-auth's). */
export function mountHandlers(app: Hono<AppEnv>, handlers: readonly MountedHandler[]) {
  for (const handler of handlers) app.route(handler.prefix, handler.app());
}
