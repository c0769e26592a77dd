import { ApiRequestError } from "@/lib/api-client";

export interface ErrorToast {
  title: string;
  description: string;
}

/** The spec's error catalogue for the assistant: 429 and 402 have their own toasts, everything else one. */
export function assistantErrorToast(error: unknown): ErrorToast {
  if (error instanceof ApiRequestError && error.status === 429) {
    return { title: "Rate Limit", description: "Too many requests. Please wait a moment and try again." };
  }
  if (error instanceof ApiRequestError && error.status === 402) {
    return {
      title: "Service Unavailable",
      description: "AI service temporarily unavailable. Please try again later.",
    };
  }
  return { title: "Error", description: "Failed to send message. Please try again." };
}
