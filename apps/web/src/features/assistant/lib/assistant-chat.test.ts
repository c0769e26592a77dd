import { ProductSchema } from "@haggle/contract/products";
import { describe, expect, it } from "vitest";
import { makeProduct } from "@/test/make-product";
import {
  type AssistantChatState,
  applyStreamEvent,
  assistantChatReducer,
  GREETING,
  initialChatState,
  isEmptyReply,
  onlyGreeting,
  productsOfEvent,
} from "./assistant-chat";

const user = (id: string, content: string) => ({ id, role: "user" as const, content, timestamp: 1 });

function sent(text = "Gifts under $100"): AssistantChatState {
  return assistantChatReducer(initialChatState(0), {
    type: "send",
    user: user("u1", text),
    replyId: "r1",
    now: 2,
  });
}

describe("the assistant chat reducer", () => {
  it("starts with the greeting only", () => {
    const state = initialChatState(0);
    expect(state.messages.map((m) => m.content)).toEqual([GREETING]);
    expect(onlyGreeting(state.messages)).toBe(true);
    expect(state.pendingId).toBeNull();
  });

  it("sending adds the user's message and an empty streaming reply, and waits for it", () => {
    const state = sent();
    expect(state.messages.map((m) => [m.role, m.content, m.streaming ?? false])).toEqual([
      ["assistant", GREETING, false],
      ["user", "Gifts under $100", false],
      ["assistant", "", true],
    ]);
    expect(state.pendingId).toBe("r1");
    expect(onlyGreeting(state.messages)).toBe(false);
  });

  it("ignores a second message while a reply is pending", () => {
    const state = sent();
    const again = assistantChatReducer(state, {
      type: "send",
      user: user("u2", "more"),
      replyId: "r2",
      now: 3,
    });
    expect(again).toBe(state);
  });

  it("appends text deltas to the reply in order", () => {
    let state = sent();
    for (const text of ["Here ", "are ", "6 products."]) {
      state = assistantChatReducer(state, { type: "stream", replyId: "r1", event: { kind: "delta", text } });
    }
    expect(state.messages.at(-1)?.content).toBe("Here are 6 products.");
    expect(state.messages.at(1)?.content).toBe("Gifts under $100");
  });

  it("attaches the products of a tool_result to the reply and drops invalid ones", () => {
    const good = makeProduct("p1", { price: 49.99 });
    const alsoGood = makeProduct("p2");
    const state = assistantChatReducer(sent(), {
      type: "stream",
      replyId: "r1",
      event: {
        kind: "event",
        data: {
          type: "tool_result",
          products: [
            good,
            { id: "broken", name: "No price" },
            null,
            "text",
            { ...alsoGood, price: "12" },
            alsoGood,
          ],
        },
      },
    });
    expect(state.messages.at(-1)?.products?.map((p) => p.id)).toEqual(["p1", "p2"]);
    expect(state.messages.at(-1)?.products?.[0]).toEqual(ProductSchema.parse(good));
  });

  it("merges several tool_results into one carousel without duplicates, and ignores other events", () => {
    const reply = { id: "r", role: "assistant" as const, content: "", timestamp: 0 };
    const a = applyStreamEvent(reply, {
      kind: "event",
      data: { type: "tool_result", products: [makeProduct("p1"), makeProduct("p2")] },
    });
    const b = applyStreamEvent(a, {
      kind: "event",
      data: { type: "tool_result", products: [makeProduct("p2"), makeProduct("p3")] },
    });
    expect(b.products?.map((p) => p.id)).toEqual(["p1", "p2", "p3"]);
    expect(applyStreamEvent(b, { kind: "event", data: { type: "progress" } })).toBe(b);
    expect(productsOfEvent({ type: "tool_result", products: "nope" })).toBeNull();
  });

  it("done ends the wait and keeps the reply", () => {
    let state = assistantChatReducer(sent(), {
      type: "stream",
      replyId: "r1",
      event: { kind: "delta", text: "Hi" },
    });
    state = assistantChatReducer(state, { type: "done", replyId: "r1" });
    expect(state.pendingId).toBeNull();
    expect(state.messages.at(-1)).toMatchObject({ content: "Hi" });
    expect(state.messages.at(-1)?.streaming).toBeUndefined();
  });

  it("a failure removes the reply and marks the question for a retry, which opens a new reply", () => {
    let state = assistantChatReducer(sent(), {
      type: "stream",
      replyId: "r1",
      event: { kind: "delta", text: "Par" },
    });
    state = assistantChatReducer(state, { type: "fail", replyId: "r1" });
    expect(state.pendingId).toBeNull();
    expect(state.messages.map((m) => [m.role, m.content, m.failed ?? false])).toEqual([
      ["assistant", GREETING, false],
      ["user", "Gifts under $100", true],
    ]);

    state = assistantChatReducer(state, { type: "send", replyId: "r2", now: 5 });
    expect(state.pendingId).toBe("r2");
    expect(state.messages.map((m) => [m.role, m.content, m.failed ?? false])).toEqual([
      ["assistant", GREETING, false],
      ["user", "Gifts under $100", false],
      ["assistant", "", false],
    ]);
  });

  it("a retry without a failed question does nothing; a new message clears an old failure", () => {
    const fresh = initialChatState(0);
    expect(assistantChatReducer(fresh, { type: "send", replyId: "r", now: 1 })).toBe(fresh);

    const failed = assistantChatReducer(sent(), { type: "fail", replyId: "r1" });
    const next = assistantChatReducer(failed, {
      type: "send",
      user: user("u2", "shoes"),
      replyId: "r2",
      now: 3,
    });
    expect(next.messages.some((m) => m.failed)).toBe(false);
    expect(next.messages.map((m) => m.content)).toEqual([GREETING, "Gifts under $100", "shoes", ""]);
  });

  it("reset returns to the greeting, but not while a reply is arriving", () => {
    const pending = sent();
    expect(assistantChatReducer(pending, { type: "reset", now: 9 })).toBe(pending);
    const done = assistantChatReducer(pending, { type: "done", replyId: "r1" });
    expect(onlyGreeting(assistantChatReducer(done, { type: "reset", now: 9 }).messages)).toBe(true);
  });

  it("a reply with neither words nor products is empty", () => {
    const reply = { id: "r", role: "assistant" as const, content: "  ", timestamp: 0 };
    expect(isEmptyReply(reply)).toBe(true);
    expect(isEmptyReply({ ...reply, products: [makeProduct("p")] })).toBe(false);
    expect(isEmptyReply({ ...reply, content: "Hi" })).toBe(false);
  });
});
