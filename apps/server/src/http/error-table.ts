import { DomainError, type DomainErrorKind } from "@haggle/domain/errors";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The one place a domain error kind becomes an HTTP status. */
export const STATUS_OF_KIND: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  limit: 429,
  unavailable: 402,
  failed: 500,
};

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

/**
 * A refusal of the HTTP layer itself (a body too large, too slow, a server too busy), with its
 * own status where no domain error kind fits. Never logged as a failure.
 */
export class HttpRefusal extends Error {
  readonly body: ReturnType<typeof errorBody>;
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpRefusal";
    this.body = errorBody(code, message);
  }
}

/** The refusal behind an error, when a reader wrapped it in its own error. */
export function refusalIn(error: unknown): HttpRefusal | null {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof HttpRefusal) return e;
  return null;
}

const INTERNAL = errorBody("INTERNAL", "Something went wrong on our side. Please try again.");

export interface ErrorAnswer {
  status: ContentfulStatusCode;
  body: ReturnType<typeof errorBody>;
  /** What to log as the cause, for answers that are our own failure; null for the client's mistakes. */
  logged: unknown;
}

/** What the API answers for an error thrown anywhere below a route. */
export function answerFor(error: unknown): ErrorAnswer {
  const refusal = refusalIn(error);
  if (refusal) return { status: refusal.status, body: refusal.body, logged: null };
  if (error instanceof DomainError) {
    const status = STATUS_OF_KIND[error.kind];
    return {
      status,
      body: errorBody(error.code, error.message),
      logged: status >= 500 ? (error.cause ?? error) : null,
    };
  }
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    // Hono's own refusals (HTTPException), e.g. a malformed multipart body.
    const message = error instanceof Error && error.message ? error.message : "The request is not valid.";
    return { status: status as ContentfulStatusCode, body: errorBody("BAD_REQUEST", message), logged: null };
  }
  return { status: 500, body: INTERNAL, logged: error };
}
