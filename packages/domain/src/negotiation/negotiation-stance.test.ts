import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_SELLER_CONFIG, type SellerConfig } from "../merchant/seller-config.ts";
import { mergeSellerConfig } from "../merchant/merge-seller-config.ts";
import { commitmentOf, decideCounterOffer, offerInDecision } from "./decide-counter-offer.ts";
import { limitsFor } from "./negotiation-limits.ts";
import {
  boulwarePercent,
  NEGOTIATION_STANCES,
  type NegotiationStance,
  STANCE_CURVES,
  stanceOf,
} from "./negotiation-stance.ts";
import type { NegotiationState, PolicyLine, ShopperIntent } from "./negotiation-types.ts";

const line = (price: number, quantity = 1, demandIndex = 0.5): PolicyLine => ({
  cartItemId: `item-${price}-${quantity}`,
  productId: `product-${price}`,
  name: `Thing ${price}`,
  price,
  listPrice: price,
  quantity,
  stockLevel: 100,
  demandIndex,
});
const fresh: NegotiationState = { round: 0, step: 0, standing: null, bundleProposed: false, approval: null };
const profile = { name: "Sam", tier: "NONE" as const, ordersCount: 0, lifetimeValue: 0 };
const withStance = (stance: NegotiationStance): SellerConfig => ({
  ...DEFAULT_SELLER_CONFIG,
  negotiation_limits: { ...DEFAULT_SELLER_CONFIG.negotiation_limits, stance },
});
const percentAsk = (percent: number): ShopperIntent => ({
  type: "ask",
  ask: { kind: "percent", percent: percent * 100 },
});

function decide(lines: PolicyLine[], intent: ShopperIntent, config: SellerConfig, state = fresh) {
  return decideCounterOffer({ lines, profile, config, state, intent, bundleCandidate: null });
}

describe("the stance setting", () => {
  it("defaults to balanced, and reads an unknown or missing stance as balanced", () => {
    expect(DEFAULT_SELLER_CONFIG.negotiation_limits.stance).toBe("balanced");
    expect(stanceOf(undefined)).toBe("balanced");
    expect(stanceOf("reckless")).toBe("balanced");
    expect(stanceOf("protect-margin")).toBe("protect-margin");
    const old = mergeSellerConfig([
      { configType: "negotiation_limits", configData: { max_auto_discount_pct: 12 } },
    ]);
    expect(old.negotiation_limits).toMatchObject({ max_auto_discount_pct: 12, stance: "balanced" });
    const saved = mergeSellerConfig([
      { configType: "negotiation_limits", configData: { stance: "maximise-conversion" } },
    ]);
    expect(saved.negotiation_limits.stance).toBe("maximise-conversion");
    expect(limitsFor(saved, "NONE").curve).toBe(STANCE_CURVES["maximise-conversion"]);
  });
});

describe("the Boulware curve", () => {
  it("rises with each concession, reaches the reserve at the stance's deadline, never passes it", () => {
    for (const stance of NEGOTIATION_STANCES) {
      const curve = STANCE_CURVES[stance];
      let last = 0;
      for (let step = 1; step <= curve.deadline + 3; step++) {
        const level = boulwarePercent(1500, step, curve);
        expect(level).toBeGreaterThanOrEqual(last);
        expect(level).toBeLessThanOrEqual(1500);
        last = level;
      }
      expect(boulwarePercent(1500, curve.deadline, curve)).toBe(1500);
    }
  });

  it("concedes more slowly when protecting margin than when maximising conversion", () => {
    for (const step of [1, 2, 3]) {
      expect(boulwarePercent(1500, step, STANCE_CURVES["protect-margin"])).toBeLessThanOrEqual(
        boulwarePercent(1500, step, STANCE_CURVES.balanced),
      );
      expect(boulwarePercent(1500, step, STANCE_CURVES.balanced)).toBeLessThanOrEqual(
        boulwarePercent(1500, step, STANCE_CURVES["maximise-conversion"]),
      );
    }
    expect(boulwarePercent(1500, 2, STANCE_CURVES["protect-margin"])).toBeLessThan(
      boulwarePercent(1500, 2, STANCE_CURVES["maximise-conversion"]),
    );
  });
});

