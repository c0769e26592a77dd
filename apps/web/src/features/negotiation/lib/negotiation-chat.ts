import {
  MAX_MESSAGE_LENGTH,
  type Negotiation,
  type NegotiationResult,
  splitNegotiationData,
} from "@haggle/contract/negotiation";
import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";

/** How many messages the negotiate-cart request accepts (the contract's limit). */
const MAX_WIRE_MESSAGES = 200;

/** One chat message as the screen keeps it. */
export interface NegotiationChatMessage {
  /** Its position in the conversation ("message-3"): the server's stored list and ours line up. */
  id: string;
  role: "user" | "assistant";
  /** As sent or received: Ava's text may end with the hidden NEGOTIATION_DATA block (never shown). */
  content: string;
  /** Ava's reply still arriving. */
  streaming?: boolean;
}

export interface NegotiationChatState {
  messages: NegotiationChatMessage[];
  /** The id of the reply being streamed; the message box waits for it. */
  pendingId: string | null;
}

export type NegotiationChatAction =
  /** The shopper's message, and an empty reply bubble for Ava's answer. */
  | { type: "send"; text: string }
  /** A piece of the streamed reply. */
  | { type: "delta"; text: string }
  | { type: "done" }
  /** The reply failed: the bubble and the unanswered message go (the text returns to the box). */
  | { type: "fail" }
  /** The server's stored conversation, e.g. after a manager's decision added Ava's answer. */
  | { type: "sync"; messages: readonly { role: "user" | "assistant"; content: string }[] };

export const initialNegotiationChat: NegotiationChatState = { messages: [], pendingId: null };

const messageId = (index: number) => `message-${index}`;

export function negotiationChatReducer(
  state: NegotiationChatState,
  action: NegotiationChatAction,
): NegotiationChatState {
  switch (action.type) {
    case "send": {
      if (state.pendingId !== null || action.text.trim() === "") return state;
      const at = state.messages.length;
      const replyId = messageId(at + 1);
      return {
        messages: [
          ...state.messages,
          { id: messageId(at), role: "user", content: action.text },
          { id: replyId, role: "assistant", content: "", streaming: true },
        ],
        pendingId: replyId,
      };
    }
    case "delta":
      if (state.pendingId === null) return state;
      return {
        ...state,
        messages: state.messages.map((m) =>
          m.id === state.pendingId ? { ...m, content: m.content + action.text } : m,
        ),
      };
    case "done":
      if (state.pendingId === null) return state;
      return {
        messages: state.messages.map((m) => (m.id === state.pendingId ? { ...m, streaming: false } : m)),
        pendingId: null,
      };
    case "fail": {
      if (state.pendingId === null) return state;
      const index = state.messages.findIndex((m) => m.id === state.pendingId);
      if (index < 0) return { ...state, pendingId: null };
      const keep = index > 0 && state.messages[index - 1]?.role === "user" ? index - 1 : index;
      return { messages: state.messages.slice(0, keep), pendingId: null };
    }
    case "sync":
      // Never while a reply streams in: the stored list would not hold it yet.
      if (state.pendingId !== null) return state;
      return {
        messages: action.messages.map((m, index) => ({
          id: messageId(index),
          role: m.role,
          content: m.content,
        })),
        pendingId: null,
      };
  }
}

/** What a bubble shows: the words without the hidden result block (also one still streaming in). */
export function displayText(message: Pick<NegotiationChatMessage, "content">): string {
  return splitNegotiationData(message.content).display;
}

/**
 * The result carried by Ava's latest finished reply, when it says the negotiation reached one
 * (negotiation_complete true). A reply without a block means no result stands.
 */
export function latestNegotiationResult(
  messages: readonly NegotiationChatMessage[],
): NegotiationResult | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== "assistant" || message.streaming) continue;
    const { result } = splitNegotiationData(message.content);
    return result?.negotiation_complete ? result : null;
  }
  return null;
}

/** The server has an offer the shopper can still accept (GET /api/negotiations/:id). */
export function hasStandingOffer(negotiation: Negotiation | undefined): boolean {
  if (negotiation?.status !== "active" || !negotiation.offer) return false;
  return negotiation.offer.status === "standing" || negotiation.offer.status === "agreed";
}

/** The offer of this negotiation was applied already (here, in another tab, or before a reload). */
export function isNegotiationApplied(negotiation: Negotiation | undefined): boolean {
  return negotiation?.status === "completed" || negotiation?.offer?.status === "applied";
}

export interface AcceptOfferInput {
  messages: readonly NegotiationChatMessage[];
  /** The result of Ava's latest reply, if any. */
  result: NegotiationResult | null;
  /** GET /api/negotiations/:id shows an offer that stands. */
  standingOffer: boolean;
  /** An offer of this negotiation was applied to the cart. */
  applied: boolean;
}

/**
 * Spec §2: 'Accept Offer & Apply to Cart' appears once a negotiation result exists, there are
 * messages, and no offer has been applied yet.
 */
export function showsAcceptOffer({ messages, result, standingOffer, applied }: AcceptOfferInput): boolean {
  if (applied || messages.length === 0) return false;
  return result?.negotiation_complete === true || standingOffer;
}

/**
 * The negotiate-cart request body's messages: the conversation so far (as shown, block removed)
 * and the new message last. The server reads only the last one; the rest is context.
 */
export function toWireMessages(
  messages: readonly NegotiationChatMessage[],
  text: string,
): { role: "user" | "assistant"; content: string }[] {
  const history = messages
    .filter((m) => !m.streaming)
    .map((m) => ({ role: m.role, content: displayText(m).slice(0, MAX_MESSAGE_LENGTH) }))
    .filter((m) => m.content.trim() !== "");
  return [...history, { role: "user" as const, content: text }].slice(-MAX_WIRE_MESSAGES);
}

/** What screen readers hear once Ava's reply is complete (not every token while it streams). */
export function replyAnnouncement(messages: readonly NegotiationChatMessage[], isPending: boolean): string {
  if (isPending) return "";
  const last = messages.at(-1);
  if (last?.role !== "assistant") return "";
  const text = displayText(last);
  return text === "" ? "" : `${ASSISTANT_NAME}: ${text}`;
}
