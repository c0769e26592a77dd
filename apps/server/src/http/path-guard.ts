import type { MiddlewareHandler } from "hono";
import type { AppContext, AppEnv } from "./context.ts";
import { errorBody } from "./error-table.ts";
import { NUL_REFUSED } from "./validate.ts";

/** No page, id or file name of the shop is longer than this; a longer path segment names nothing. */
export const MAX_PATH_SEGMENT = 512;

/** A control character: below U+0020, or DEL. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Why a path names nothing whatever route it reaches, if it does not: a segment that is no UTF-8 once
 * decoded (the bytes of a lone surrogate, an overlong NUL, stray bytes), one holding a control
 * character (NUL above all, which PostgreSQL cannot store or compare), or one longer than any
 * id. Checked before any route sees its parameters, so no route can pass them to the database
 * or the file system.
 */
export function malformedPath(rawPath: string): "nul" | "malformed" | null {
  for (const segment of rawPath.split("/")) {
    if (segment.length > MAX_PATH_SEGMENT) return "malformed";
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return "malformed";
    }
    if (decoded.includes(String.fromCharCode(0))) return "nul";
    if (hasControl(decoded)) return "malformed";
  }
  return null;
}

export const NO_SUCH_PATH = "There is no such page: the address holds characters or a length no page has.";

/** How a protocol with its own error shape (ACP's) answers a refused path. */
export type PathRefusalAnswer = (c: AppContext, status: 400 | 404, message: string) => Response;

/**
 * Refuses a malformed path (see `malformedPath`) before any route: a NUL with 400 and the
 * sentence every NUL gets, anything else with 404; `ownAnswers` gives the answer of the paths
 * under a prefix whose protocol fixes its own error shape.
 */
export function refuseMalformedPaths(
  ownAnswers: { prefix: string; answer: PathRefusalAnswer }[] = [],
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const start = url.indexOf("/", url.indexOf("//") + 2);
    const end = url.indexOf("?", start);
    const rawPath = start < 0 ? "/" : url.slice(start, end < 0 ? undefined : end);
    const why = malformedPath(rawPath);
    if (!why) return next();
    const [status, code, message] =
      why === "nul"
        ? ([400, "BAD_REQUEST", NUL_REFUSED] as const)
        : ([404, "NOT_FOUND", NO_SUCH_PATH] as const);
    const own = ownAnswers.find((o) => rawPath.startsWith(o.prefix));
    return own ? own.answer(c, status, message) : c.json(errorBody(code, message), status);
  };
}
