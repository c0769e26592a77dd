import { type NegotiationResult, negotiationDataBlock } from "@haggle/contract/negotiation";
import { describe, expect, it } from "vitest";
import {
  displayText,
  hasStandingOffer,
  initialNegotiationChat,
  isNegotiationApplied,
  latestNegotiationResult,
  type NegotiationChatMessage,
  type NegotiationChatState,
  negotiationChatReducer,
  replyAnnouncement,
  showsAcceptOffer,
  toWireMessages,
} from "./negotiation-chat";

const RESULT: NegotiationResult = {
  negotiation_complete: true,
  item_adjustments: [{ cart_item_id: "item-1", new_price: 90 }],
  total_discount_percent: 10,
  total_discount_amount: 10,
  new_items: [],
};
const BLOCK = negotiationDataBlock(RESULT);

const user = (id: number, content: string): NegotiationChatMessage => ({
  id: `message-${id}`,
  role: "user",
  content,
});
const ava = (id: number, content: string, streaming = false): NegotiationChatMessage => ({
  id: `message-${id}`,
  role: "assistant",
  content,
  ...(streaming ? { streaming } : {}),
});

function run(...actions: Parameters<typeof negotiationChatReducer>[1][]): NegotiationChatState {
  return actions.reduce(negotiationChatReducer, initialNegotiationChat);
}

describe("stripping the hidden result block while a reply streams in", () => {
  const full = `I can take 10% off.${BLOCK}`;

  it("never shows any part of the block, however the text is cut", () => {
    for (let end = 0; end <= full.length; end++) {
      const shown = displayText({ content: full.slice(0, end) });
      expect(shown).not.toContain("<");
      expect(shown).not.toContain("NEGOTIATION");
      expect(shown).not.toContain("{");
      expect("I can take 10% off.".startsWith(shown)).toBe(true);
    }
  });

  it("shows the words of a reply that streams in piece by piece in the last bubble", () => {
    let state = run({ type: "send", text: "Can I get a discount?" });
    for (const piece of ["I can ", "take 10% ", "off.", "\n<NEGOTIATION", '_DATA>{"negotiation_comp']) {
      state = negotiationChatReducer(state, { type: "delta", text: piece });
    }
    const last = state.messages.at(-1);
    expect(last?.streaming).toBe(true);
    expect(displayText(last ?? { content: "" })).toBe("I can take 10% off.");
  });

  it("reads the result only once the reply is finished", () => {
    const streaming = run({ type: "send", text: "Deal?" }, { type: "delta", text: `Done.${BLOCK}` });
    expect(latestNegotiationResult(streaming.messages)).toBeNull();
    const done = negotiationChatReducer(streaming, { type: "done" });
    expect(latestNegotiationResult(done.messages)).toEqual(RESULT);
    expect(displayText(done.messages[1] ?? { content: "" })).toBe("Done.");
  });
});

describe("the conversation reducer", () => {
  it("adds the shopper's message and an empty streaming reply, and takes nothing else while pending", () => {
    const state = run({ type: "send", text: "Hi" }, { type: "send", text: "Again" });
    expect(state.messages).toEqual([user(0, "Hi"), ava(1, "", true)]);
    expect(state.pendingId).toBe("message-1");
  });

  it("ignores a blank message", () => {
    expect(run({ type: "send", text: "  \n " })).toEqual(initialNegotiationChat);
  });

  it("ends the reply on done", () => {
    const state = run({ type: "send", text: "Hi" }, { type: "delta", text: "Hello" }, { type: "done" });
    expect(state.pendingId).toBeNull();
    expect(state.messages[1]).toEqual({
      id: "message-1",
      role: "assistant",
      content: "Hello",
      streaming: false,
    });
  });

  it("removes the failed reply and the unanswered message", () => {
    const state = run(
      { type: "send", text: "One" },
      { type: "delta", text: "Reply" },
      { type: "done" },
      { type: "send", text: "Two" },
      { type: "delta", text: "Par" },
      { type: "fail" },
    );
    expect(state.messages.map((m) => m.content)).toEqual(["One", "Reply"]);
    expect(state.pendingId).toBeNull();
  });

  it("adopts the server's stored conversation, but never while a reply streams in", () => {
    const stored = [
      { role: "user" as const, content: "20% off?" },
      { role: "assistant" as const, content: "Let me check with my manager." },
      { role: "assistant" as const, content: `Approved!${BLOCK}` },
    ];
    const pending = run({ type: "send", text: "Hi" }, { type: "sync", messages: stored });
    expect(pending.messages).toHaveLength(2);
    const synced = run({ type: "sync", messages: stored });
    expect(synced.messages.map((m) => m.id)).toEqual(["message-0", "message-1", "message-2"]);
    expect(latestNegotiationResult(synced.messages)).toEqual(RESULT);
  });
});

