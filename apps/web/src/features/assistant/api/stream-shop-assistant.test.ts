import { MAX_MESSAGE_LENGTH } from "@haggle/contract/negotiation";
import { describe, expect, it } from "vitest";
import { greetingMessage } from "../lib/assistant-chat";
import { toRequestMessages } from "./stream-shop-assistant";

describe("the conversation sent to the shop assistant", () => {
  it("leaves out the greeting and empty replies, and keeps each message within the server's limit", () => {
    const long = "x".repeat(MAX_MESSAGE_LENGTH + 50);
    expect(
      toRequestMessages([
        greetingMessage(0),
        { id: "u1", role: "user", content: "Gifts under $100", timestamp: 1 },
        { id: "a1", role: "assistant", content: long, timestamp: 2, products: [] },
        { id: "u2", role: "user", content: "cheaper ones?", timestamp: 3 },
        { id: "a2", role: "assistant", content: "", timestamp: 4, streaming: true },
      ]),
    ).toEqual([
      { role: "user", content: "Gifts under $100" },
      { role: "assistant", content: "x".repeat(MAX_MESSAGE_LENGTH) },
      { role: "user", content: "cheaper ones?" },
    ]);
  });

  it("sends only the latest turns of a long conversation", () => {
    const many = Array.from({ length: 49 }, (_, i) => ({
      id: String(i),
      role: i % 2 === 0 ? ("user" as const) : ("assistant" as const),
      content: `m${i}`,
      timestamp: i,
    }));
    const sent = toRequestMessages(many);
    expect(sent).toHaveLength(20);
    expect(sent.at(-1)).toEqual({ role: "user", content: "m48" });
  });
});
