import { ApiRequestError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";

/** Whether AI search is ready (the tick) and the sentence beside it. */
export function embeddingStatus(missingEmbeddings: number): { ready: boolean; text: string } {
  if (missingEmbeddings === 0) {
    return { ready: true, text: "AI search is ready: every product has an embedding" };
  }
  const noun = missingEmbeddings === 1 ? "product lacks" : "products lack";
  return { ready: false, text: `${missingEmbeddings} ${noun} an embedding` };
}

export interface ToastContent {
  title: string;
  description?: string;
}

/** The catalogue's title, with the server's own sentence beneath when it says more (e.g. a 403). */
function failure(title: string, error: unknown): ToastContent {
  const description = errorMessage(error, "");
  return description === "" || description === title ? { title } : { title, description };
}

export function seedFailureToast(error: unknown): ToastContent {
  return failure("Failed to seed database", error);
}

export function assignMerchantSuccessToast(alreadyAssigned: boolean): ToastContent {
  return alreadyAssigned
    ? { title: "Already a Merchant", description: "Your account already has the merchant role." }
    : { title: "Merchant role assigned", description: "You can now open the merchant area." };
}

export function assignMerchantFailureToast(error: unknown): ToastContent {
  if (error instanceof ApiRequestError && error.status === 401) {
    return { title: "You must be logged in to assign merchant role" };
  }
  return failure("Failed to assign merchant role", error);
}

export function embeddingsFailureToast(error: unknown): ToastContent {
  return failure("Failed to initialize embeddings", error);
}

/** A 403 on the status: the account is signed in but not one of the shop's administrators. */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 403;
}