describe("the accept button", () => {
  const messages = [user(0, "Discount?"), ava(1, `Sure, 10% off.${BLOCK}`)];

  it("shows once a result exists and there are messages", () => {
    expect(
      showsAcceptOffer({
        messages,
        result: latestNegotiationResult(messages),
        standingOffer: false,
        applied: false,
      }),
    ).toBe(true);
  });

  it("shows for a standing offer on the negotiation even without a result in the chat", () => {
    const plain = [user(0, "Discount?"), ava(1, "Let me check with my manager.")];
    expect(showsAcceptOffer({ messages: plain, result: null, standingOffer: true, applied: false })).toBe(
      true,
    );
  });

  it("hides without a result or a standing offer", () => {
    const plain = [user(0, "Hello"), ava(1, "How can I help?")];
    expect(
      showsAcceptOffer({
        messages: plain,
        result: latestNegotiationResult(plain),
        standingOffer: false,
        applied: false,
      }),
    ).toBe(false);
  });

  it("hides when there are no messages", () => {
    expect(showsAcceptOffer({ messages: [], result: RESULT, standingOffer: true, applied: false })).toBe(
      false,
    );
  });

  it("hides once an offer has been applied", () => {
    expect(showsAcceptOffer({ messages, result: RESULT, standingOffer: true, applied: true })).toBe(false);
  });

  it("hides for a result that says the negotiation is not complete", () => {
    const open = [
      user(0, "Hi"),
      ava(1, `Hmm.${negotiationDataBlock({ ...RESULT, negotiation_complete: false })}`),
    ];
    expect(latestNegotiationResult(open)).toBeNull();
    expect(
      showsAcceptOffer({
        messages: open,
        result: latestNegotiationResult(open),
        standingOffer: false,
        applied: false,
      }),
    ).toBe(false);
  });

  it("follows the latest reply: an older result does not count once a reply without one came", () => {
    const later = [...messages, user(2, "Never mind"), ava(3, "No problem.")];
    expect(latestNegotiationResult(later)).toBeNull();
  });

  it("reads the standing offer and the applied state from the negotiation", () => {
    const offer = {
      id: "offer-1",
      discountPercent: 10,
      discountAmount: 10,
      itemAdjustments: [],
      newItems: [],
      expiresAt: "2030-01-01T00:00:00Z",
      status: "standing",
    };
    const negotiation = { id: "n", status: "active" as const, messages: [], offer, approval: null };
    expect(hasStandingOffer(negotiation)).toBe(true);
    expect(hasStandingOffer({ ...negotiation, offer: { ...offer, status: "agreed" } })).toBe(true);
    expect(hasStandingOffer({ ...negotiation, offer: null })).toBe(false);
    expect(hasStandingOffer(undefined)).toBe(false);
    const done = { ...negotiation, status: "completed" as const, offer: { ...offer, status: "applied" } };
    expect(hasStandingOffer(done)).toBe(false);
    expect(isNegotiationApplied(done)).toBe(true);
    expect(isNegotiationApplied(negotiation)).toBe(false);
  });
});

describe("the request's messages", () => {
  it("sends the whole conversation as shown, the new message last", () => {
    const wire = toWireMessages([user(0, "Discount?"), ava(1, `10% off.${BLOCK}`)], "Better?");
    expect(wire).toEqual([
      { role: "user", content: "Discount?" },
      { role: "assistant", content: "10% off." },
      { role: "user", content: "Better?" },
    ]);
  });
});

describe("the screen-reader announcement", () => {
  it("says Ava's finished reply, without the block, and nothing while it streams", () => {
    const messages = [user(0, "Hi"), ava(1, `10% off.${BLOCK}`)];
    expect(replyAnnouncement(messages, false)).toBe("Ava: 10% off.");
    expect(replyAnnouncement(messages, true)).toBe("");
    expect(replyAnnouncement([user(0, "Hi")], false)).toBe("");
  });
});
