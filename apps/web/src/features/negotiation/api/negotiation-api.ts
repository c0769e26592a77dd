import { type Cart, CartSchema } from "@haggle/contract/cart";
import { type Negotiation, NegotiationSchema } from "@haggle/contract/negotiation";
import { z } from "zod";
import { apiFetch } from "@/lib/api-client";
import { type ChatStreamEvent, streamChat } from "@/lib/sse-reader";
import { negotiationsQueryKey } from "./use-negotiation-transcript";

export function negotiationQueryKey(negotiationId: string) {
  return [...negotiationsQueryKey, negotiationId, "detail"] as const;
}

const StartedNegotiationSchema = z.object({ id: z.string() });

/** POST /api/negotiations: a new negotiation for the active cart (it replaces the cart's active one). */
export function startNegotiation(): Promise<{ id: string }> {
  return apiFetch("/api/negotiations", { method: "POST", schema: StartedNegotiationSchema });
}

export function fetchNegotiation(negotiationId: string, signal?: AbortSignal): Promise<Negotiation> {
  return apiFetch(`/api/negotiations/${encodeURIComponent(negotiationId)}`, {
    schema: NegotiationSchema,
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/negotiations/:id/accept: the cart with the standing offer applied by the server. */
export function acceptNegotiationOffer(negotiationId: string): Promise<Cart> {
  return apiFetch(`/api/negotiations/${encodeURIComponent(negotiationId)}/accept`, {
    method: "POST",
    schema: CartSchema,
  });
}

/**
 * POST /functions/v1/negotiate-cart: Ava's reply to the last message, streamed. The text may end
 * with the hidden NEGOTIATION_DATA block.
 */
export function streamNegotiationReply(
  negotiationId: string,
  messages: { role: "user" | "assistant"; content: string }[],
  signal?: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  return streamChat("/functions/v1/negotiate-cart", { negotiationId, messages }, signal);
}
