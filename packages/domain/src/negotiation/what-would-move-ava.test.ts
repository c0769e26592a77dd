import { describe, expect, it } from "vitest";
import { DEFAULT_SELLER_CONFIG } from "../merchant/seller-config.ts";
import { offerInDecision } from "./decide-counter-offer.ts";
import {
  type BundleCandidate,
  freshNegotiation,
  type NegotiationSnapshot,
  type OfferLever,
  type TurnLine,
} from "./negotiation-types.ts";
import { turnLine } from "./turn-test-fixtures.ts";
import { afterTurn, type ShopperTurn, takeShopperTurn } from "./negotiation-turn.ts";
import { writeBuiltInReply } from "./negotiation-voice.ts";
import { allowedFigures, statesOnlyAllowedFigures } from "./voice-figures.ts";

const now = new Date("2026-01-01T12:00:00Z");
const socks: BundleCandidate = { productId: "socks", name: "Sport Socks", price: 1500 };

const line = turnLine;

const start = (lines: TurnLine[]): NegotiationSnapshot =>
  freshNegotiation({
    lines,
    fingerprint: "cart",
    profile: { name: "Sam", tier: "NONE", ordersCount: 0, lifetimeValue: 0 },
    config: DEFAULT_SELLER_CONFIG,
  });

/** Plays the messages; answers the last turn and the negotiation before it. */
function play(state: NegotiationSnapshot, messages: string[], bundle: BundleCandidate | null = socks) {
  let before = state;
  let turn: ShopperTurn | null = null;
  messages.forEach((message, i) => {
    if (turn) before = afterTurn(before, turn, `offer-${i}`);
    turn = takeShopperTurn({ negotiation: before, message, bundleCandidate: bundle, now });
  });
  if (!turn) throw new Error("no message");
  return { turn: turn as ShopperTurn, after: afterTurn(before, turn, "offer-last") };
}

const kinds = (levers: OfferLever[] | undefined) => (levers ?? []).map((l) => l.kind);
const discountOf = (turn: ShopperTurn) => offerInDecision(turn.decision)?.discount ?? 0;
const percentOf = (turn: ShopperTurn) => offerInDecision(turn.decision)?.percent ?? 0;
const dollars = (cents: number) => (cents / 100).toFixed(2);

describe("what would move Ava", () => {
  it("tells the newcomer who asked 10% twice what moves her, offering what she offered before", () => {
    const { turn } = play(start([line(11_600)]), ["10% off?", "come on, 10%?"], null);
    // The economics are the policy's: still half a percent now.
    expect(turn.decision).toMatchObject({ kind: "offer", offer: { discount: 58 } });
    // Not a bigger cart: changing the cart starts a new negotiation, whose first offer is no more.
    expect(kinds(turn.voice.levers)).toEqual(["budget", "buy-now"]);
    const reply = writeBuiltInReply(turn.voice);
    expect(reply).toContain(
      "What would move me further: telling me your budget (the total you'd pay for everything).",
    );
    expect(reply).toContain("If you'd rather buy now, this offer holds for 30 minutes.");
    expect(statesOnlyAllowedFigures(reply, allowedFigures(turn.voice))).toBe(true);
  });

  it("names the suggested bundle with the figures she would offer for it", () => {
    const { turn } = play(start([line(11_600)]), ["10% off?"]);
    const bundle = turn.voice.levers?.find((l) => l.kind === "bundle");
    expect(bundle).toBeDefined();
    const reply = writeBuiltInReply(turn.voice);
    // Said so that the shopper's answer ("the bundle, please") is read as asking for it.
    expect(reply).toMatch(
      /asking me for the bundle: Sport Socks \(\$15\.00\) added, for [\d.]+% off the lot \(\$[\d.]+\)/,
    );
    const taken = play(start([line(11_600)]), ["10% off?", "the bundle, please"]).turn;
    expect(offerInDecision(taken.decision)).toEqual(bundle?.kind === "bundle" ? bundle.offer : null);
    expect(statesOnlyAllowedFigures(reply, allowedFigures(turn.voice))).toBe(true);
    expect(statesOnlyAllowedFigures(reply, allowedFigures({ ...turn.voice, levers: [] }))).toBe(false);
  });

  it("says nothing more when the counter is near the ask, or the ask is met", () => {
    expect(play(start([line(11_600)]), ["1% off?"]).turn.voice.levers).toBeUndefined();
    const near = play(start([line(11_600)]), ["Any discount?", "can you do better?", "10% off?"]).turn;
    expect(near.decision).toMatchObject({ kind: "offer", offer: { percent: 550 } });
    expect(near.voice.levers).toBeUndefined();
    expect(play(start([line(11_600)]), ["Hi there"]).turn.voice.levers).toBeUndefined();
  });

  it("never promises what the policy's next turn would not give", () => {
    const carts = [
      [line(11_600)],
      [line(4_000), line(2_500)],
      [line(30_000, { demandIndex: 0.9 })],
      [line(120_000)],
    ];
    const openings = [
      ["10% off?"],
      ["10% off?", "10%?"],
      ["Any discount?", "can you do better?"],
      ["40% off?", "40%?"],
    ];
    let checked = 0;
    for (const lines of carts) {
      for (const messages of openings) {
        const { turn, after } = play(start(lines), messages);
        const again = takeShopperTurn({
          negotiation: after,
          message: "can you do better?",
          bundleCandidate: socks,
          now,
        });
        for (const lever of turn.voice.levers ?? []) {
          checked += 1;
          if (lever.kind === "budget") {
            const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);
            const asked = Math.min(Math.floor(subtotal / 10), subtotal - 1);
            const budget = takeShopperTurn({
              negotiation: after,
              message: `My budget is $${dollars(subtotal - asked)} total`,
              bundleCandidate: null,
              now,
            });
            if (/40%/.test(messages[0] ?? "")) continue; // the probe used the shopper's own (bigger) ask
            expect(discountOf(budget)).toBeGreaterThan(discountOf(again));
          }
          if (lever.kind === "bigger-cart") {
            const [first, ...rest] = [...lines].sort((a, b) => a.price - b.price);
            // The cart change voids the offer; the shop's next message starts a new negotiation.
            const bigger = start([{ ...first!, quantity: first!.quantity + lever.moreUnits }, ...rest]);
            const more = takeShopperTurn({
              negotiation: bigger,
              message: "can you do better?",
              bundleCandidate: null,
              now,
            });
            expect(percentOf(more)).toBeGreaterThan(percentOf(again));
          }
          if (lever.kind === "bundle") {
            const asked = takeShopperTurn({
              negotiation: after,
              message: "Is there a bundle deal?",
              bundleCandidate: socks,
              now,
            });
            expect(offerInDecision(asked.decision)).toEqual(lever.offer);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