describe("the first concession", () => {
  it("answers a bare '10% off?' with a small counter, not a large share of the cap", () => {
    for (const stance of NEGOTIATION_STANCES) {
      const { decision } = decide([line(20_000)], percentAsk(10), withStance(stance));
      expect(decision.kind, stance).toBe("offer");
      const offer = offerInDecision(decision)!;
      expect(offer.percent, stance).toBeLessThanOrEqual(STANCE_CURVES[stance].firstConcession);
      expect(offer.discount).toBeGreaterThan(0);
    }
    // Balanced: at most 1.5% of a $200 cart on the first turn (the old geometric schedule gave 5%).
    const balanced = offerInDecision(
      decide([line(20_000)], percentAsk(10), withStance("balanced")).decision,
    )!;
    expect(balanced.discount).toBeLessThanOrEqual(300);
  });

  it("opens small on a request without a number too", () => {
    const { decision } = decide([line(20_000)], { type: "discount-request" }, DEFAULT_SELLER_CONFIG);
    expect(offerInDecision(decision)!.percent).toBeLessThanOrEqual(150);
  });
});

describe("commitment signals", () => {
  const limits = limitsFor(DEFAULT_SELLER_CONFIG, "NONE");
  const small = [line(20_000)];

  it("counts a stated budget, a bigger cart and persistence, not a bare percent or a push", () => {
    expect(commitmentOf({ type: "ask", ask: { kind: "total", total: 18_000 } }, small, 0, limits)).toBe(true);
    expect(commitmentOf({ type: "ask", ask: { kind: "amount", amount: 2_000 } }, small, 0, limits)).toBe(
      true,
    );
    expect(commitmentOf(percentAsk(10), small, 0, limits)).toBe(false);
    expect(commitmentOf({ type: "push" }, small, 0, limits)).toBe(false);
    expect(commitmentOf({ type: "push" }, [line(5_000, 3)], 0, limits)).toBe(true);
    expect(commitmentOf({ type: "push" }, [line(5_000), line(6_000)], 0, limits)).toBe(false);
    expect(commitmentOf({ type: "push" }, small, limits.curve.persistenceRounds, limits)).toBe(true);
  });

  it("a stated budget earns back the room a hot cart held back: the budget is met where a percent is not", () => {
    // A hot product: demand holds the uncommitted reserve at 9% of $200; the cap is 15%. Two
    // rounds at most, so the second is the last (before persistence would count as commitment).
    const hot = [line(20_000, 1, 1)];
    const config: SellerConfig = {
      ...DEFAULT_SELLER_CONFIG,
      global_rules: { ...DEFAULT_SELLER_CONFIG.global_rules, max_rounds: 2 },
    };
    const lastRound: NegotiationState = { ...fresh, round: 1, step: 1 };
    const budget = decide(hot, { type: "ask", ask: { kind: "total", total: 17_400 } }, config, lastRound);
    expect(budget.decision.kind).toBe("accept-ask");
    expect(offerInDecision(budget.decision)!.discount).toBe(2_600);
    const percent = decide(hot, percentAsk(13), config, lastRound);
    expect(offerInDecision(percent.decision)!.discount).toBe(1_800);
  });

  it("a bigger cart earns a better offer for the same pushes", () => {
    const pushes = (lines: PolicyLine[]) => {
      let state = fresh;
      let discount = 0;
      for (let i = 0; i < 3; i++) {
        const { decision, next } = decide(lines, { type: "push" }, DEFAULT_SELLER_CONFIG, state);
        const offer = offerInDecision(decision);
        state = { ...state, ...next, standing: offer ?? state.standing };
        discount = offer?.percent ?? 0;
      }
      return discount;
    };
    expect(pushes([line(5_000, 1, 0.9), line(5_000, 1, 0.9), line(5_000, 1, 0.9)])).toBeGreaterThan(
      pushes([line(7_500, 1, 0.9), line(7_500, 1, 0.9)]),
    );
  });

  it("never takes back a committed offer when the shopper stops repeating the budget", () => {
    const hot = [line(20_000, 1, 1)];
    const first = decide(hot, { type: "ask", ask: { kind: "total", total: 17_400 } }, DEFAULT_SELLER_CONFIG, {
      ...fresh,
      round: 7,
      step: 2,
    });
    expect(first.decision.kind).toBe("accept-ask");
    const standing = offerInDecision(first.decision)!;
    const after = decide(hot, { type: "push" }, DEFAULT_SELLER_CONFIG, {
      ...fresh,
      ...first.next,
      round: 1,
      standing,
    });
    expect(offerInDecision(after.decision)!.discount).toBeGreaterThanOrEqual(standing.discount);
  });
});

