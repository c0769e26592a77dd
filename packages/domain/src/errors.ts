/**
 * What went wrong, in the shop's own terms. Services and domain code throw these; only the
 * server's `http/` layer knows which HTTP status each kind becomes (one table there).
 */
export type DomainErrorKind =
  /** The input is not acceptable (400). */
  | "invalid"
  /** Nobody is signed in where someone must be (401). */
  | "unauthenticated"
  /** Signed in, but not allowed (403). */
  | "forbidden"
  /** The thing does not exist, or is not the caller's (404). */
  | "not-found"
  /** The request clashes with the current state (409). */
  | "conflict"
  /** A rate or quota limit was reached (429). */
  | "limit"
  /** A third party we depend on (the AI server) refused to serve (402). */
  | "unavailable"
  /** Our own failure, reported with a stable code and a human sentence (500). */
  | "failed";

export interface DomainErrorOptions extends ErrorOptions {
  /** The input field at fault, where a protocol names it (ACP's `param`, a JSONPath such as `$.items[0].id`). */
  field?: string;
}

export class DomainError extends Error {
  /** The input field at fault, when one is named. */
  readonly field: string | undefined;
  constructor(
    readonly kind: DomainErrorKind,
    /** Stable machine-readable code, the `error.code` of the API. */
    readonly code: string,
    message: string,
    options?: DomainErrorOptions,
  ) {
    super(message, options);
    this.name = "DomainError";
    this.field = options?.field;
  }
}

export const invalid = (message: string, code = "BAD_REQUEST") => new DomainError("invalid", code, message);
/** Invalid input in one named field (see `DomainErrorOptions.field`). */
export const invalidField = (field: string, message: string, code = "INVALID") =>
  new DomainError("invalid", code, message, { field });
export const unauthenticated = (message = "Not authenticated") =>
  new DomainError("unauthenticated", "UNAUTHENTICATED", message);
export const forbidden = (message: string) => new DomainError("forbidden", "FORBIDDEN", message);
export const notFound = (message: string) => new DomainError("not-found", "NOT_FOUND", message);
export const conflict = (message: string, code = "CONFLICT") => new DomainError("conflict", code, message);
export const limitReached = (message: string, code = "RATE_LIMITED") =>
  new DomainError("limit", code, message);
export const unavailable = (message: string, code = "AI_UNAVAILABLE") =>
  new DomainError("unavailable", code, message);
export const failed = (message: string, code: string, options?: ErrorOptions) =>
  new DomainError("failed", code, message, options);
