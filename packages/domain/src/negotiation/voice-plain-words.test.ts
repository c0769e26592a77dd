import { describe, expect, it } from "vitest";
import { DEFAULT_SELLER_CONFIG } from "../merchant/seller-config.ts";
import type { LoyaltyTier } from "./loyalty-tiers.ts";
import {
  type BundleCandidate,
  freshNegotiation,
  type NegotiationSnapshot,
  type TurnLine,
} from "./negotiation-types.ts";
import { turnLine } from "./turn-test-fixtures.ts";
import { afterTurn, takeShopperTurn } from "./negotiation-turn.ts";
import { writeBuiltInReply } from "./negotiation-voice.ts";
import { parseShopperMessage } from "./parse-shopper-message.ts";

/** Ava's language in a whole conversation. */

const now = new Date("2026-01-01T12:00:00Z");

/** Low demand: the lines Ava has most room on. */
const line = (price: number, extra: Partial<TurnLine> = {}): TurnLine =>
  turnLine(price, { demandIndex: 0.2, ...extra });

function snapshot(lines: TurnLine[], tier: LoyaltyTier = "NONE"): NegotiationSnapshot {
  return freshNegotiation({
    lines,
    fingerprint: "cart-a",
    profile: { name: "Sam", tier, ordersCount: tier === "NONE" ? 0 : 3, lifetimeValue: 0 },
    config: DEFAULT_SELLER_CONFIG,
  });
}

/** Plays the messages in order; returns each reply and the last turn. */
function play(
  negotiation: NegotiationSnapshot,
  messages: string[],
  candidate: BundleCandidate | null = null,
) {
  let state = negotiation;
  const replies: string[] = [];
  let last: ReturnType<typeof takeShopperTurn> | null = null;
  messages.forEach((message, i) => {
    last = takeShopperTurn({ negotiation: state, message, bundleCandidate: candidate, now });
    replies.push(writeBuiltInReply(last.voice));
    state = afterTurn(state, last, `offer-${i}`);
  });
  return { replies, last: last as unknown as ReturnType<typeof takeShopperTurn> };
}

const context = { subtotal: 10_000, lines: [] };

describe("Ava understands", () => {
  it("'is that your best?' as a push for a better price", () => {
    for (const text of [
      "is that your best?",
      "Is this really your best?",
      "that's your best?",
      "is that the best you've got?",
    ]) {
      expect(parseShopperMessage(text, context)).toEqual({ type: "push" });
    }
    const { replies, last } = play(snapshot([line(20_000)]), ["discount please", "is that your best?"]);
    expect(last.decision).toMatchObject({ kind: "offer", stage: "counter" });
    expect(replies[1]).not.toMatch(/not sure I followed/);
  });
});

describe("a bundle deal", () => {
  const kettle: BundleCandidate = { productId: "kettle", name: "Brewhaus Gooseneck Kettle", price: 4_999 };

  it("'any bundle deal?' names the cross-sell and puts it in an offer the accept button adds", () => {
    for (const messages of [["any bundle deal?"], ["discount please", "any bundle deal?"]]) {
      const { replies, last } = play(snapshot([line(30_000)]), messages, kettle);
      expect(last.decision).toMatchObject({ kind: "offer", stage: "bundle" });
      expect(last.offer).toMatchObject({
        kind: "issue",
        terms: { newItems: [{ productId: "kettle", quantity: 1 }] },
      });
      expect(replies.at(-1)).toContain("Brewhaus Gooseneck Kettle");
    }
  });

  it("asked again, names what the standing offer already bundles", () => {
    const { replies } = play(snapshot([line(30_000)]), ["any bundle deal?", "any other bundle?"], kettle);
    expect(replies[1]).toContain("Brewhaus Gooseneck Kettle");
  });
});

describe("the reasons Ava gives", () => {
  const hot = (price: number, name: string) => line(price, { name, cartItemId: name, demandIndex: 0.95 });

  it("never says 'that item' about a cart of two items", () => {
    const { replies } = play(snapshot([hot(20_000, "Hot Speaker"), hot(15_000, "Hot Lamp")]), [
      "discount please",
    ]);
    expect(replies[0]).toMatch(/high demand/);
    expect(replies[0]).not.toMatch(/that item/i);
  });

  it("gives the same stock or demand reason once, not every turn", () => {
    const scarce = line(20_000, { stockLevel: 3, name: "Rare Lamp" });
    const { replies } = play(snapshot([scarce]), ["discount please", "more", "more", "more"]);
    const stock = replies.filter((r) => /stock is running low/i.test(r));
    expect(stock).toHaveLength(1);
    const demand = play(snapshot([hot(20_000, "Hot Speaker")]), ["discount please", "more", "more"]).replies;
    expect(demand.filter((r) => /high demand/i.test(r))).toHaveLength(1);
  });

  it("says the loyalty benefit plainly, as percent off, not points", () => {
    const { replies } = play(snapshot([line(20_000)], "BRONZE"), [
      "discount please",
      "what do I get as a member?",
    ]);
    for (const reply of replies) {
      expect(reply).not.toMatch(/\bpoints?\b|built in/);
    }
    expect(replies[0]).toMatch(/Bronze member.*extra 1% off/);
    expect(replies[1]).toMatch(/extra 1% off/);
  });
});
