import { type Product, ProductSchema } from "@haggle/contract/products";
import { z } from "zod";
import { type AssistantChatState, type AssistantMessage, initialChatState } from "./assistant-chat";
import { ASSISTANT_STORAGE_KEY } from "./assistant-launch";

/** Enough for a long session while staying far below the storage quota (carousels are the bulk). */
const MAX_STORED_MESSAGES = 60;

const StoredMessageSchema = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  timestamp: z.number(),
  // Checked product by product below, so one bad entry does not cost the whole conversation.
  products: z.array(z.unknown()).optional(),
  streaming: z.boolean().optional(),
  failed: z.boolean().optional(),
});

const StoredSessionSchema = z.object({
  open: z.boolean(),
  messages: z.array(StoredMessageSchema),
});

export interface AssistantSession {
  open: boolean;
  chat: AssistantChatState;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings): the chat then lives in memory only.
    return null;
  }
}

/**
 * The stored chat, or a fresh one with the greeting. A reply that was still arriving when the page
 * went away is dropped, and the question it answered is offered for a retry.
 */
export function loadAssistantSession(now: number): AssistantSession {
  const fresh = { open: false, chat: initialChatState(now) };
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(ASSISTANT_STORAGE_KEY) ?? null;
  } catch {
    return fresh;
  }
  if (raw === null) return fresh;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return fresh;
  }
  const parsed = StoredSessionSchema.safeParse(json);
  if (!parsed.success) return fresh;

  const messages: AssistantMessage[] = [];
  for (const stored of parsed.data.messages) {
    if (stored.streaming) continue;
    const message: AssistantMessage = {
      id: stored.id,
      role: stored.role,
      content: stored.content,
      timestamp: stored.timestamp,
    };
    if (stored.products) {
      message.products = stored.products.flatMap((p): Product[] => {
        const product = ProductSchema.safeParse(p);
        return product.success ? [product.data] : [];
      });
    }
    if (stored.failed) message.failed = true;
    messages.push(message);
  }
  const last = messages.at(-1);
  if (last?.role === "user") messages[messages.length - 1] = { ...last, failed: true };
  if (messages.length === 0) return { open: parsed.data.open, chat: fresh.chat };
  return { open: parsed.data.open, chat: { messages, pendingId: null } };
}

export function saveAssistantSession(open: boolean, messages: readonly AssistantMessage[]): void {
  try {
    // Products are stored as the API writes them (prices in dollars), read back to cents on load.
    const stored = messages
      .slice(-MAX_STORED_MESSAGES)
      .map((m) => (m.products ? { ...m, products: m.products.map((p) => z.encode(ProductSchema, p)) } : m));
    storage()?.setItem(ASSISTANT_STORAGE_KEY, JSON.stringify({ open, messages: stored }));
  } catch {
    // Quota exceeded or storage blocked: keeping the chat is a convenience, not a must.
  }
}
