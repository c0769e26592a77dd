/**
 * An ACP error answer (the spec's flat `{type, code, message, param?}`) with its HTTP status,
 * thrown by the ACP services and answered as it is by the ACP routes.
 */
export class AcpFailure extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 405 | 409 | 422 | 429 | 500 | 503,
    readonly type: "invalid_request" | "request_not_idempotent" | "processing_error" | "service_unavailable",
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }

  /** Seconds a refused caller waits (answered as Retry-After): set on 429 and in-flight answers. */
  retryAfterSeconds: number | undefined;

  /** This failure, answered with Retry-After. */
  retryAfter(seconds: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return this;
  }

  get body() {
    return {
      type: this.type,
      code: this.code,
      message: this.message,
      ...(this.param ? { param: this.param } : {}),
    };
  }
}

/** A 400 for one field, named by its RFC 9535 JSONPath. */
export function invalidParam(param: string, message: string, code = "invalid"): AcpFailure {
  return new AcpFailure(400, "invalid_request", code, message, param);
}

/** A zod issue path as the spec's JSONPath: ["items", 0, "id"] -> $.items[0].id. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (at, part) => (typeof part === "number" ? `${at}[${part}]` : `${at}.${String(part)}`),
    "$",
  );
}
