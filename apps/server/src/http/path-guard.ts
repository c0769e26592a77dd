import type { MiddlewareHandler } from "hono";
import type { AppContext, AppEnv } from "./context.ts";
import { errorBody } from "./error-table.ts";

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
 * Whether a path names nothing whatever route it reaches: a segment that is no UTF-8 once
 * decoded (the bytes of a lone surrogate, an overlong NUL, stray bytes), one holding a control
 * character (NUL above all, which PostgreSQL cannot store or compare), or one longer than any
 * id. Checked before any route sees its parameters, so no route can pass them to the database
 * or the file system.
 */
export function isMalformedPath(rawPath: string): boolean {
  for (const segment of rawPath.split("/")) {
    if (segment.length > MAX_PATH_SEGMENT) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    if (hasControl(decoded)) return true;
  }
  return false;
}

export const NO_SUCH_PATH = "There is no such page: the address holds characters or a length no page has.";

/**
 * Answers 404 with a sentence for a malformed path (see `isMalformedPath`), before any route;
 * `ownAnswers` gives the answer of the paths under a prefix whose protocol fixes its own error
 * shape (ACP's).
 */
export function refuseMalformedPaths(
  ownAnswers: { prefix: string; answer: (c: AppContext) => Response }[] = [],
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const start = url.indexOf("/", url.indexOf("//") + 2);
    const end = url.indexOf("?", start);
    const rawPath = start < 0 ? "/" : url.slice(start, end < 0 ? undefined : end);
    if (!isMalformedPath(rawPath)) return next();
    const own = ownAnswers.find((o) => rawPath.startsWith(o.prefix));
    return own ? own.answer(c) : c.json(errorBody("NOT_FOUND", NO_SUCH_PATH), 404);
  };
}