describe("the late steps", () => {
  const playPushes = (lines: PolicyLine[], stance: NegotiationStance, pushes: number) => {
    let state = fresh;
    const percents: number[] = [];
    for (let i = 0; i < pushes; i++) {
      const { decision, next } = decide(lines, { type: "push" }, withStance(stance), state);
      const offer = offerInDecision(decision);
      state = { ...state, ...next, standing: offer ?? state.standing };
      percents.push((offer?.percent ?? 0) / 100);
    }
    return percents;
  };

  it("climbs in steps under balanced when the shopper only pushes: no leap to the cap", () => {
    // Before the smoothing: 0.5 → 1 → 4 → 15 (the cap) on the fourth push.
    expect(playPushes([line(10_000, 1, 0)], "balanced", 6)).toEqual([0.5, 0.5, 5.5, 10.5, 15, 15]);
  });

  it("marks a counter that stays at the standing offer as held (the voice must not say it moved), and only that one", () => {
    const lines = [line(10_000, 1, 0)];
    let state = fresh;
    const held: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      const { decision, next } = decide(lines, { type: "push" }, withStance("balanced"), state);
      held.push(decision.kind === "offer" && decision.held === true);
      state = { ...state, ...next, standing: offerInDecision(decision) ?? state.standing };
    }
    // 0.5 → 0.5 (held) → 5.5 → 10.5
    expect(held).toEqual([false, true, false, false]);
  });

  it("never adds more than the stance's share of the cap in one concession without a real commitment signal", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NEGOTIATION_STANCES),
        fc.integer({ min: 1_000, max: 200_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(
          fc.oneof(
            fc.constant<ShopperIntent>({ type: "push" }),
            fc.constant<ShopperIntent>({ type: "discount-request" }),
            fc.integer({ min: 1, max: 40 }).map(percentAsk),
          ),
          { minLength: 1, maxLength: 7 },
        ),
        (stance, price, demand, intents) => {
          const lines = [line(price, 1, demand)];
          const limits = limitsFor(withStance(stance), "NONE");
          const cap = Math.min(Math.floor((price * limits.autoPercent) / 10_000), limits.autoAmount);
          const share = STANCE_CURVES[stance].maxStepShare;
          let state = fresh;
          let before = 0;
          for (const intent of intents) {
            const { decision, next } = decide(lines, intent, withStance(stance), state);
            const offer = offerInDecision(decision);
            const now = offer?.source === "policy" && offer.newItems.length === 0 ? offer.discount : before;
            // One half-percent step of rounding on the share (offers are whole half-percents).
            expect(now - before).toBeLessThanOrEqual(Math.ceil(cap * share) + Math.ceil(price / 200));
            before = Math.max(before, now);
            state = { ...state, ...next, standing: offer ?? state.standing };
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("lets a stated budget take a larger step than a percent ask (a real commitment signal)", () => {
    const lines = [line(10_000, 1, 0)];
    let state: NegotiationState = fresh;
    for (let i = 0; i < 3; i++) {
      const { decision, next } = decide(lines, { type: "push" }, DEFAULT_SELLER_CONFIG, state);
      state = { ...state, ...next, standing: offerInDecision(decision) };
    }
    expect(state.standing!.discount).toBe(550);
    const budget = decide(
      lines,
      { type: "ask", ask: { kind: "total", total: 8_700 } },
      DEFAULT_SELLER_CONFIG,
      state,
    );
    expect(budget.decision.kind).toBe("accept-ask");
    expect(offerInDecision(budget.decision)!.discount).toBe(1_300);
    const percent = decide(lines, percentAsk(13), DEFAULT_SELLER_CONFIG, state);
    expect(percent.decision.kind).toBe("offer");
    expect(offerInDecision(percent.decision)!.discount).toBe(1_050);
  });
});
