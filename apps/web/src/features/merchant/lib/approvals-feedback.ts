import { errorMessage } from "@/lib/error-message";

export interface ToastContent {
  title: string;
  description?: string;
}

export function approvalSuccessToast(approved: boolean): ToastContent {
  return approved
    ? { title: "Negotiation approved!", description: "Ava is telling the shopper the good news." }
    : { title: "Negotiation rejected", description: "Ava will let the shopper know and keep negotiating." };
}

/** The catalogue's title, with the server's own sentence beneath (e.g. "This approval was already decided."). */
export function approvalFailureToast(error: unknown): ToastContent {
  const title = "Failed to process approval";
  const description = errorMessage(error, "");
  return description === "" || description === title ? { title } : { title, description };
}
