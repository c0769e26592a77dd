import { ApiRequestError } from "@/lib/api-client";
import { isRateLimited, RATE_LIMIT_TOAST } from "@/lib/rate-limit-toast";

export interface ErrorToast {
  title: string;
  description: string;
}

/** The spec's error catalogue for the assistant: 429 and 402 have their own toasts, everything else one. */
export function assistantErrorToast(error: unknown): ErrorToast {
  if (isRateLimited(error)) return { ...RATE_LIMIT_TOAST };
  if (error instanceof ApiRequestError && error.status === 402) {
    return {
      title: "Service Unavailable",
      description: "AI service temporarily unavailable. Please try again later.",
    };
  }
  return { title: "Error", description: "Failed to send message. Please try again." };
}
