import { type TryAvaRequest, type TryAvaResponse, TryAvaResponseSchema } from "@haggle/contract/try-ava";
import { apiFetch } from "@/lib/api-client";

/** POST /api/merchant/try-ava: Ava's answers to the whole conversation on unsaved settings; nothing is stored. */
export function tryAva(request: TryAvaRequest): Promise<TryAvaResponse> {
  return apiFetch("/api/merchant/try-ava", { method: "POST", body: request, schema: TryAvaResponseSchema });
}
