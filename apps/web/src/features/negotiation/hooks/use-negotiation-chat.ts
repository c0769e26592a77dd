import { splitNegotiationData } from "@haggle/contract/negotiation";
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from "react";
import { toast } from "@/lib/toast";
import { streamNegotiationReply } from "../api/negotiation-api";
import {
  initialNegotiationChat,
  type NegotiationChatMessage,
  negotiationChatReducer,
  toWireMessages,
} from "../lib/negotiation-chat";
import { replyErrorToast, startErrorToast } from "../lib/negotiation-errors";

interface UseNegotiationChatOptions {
  /** Null until the shopper's first message starts the negotiation (see `start`). */
  negotiationId: string | null;
  /** Starts the negotiation for the first message: its id. */
  start: () => Promise<string>;
  /** The server's stored messages (GET /api/negotiations/:id), once read. */
  storedMessages: readonly { role: "user" | "assistant"; content: string }[] | undefined;
  /** A turn ended (answered or failed): the offer may have changed. */
  onTurnSettled: () => void;
}

export interface NegotiationChat {
  messages: NegotiationChatMessage[];
  isPending: boolean;
  /**
   * Sends a message (starting the negotiation first if there is none yet); false when it was not
   * taken (blank, a reply pending).
   * `onFailed` gets the text back when the reply failed, so the shopper can send it again.
   */
  send: (text: string, onFailed?: (text: string) => void) => boolean;
}

/**
 * The negotiation conversation: the shopper's message, Ava's reply streamed token by token into
 * the last bubble, errors as the spec's toasts. The server's stored conversation is adopted when
 * it holds more than the screen does (a manager's decision added Ava's answer).
 */
export function useNegotiationChat({
  negotiationId,
  start,
  storedMessages,
  onTurnSettled,
}: UseNegotiationChatOptions): NegotiationChat {
  const [state, dispatch] = useReducer(negotiationChatReducer, initialNegotiationChat);
  // Read synchronously by send(): two quick sends must not both start a reply.
  const busy = useRef(false);
  const latest = useRef({ messages: state.messages, onTurnSettled, start });
  useLayoutEffect(() => {
    latest.current = { messages: state.messages, onTurnSettled, start };
  });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    if (!storedMessages || state.pendingId !== null) return;
    if (storedMessages.length > state.messages.length) dispatch({ type: "sync", messages: storedMessages });
  }, [storedMessages, state.pendingId, state.messages.length]);

  const send = useCallback(
    (text: string, onFailed?: (text: string) => void) => {
      const content = text.trim();
      if (content === "" || busy.current) return false;
      busy.current = true;
      const messages = toWireMessages(latest.current.messages, content);
      dispatch({ type: "send", text: content });
      const abort = new AbortController();
      controller.current = abort;
      void (async () => {
        let reply = "";
        let id = negotiationId;
        if (id === null) {
          try {
            id = await latest.current.start();
          } catch (error) {
            busy.current = false;
            if (controller.current === abort) controller.current = null;
            if (abort.signal.aborted) return;
            console.error("Starting the negotiation failed", error);
            dispatch({ type: "fail" });
            onFailed?.(content);
            const { title, description } = startErrorToast(error);
            toast.error(title, description ? { description } : undefined);
            return;
          }
        }
        try {
          for await (const event of streamNegotiationReply(id, messages, abort.signal)) {
            if (event.kind !== "delta") continue;
            reply += event.text;
            dispatch({ type: "delta", text: event.text });
          }
          if (splitNegotiationData(reply).display.trim() === "") throw new Error("Ava sent an empty reply");
          dispatch({ type: "done" });
        } catch (error) {
          if (abort.signal.aborted) return;
          console.error("Ava's reply failed", error);
          dispatch({ type: "fail" });
          onFailed?.(content);
          const { title, description } = replyErrorToast(error);
          if (description) toast.error(title, { description });
          else toast.error(title);
        } finally {
          busy.current = false;
          if (controller.current === abort) controller.current = null;
          if (!abort.signal.aborted) latest.current.onTurnSettled();
        }
      })();
      return true;
    },
    [negotiationId],
  );

  return { messages: state.messages, isPending: state.pendingId !== null, send };
}
