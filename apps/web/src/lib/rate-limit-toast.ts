import { ApiRequestError } from "./api-client";

/** The spec's toast for a refused burst (HTTP 429), wherever the shopper meets it: the assistant and Ava. */
export const RATE_LIMIT_TOAST = {
  title: "Rate Limit",
  description: "Too many requests. Please wait a moment and try again.",
} as const;

export function isRateLimited(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 429;
}
