import { DomainError, failed } from "@haggle/domain/errors";
import type { Hono } from "hono";
import type { AppEnv } from "./context.ts";
import { checkAccess } from "./guard.ts";
import type { ApiRoute, Failure } from "./route.ts";
import { readInput } from "./validate.ts";

/** An error the client may see passes as it is; anything else is the route's declared failure. */
function asFailure(error: unknown, failure: Failure): unknown {
  if (error instanceof DomainError) return error;
  return failed(failure.message, failure.code, { cause: error });
}

/** Serves each declared route: its access gate, then its input checked, then its handler. */
export function mountRoutes(app: Hono<AppEnv>, routes: readonly ApiRoute[]) {
  for (const route of routes) {
    const { handler, failure } = route;
    if (!handler) continue;
    app.on(route.method.toUpperCase(), route.path.replaceAll(/\{(\w+)\}/g, ":$1"), async (c) => {
      const user = await checkAccess(c, route);
      await route.before?.(c);
      const input = { user, ...(await readInput(c, route)) };
      if (!failure) return handler(c, input);
      try {
        return await handler(c, input);
      } catch (error) {
        throw asFailure(error, failure);
      }
    });
  }
}
