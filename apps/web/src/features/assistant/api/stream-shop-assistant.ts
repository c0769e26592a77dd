import { MAX_MESSAGE_LENGTH } from "@haggle/contract/negotiation";
import { type ChatStreamEvent, streamChat } from "@/lib/sse-reader";
import { type AssistantMessage, GREETING_ID } from "../lib/assistant-chat";

export const SHOP_ASSISTANT_PATH = "/functions/v1/shop-assistant";

/** The server reads the recent user messages for follow-ups; older turns only cost bandwidth. */
const HISTORY_SENT = 20;

export type AssistantRequestMessage = { role: "user" | "assistant"; content: string };

/**
 * The conversation as the server wants it: no greeting (the server did not write it), no empty
 * replies, the latest turns only, each within the server's length limit.
 */
export function toRequestMessages(messages: readonly AssistantMessage[]): AssistantRequestMessage[] {
  return messages
    .filter((m) => m.id !== GREETING_ID && m.content.trim() !== "")
    .slice(-HISTORY_SENT)
    .map((m) => ({ role: m.role, content: m.content.slice(0, MAX_MESSAGE_LENGTH) }));
}

/** POST /functions/v1/shop-assistant: the reply's text deltas and product events as they arrive. */
export function streamShopAssistant(
  messages: readonly AssistantMessage[],
  signal?: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  return streamChat(SHOP_ASSISTANT_PATH, { messages: toRequestMessages(messages) }, signal);
}
