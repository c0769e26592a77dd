import { afterEach, describe, expect, it } from "vitest";
import { makeProduct } from "@/test/make-product";
import { GREETING, greetingMessage } from "./assistant-chat";
import { ASSISTANT_STORAGE_KEY } from "./assistant-launch";
import { loadAssistantSession, saveAssistantSession } from "./assistant-storage";

afterEach(() => sessionStorage.clear());

describe("the assistant's session storage", () => {
  it("starts closed with the greeting when nothing is stored or the value is unreadable", () => {
    expect(loadAssistantSession(5)).toEqual({
      open: false,
      chat: { messages: [greetingMessage(5)], pendingId: null },
    });
    sessionStorage.setItem(ASSISTANT_STORAGE_KEY, "{not json");
    expect(loadAssistantSession(5).chat.messages.map((m) => m.content)).toEqual([GREETING]);
    sessionStorage.setItem(ASSISTANT_STORAGE_KEY, JSON.stringify({ open: "yes", messages: 3 }));
    expect(loadAssistantSession(5).open).toBe(false);
  });

  it("keeps messages, timestamps, products and the open state across a reload", () => {
    const product = makeProduct("p1");
    const messages = [
      greetingMessage(1),
      { id: "u", role: "user" as const, content: "Gifts under $100", timestamp: 2 },
      { id: "a", role: "assistant" as const, content: "Here you go.", timestamp: 3, products: [product] },
    ];
    saveAssistantSession(true, messages);
    expect(loadAssistantSession(9)).toEqual({ open: true, chat: { messages, pendingId: null } });
  });

  it("drops a reply cut off by the reload and offers its question for a retry; drops invalid products", () => {
    sessionStorage.setItem(
      ASSISTANT_STORAGE_KEY,
      JSON.stringify({
        open: false,
        messages: [
          {
            id: "a0",
            role: "assistant",
            content: "Earlier",
            timestamp: 1,
            products: [{ id: "bad" }, makeProduct("ok")],
          },
          { id: "u", role: "user", content: "cheaper ones?", timestamp: 2 },
          { id: "a", role: "assistant", content: "Half a rep", timestamp: 3, streaming: true },
        ],
      }),
    );
    const { chat } = loadAssistantSession(9);
    expect(chat.messages.map((m) => [m.id, m.failed ?? false])).toEqual([
      ["a0", false],
      ["u", true],
    ]);
    expect(chat.messages[0]?.products?.map((p) => p.id)).toEqual(["ok"]);
  });
});
