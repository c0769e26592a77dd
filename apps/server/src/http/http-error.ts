import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error the client caused or may see: its status, a code and a human sentence. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export const badRequest = (message: string, code = "BAD_REQUEST") => new HttpError(400, code, message);
export const unauthorized = (message = "Not authenticated") => new HttpError(401, "UNAUTHENTICATED", message);
export const forbidden = (message: string) => new HttpError(403, "FORBIDDEN", message);
export const notFound = (message: string) => new HttpError(404, "NOT_FOUND", message);
export const conflict = (message: string, code = "CONFLICT") => new HttpError(409, code, message);
export const tooManyRequests = (message: string) => new HttpError(429, "RATE_LIMITED", message);
