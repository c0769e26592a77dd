import { type Cart, CartSchema } from "@haggle/contract/cart";
import { type Negotiation, NegotiationSchema } from "@haggle/contract/negotiation";
import { z } from "zod";
import { apiFetch } from "@/lib/api-client";
import { type ChatStreamEvent, streamChat } from "@/lib/sse-reader";
import { negotiationsQueryKey } from "./use-negotiation-transcript";

export function negotiationQueryKey(negotiationId: string) {
  return [...negotiationsQueryKey, negotiationId, "detail"] as const;
}

export const currentNegotiationQueryKey = [...negotiationsQueryKey, "current"] as const;

const StartedNegotiationSchema = z.object({ id: z.string() });
const CurrentNegotiationSchema = z.object({ id: z.string().nullable() });

/**
 * POST /api/negotiations, on the shopper's first message: the cart's active negotiation while it
 * can be resumed, else a new one; `restart` always begins a new one.
 */
export function startNegotiation(options: { restart?: boolean } = {}): Promise<{ id: string }> {
  return apiFetch("/api/negotiations", { method: "POST", body: options, schema: StartedNegotiationSchema });
}

/** GET /api/negotiations/current: what the page resumes (creating nothing); id null when none. */
export function fetchCurrentNegotiation(signal?: AbortSignal): Promise<{ id: string | null }> {
  return apiFetch("/api/negotiations/current", {
    schema: CurrentNegotiationSchema,
    ...(signal ? { signal } : {}),
  });
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
