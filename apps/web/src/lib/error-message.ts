import { ApiRequestError } from "./api-client";

/**
 * The sentence to show for a failed request: the server's own message when it sent one (e.g. a
 * 409 "Only 3 of X left in stock."), otherwise the given fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.code !== "HTTP_ERROR" && error.message.trim() !== "") {
    return error.message;
  }
  return fallback;
}
