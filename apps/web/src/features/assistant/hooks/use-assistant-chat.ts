import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { streamShopAssistant } from "../api/stream-shop-assistant";
import {
  applyStreamEvent,
  type AssistantMessage,
  assistantChatReducer,
  isEmptyReply,
} from "../lib/assistant-chat";
import { assistantErrorToast } from "../lib/assistant-error";
import { loadAssistantSession, saveAssistantSession } from "../lib/assistant-storage";

function newId(): string {
  return typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export interface AssistantChat {
  messages: AssistantMessage[];
  isPending: boolean;
  open: boolean;
  /** Whether the panel was already open when the page loaded (then it does not grab focus). */
  restoredOpen: boolean;
  setOpen: (open: boolean) => void;
  /** Sends a message; false when it was ignored (blank, or a reply is still arriving). */
  send: (text: string) => boolean;
  /** Asks again for the failed last message. */
  retry: () => void;
  /** Back to the greeting. */
  reset: () => void;
}

/**
 * The shopping-assistant conversation: streamed replies, errors as the spec's toasts, and the
 * whole chat (open or closed too) kept in sessionStorage for the tab's life.
 */
export function useAssistantChat({ openAtStart = false }: { openAtStart?: boolean } = {}): AssistantChat {
  const [stored] = useState(() => loadAssistantSession(Date.now()));
  const [state, dispatch] = useReducer(assistantChatReducer, stored.chat);
  const [open, setOpen] = useState(openAtStart || stored.open);
  // Read synchronously by send(): two quick sends must not both start a reply.
  const busy = useRef(false);
  const latest = useRef(state.messages);
  useLayoutEffect(() => {
    latest.current = state.messages;
  }, [state.messages]);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    saveAssistantSession(open, state.messages);
  }, [open, state.messages]);

  useEffect(() => () => controller.current?.abort(), []);

  const stream = useCallback(async (history: AssistantMessage[], replyId: string) => {
    busy.current = true;
    const abort = new AbortController();
    controller.current = abort;
    let reply: AssistantMessage = { id: replyId, role: "assistant", content: "", timestamp: 0 };
    try {
      for await (const event of streamShopAssistant(history, abort.signal)) {
        reply = applyStreamEvent(reply, event);
        dispatch({ type: "stream", replyId, event });
      }
      if (isEmptyReply(reply)) throw new Error("The assistant sent an empty reply");
      dispatch({ type: "done", replyId });
    } catch (error) {
      if (abort.signal.aborted) return;
      console.error("Shopping assistant reply failed", error);
      dispatch({ type: "fail", replyId });
      const { title, description } = assistantErrorToast(error);
      toast.error(title, { description });
    } finally {
      busy.current = false;
      if (controller.current === abort) controller.current = null;
    }
  }, []);

  const send = useCallback(
    (text: string) => {
      const content = text.trim();
      if (content === "" || busy.current) return false;
      const now = Date.now();
      const user: AssistantMessage = { id: newId(), role: "user", content, timestamp: now };
      const replyId = newId();
      dispatch({ type: "send", user, replyId, now });
      void stream([...latest.current, user], replyId);
      return true;
    },
    [stream],
  );

  const retry = useCallback(() => {
    const messages = latest.current;
    const last = messages.at(-1);
    if (busy.current || last?.role !== "user" || !last.failed) return;
    const replyId = newId();
    dispatch({ type: "send", replyId, now: Date.now() });
    void stream(messages, replyId);
  }, [stream]);

  const reset = useCallback(() => {
    if (!busy.current) dispatch({ type: "reset", now: Date.now() });
  }, []);

  return {
    messages: state.messages,
    isPending: state.pendingId !== null,
    open,
    // Opened by the shopper's click, it takes the focus even if it was left open before.
    restoredOpen: stored.open && !openAtStart,
    setOpen,
    send,
    retry,
    reset,
  };
}
