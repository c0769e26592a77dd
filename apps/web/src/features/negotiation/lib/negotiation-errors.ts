import { ApiRequestError } from "@/lib/api-client";
import { isRateLimited, RATE_LIMIT_TOAST } from "@/lib/rate-limit-toast";

/**
 * The server's own sentence for a refused request (4xx): 401 is always 'Not authenticated',
 * a 409 or 400 says why. Server failures (5xx) and network errors have none.
 */
export function clientErrorSentence(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.status === 401) return "Not authenticated";
  if (error.status < 400 || error.status >= 500) return null;
  if (error.code === "HTTP_ERROR" || error.message.trim() === "") return null;
  return error.message;
}

/** Ava's reply failed: the stream could not start, or the server refused the message. */
export function replyErrorMessage(error: unknown): string {
  return clientErrorSentence(error) ?? "Failed to get response from AI negotiator";
}

/** A toast with a title from the spec's catalogue and the server's reason, when it gave one. */
export interface ErrorToast {
  title: string;
  description?: string;
}

/** Ava's reply failed: too many turns in a minute get the spec's 'Rate Limit' toast, the rest one sentence. */
export function replyErrorToast(error: unknown): ErrorToast {
  return isRateLimited(error) ? { ...RATE_LIMIT_TOAST } : { title: replyErrorMessage(error) };
}

export function startErrorToast(error: unknown): ErrorToast {
  if (isRateLimited(error)) return { ...RATE_LIMIT_TOAST };
  const reason = clientErrorSentence(error);
  return reason
    ? { title: "Failed to initialize negotiation", description: reason }
    : { title: "Failed to initialize negotiation" };
}

export function acceptErrorToast(error: unknown): ErrorToast {
  const reason = clientErrorSentence(error);
  return reason
    ? { title: "Failed to apply negotiation", description: reason }
    : { title: "Failed to apply negotiation" };
}

/** Checkout from the review card (this screen says 'No active cart' and 'Failed to process checkout'). */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.code === "NO_ACTIVE_CART") return "No active cart";
  return clientErrorSentence(error) ?? "Failed to process checkout";
}
