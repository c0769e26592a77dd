import { type Product, ProductSchema } from "@haggle/contract/products";
import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";
import type { ChatStreamEvent } from "@/lib/sse-reader";

export const GREETING = `Hi! I'm ${ASSISTANT_NAME}. What are you shopping for today?`;
export const GREETING_ID = "greeting";
export const SUGGESTED_PROMPTS = ["Show me running shoes", "Gifts under $100", "What's on sale?"] as const;

/** One chat message as the browser keeps it (the spec's client-only chat message, plus bookkeeping). */
export interface AssistantMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  /** Epoch milliseconds. */
  timestamp: number;
  /** The carousel under an assistant reply: products from the reply's tool_result events. */
  products?: Product[];
  /** An assistant reply still arriving. */
  streaming?: boolean;
  /** A user message whose reply failed: shown with a Retry button. */
  failed?: boolean;
}

export interface AssistantChatState {
  messages: AssistantMessage[];
  /** The assistant reply being streamed, if any: the composer waits for it. */
  pendingId: string | null;
}

export type AssistantChatAction =
  /** A new user message, or (without `user`) a retry of the failed last one; opens an empty reply. */
  | { type: "send"; user?: AssistantMessage; replyId: string; now: number }
  | { type: "stream"; replyId: string; event: ChatStreamEvent }
  | { type: "done"; replyId: string }
  /** The reply failed: its bubble goes, the user's message stays with a way to retry. */
  | { type: "fail"; replyId: string }
  | { type: "reset"; now: number };

export function greetingMessage(now: number): AssistantMessage {
  return { id: GREETING_ID, role: "assistant", content: GREETING, timestamp: now };
}

export function initialChatState(now: number): AssistantChatState {
  return { messages: [greetingMessage(now)], pendingId: null };
}

/** Suggested prompts are offered only while the greeting is the whole conversation. */
export function onlyGreeting(messages: readonly AssistantMessage[]): boolean {
  return messages.length === 1 && messages[0]?.id === GREETING_ID;
}

/** The products of a `tool_result` event; entries that do not match the contract are dropped. */
export function productsOfEvent(data: Record<string, unknown>): Product[] | null {
  if (data.type !== "tool_result" || !Array.isArray(data.products)) return null;
  const products: Product[] = [];
  for (const candidate of data.products) {
    const parsed = ProductSchema.safeParse(candidate);
    if (parsed.success) products.push(parsed.data);
  }
  return products;
}

/** Applies one stream event to the reply it belongs to: text appends, a tool_result adds products. */
export function applyStreamEvent(message: AssistantMessage, event: ChatStreamEvent): AssistantMessage {
  if (event.kind === "delta") return { ...message, content: message.content + event.text };
  const products = productsOfEvent(event.data);
  if (products === null) return message;
  // Several searches in one reply make one carousel, each product once.
  const merged = [...(message.products ?? [])];
  for (const product of products) {
    if (!merged.some((p) => p.id === product.id)) merged.push(product);
  }
  return { ...message, products: merged };
}

function updateMessage(
  messages: AssistantMessage[],
  id: string,
  update: (m: AssistantMessage) => AssistantMessage,
): AssistantMessage[] {
  return messages.map((m) => (m.id === id ? update(m) : m));
}

function withoutFlag(message: AssistantMessage): AssistantMessage {
  if (!message.failed) return message;
  const { failed: _failed, ...rest } = message;
  return rest;
}

export function assistantChatReducer(
  state: AssistantChatState,
  action: AssistantChatAction,
): AssistantChatState {
  switch (action.type) {
    case "send": {
      if (state.pendingId !== null) return state;
      const last = state.messages.at(-1);
      // A retry needs a failed user message to answer; a new message needs nothing.
      if (!action.user && !(last?.role === "user" && last.failed)) return state;
      const reply: AssistantMessage = {
        id: action.replyId,
        role: "assistant",
        content: "",
        timestamp: action.now,
        streaming: true,
      };
      const messages = state.messages.map(withoutFlag);
      if (action.user) messages.push(action.user);
      messages.push(reply);
      return { messages, pendingId: action.replyId };
    }
    case "stream":
      return {
        ...state,
        messages: updateMessage(state.messages, action.replyId, (m) => applyStreamEvent(m, action.event)),
      };
    case "done": {
      const messages = updateMessage(state.messages, action.replyId, (m) => {
        const { streaming: _streaming, ...rest } = m;
        return rest;
      });
      return { messages, pendingId: state.pendingId === action.replyId ? null : state.pendingId };
    }
    case "fail": {
      const index = state.messages.findIndex((m) => m.id === action.replyId);
      if (index < 0)
        return { ...state, pendingId: state.pendingId === action.replyId ? null : state.pendingId };
      const messages = state.messages.filter((m) => m.id !== action.replyId);
      const asked = messages[index - 1];
      if (asked?.role === "user") messages[index - 1] = { ...asked, failed: true };
      return { messages, pendingId: state.pendingId === action.replyId ? null : state.pendingId };
    }
    case "reset":
      return state.pendingId === null ? initialChatState(action.now) : state;
  }
}

/** A reply that ended with neither words nor products counts as a failure ("no body"). */
export function isEmptyReply(message: AssistantMessage | undefined): boolean {
  return !message || (message.content.trim() === "" && (message.products?.length ?? 0) === 0);
}
