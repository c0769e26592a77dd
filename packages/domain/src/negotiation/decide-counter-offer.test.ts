import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideCounterOffer, offerInDecision, requestedDiscount } from "./decide-counter-offer.ts";
import {
  automaticCap,
  escalationCeiling,
  limitsFor,
  scheduledPercent,
  subtotalOf,
} from "./negotiation-limits.ts";
import type { LoyaltyTier } from "./loyalty-tiers.ts";
import { NEGOTIATION_STANCES, STANCE_CURVES } from "./negotiation-stance.ts";
import type {
  BundleCandidate,
  Decision,
  NegotiationState,
  PolicyInput,
  PolicyLine,
  ShopperIntent,
} from "./negotiation-types.ts";
import { DEFAULT_SELLER_CONFIG, type SellerConfig } from "../merchant/seller-config.ts";

const line = (price: number, quantity = 1, extra: Partial<PolicyLine> = {}): PolicyLine => ({
  cartItemId: `item-${price}-${quantity}`,
  productId: `product-${price}`,
  name: `Thing ${price}`,
  price,
  listPrice: price,
  quantity,
  stockLevel: 100,
  demandIndex: 0.5,
  ...extra,
});
const fresh: NegotiationState = { round: 0, step: 0, standing: null, bundleProposed: false, approval: null };
const profile = (tier: LoyaltyTier = "NONE") => ({ name: "Sam", tier, ordersCount: 0, lifetimeValue: 0 });

function input(
  lines: PolicyLine[],
  intent: ShopperIntent,
  state: NegotiationState = fresh,
  extra: Partial<PolicyInput> = {},
): PolicyInput {
  return {
    lines,
    profile: profile(),
    config: DEFAULT_SELLER_CONFIG,
    state,
    intent,
    bundleCandidate: null,
    ...extra,
  };
}

const offerOf = offerInDecision;

/** Plays a conversation through the policy, carrying the state as the server does. */
function play(lines: PolicyLine[], intents: ShopperIntent[], extra: Partial<PolicyInput> = {}) {
  let state = fresh;
  const decisions: Decision[] = [];
  for (const intent of intents) {
    const { decision, next } = decideCounterOffer(input(lines, intent, state, extra));
    decisions.push(decision);
    const offer =
      decision.kind === "offer" || decision.kind === "accept-ask"
        ? decision.offer
        : decision.kind === "decline"
          ? decision.counter
          : state.standing;
    state = {
      ...state,
      ...next,
      standing: offer ?? state.standing,
      approval: decision.kind === "escalate" ? { status: "pending", ...decision.requested } : state.approval,
    };
  }
  return { decisions, state };
}

const push: ShopperIntent = { type: "push" };
const ask = (percent: number): ShopperIntent => ({
  type: "ask",
  ask: { kind: "percent", percent: percent * 100 },
});

describe("limits", () => {
  it("reads the merchant configuration in cents and basis points", () => {
    expect(limitsFor(DEFAULT_SELLER_CONFIG, "GOLD")).toEqual({
      autoPercent: 1500,
      autoAmount: 15_000,
      bundleBonus: 500,
      tierPoints: 300,
      ceilingPercent: 2500,
      ceilingAmount: 40_000,
      maxRounds: 8,
      stance: "balanced",
      curve: STANCE_CURVES.balanced,
    });
  });
  it("caps by percent AND amount", () => {
    const limits = limitsFor(DEFAULT_SELLER_CONFIG, "NONE");
    expect(automaticCap(50_000, limits, false)).toBe(7_500);
    expect(automaticCap(200_000, limits, false)).toBe(15_000);
    expect(automaticCap(50_000, limits, true)).toBe(10_000);
    expect(escalationCeiling(50_000, limits)).toBe(12_500);
    expect(escalationCeiling(500_000, limits)).toBe(40_000);
  });
  it("concedes less each step, and never past the reserve", () => {
    const limits = limitsFor(DEFAULT_SELLER_CONFIG, "NONE");
    const levels = [1, 2, 3, 4, 5, 6].map((n) => scheduledPercent(1000, n, limits));
    for (let i = 1; i < levels.length; i++) {
      expect(levels[i]!).toBeGreaterThanOrEqual(levels[i - 1]!);
      expect(levels[i]!).toBeLessThanOrEqual(1000);
    }
    // Boulware: little at first, most near the deadline (4 concessions when balanced).
    const gains = levels.map((l, i) => l - (i === 0 ? 0 : levels[i - 1]!));
    expect(gains[0]!).toBeLessThan(gains[2]!);
    expect(gains[1]!).toBeLessThan(gains[3]!);
    expect(levels[3]).toBe(1000);
  });
  it("reads asks as a discount on the current subtotal", () => {
    const lines = [line(10_000, 2), line(5_000)];
    const s = subtotalOf(lines);
    expect(requestedDiscount({ kind: "percent", percent: 1000 }, lines, s)).toBe(2_500);
    expect(requestedDiscount({ kind: "amount", amount: 2_000 }, lines, s)).toBe(2_000);
    expect(requestedDiscount({ kind: "total", total: 20_000 }, lines, s)).toBe(5_000);
    expect(
      requestedDiscount({ kind: "item-price", cartItemId: lines[0]!.cartItemId, price: 9_000 }, lines, s),
    ).toBe(2_000);
  });
});

describe("decisions", () => {
  const cart = [line(20_000)];

  it("opens below the reserve when asked for a discount", () => {
    const { decision } = decideCounterOffer(input(cart, { type: "discount-request" }));
    expect(decision.kind).toBe("offer");
    if (decision.kind !== "offer") return;
    expect(decision.stage).toBe("opening");
    expect(decision.offer.discount).toBeGreaterThan(0);
    expect(decision.offer.discount).toBeLessThan(
      automaticCap(20_000, limitsFor(DEFAULT_SELLER_CONFIG, "NONE"), false),
    );
  });

  it("accepts a modest ask at the shopper's number", () => {
    const { decision } = decideCounterOffer(input(cart, ask(1)));
    expect(decision.kind).toBe("accept-ask");
    if (decision.kind === "accept-ask") expect(decision.offer.discount).toBe(200);
  });

  it("counters an ask within the limit step by step, then settles on the last round", () => {
    const { decisions } = play(cart, [
      ask(12),
      ask(12),
      ask(12),
      ask(12),
      ask(12),
      ask(12),
      ask(12),
      ask(12),
    ]);
    const discounts = decisions.map((d) => offerOf(d)?.discount ?? 0);
    for (let i = 1; i < discounts.length; i++)
      expect(discounts[i]!).toBeGreaterThanOrEqual(discounts[i - 1]!);
    expect(decisions[0]!.kind).toBe("offer");
    expect(decisions.every((d) => d.kind !== "escalate")).toBe(true);
    expect(Math.max(...discounts)).toBeLessThanOrEqual(3_000);
  });

  it("escalates an ask above the automatic limit but within the ceiling, once", () => {
    const { decisions } = play(cart, [ask(20), ask(20), push]);
    expect(decisions[0]).toMatchObject({ kind: "escalate", requested: { percent: 2000, amount: 4_000 } });
    expect(decisions[1]!.kind).toBe("awaiting-approval");
    expect(decisions[2]!.kind).toBe("awaiting-approval");
  });

  it("declines asks above the ceiling with a counter inside the limit", () => {
    for (const percent of [26, 50, 90, 100, 1000]) {
      const { decision } = decideCounterOffer(input(cart, ask(percent)));
      expect(decision.kind, `${percent}%`).toBe("decline");
      if (decision.kind !== "decline") continue;
      expect(decision.counter?.discount ?? 0).toBeLessThanOrEqual(3_000);
    }
  });

  it("holds at the reserve, then proposes the bundle once", () => {
    const bundle: BundleCandidate = { productId: "socks", name: "Running Socks", price: 1_500 };
    const { decisions } = play(
      cart,
      Array.from({ length: 12 }, () => push),
      { bundleCandidate: bundle },
    );
    const bundleOffers = decisions.filter((d) => d.kind === "offer" && d.stage === "bundle");
    expect(bundleOffers).toHaveLength(1);
    const offer = offerOf(bundleOffers[0]!)!;
    expect(offer.newItems).toEqual([
      { productId: "socks", name: "Running Socks", quantity: 1, price: 1_500 },
    ]);
    expect(offer.subtotal).toBe(21_500);
    expect(offer.discount).toBeLessThanOrEqual(Math.floor((21_500 * 2000) / 10_000));
    expect(decisions.at(-1)!.kind).toBe("decline");
  });

  it("gives loyal tiers more and hot products less (before a commitment earns the room back)", () => {
    const offerAfter = (pushes: number, tier: LoyaltyTier, demandIndex: number) =>
      offerOf(
        play(
          [line(20_000, 1, { demandIndex })],
          Array.from({ length: pushes }, () => push),
          { profile: profile(tier) },
        ).decisions.at(-1)!,
      )!.discount;
    expect(offerAfter(3, "PLATINUM", 0.5)).toBeGreaterThan(offerAfter(3, "NONE", 0.5));
    expect(offerAfter(3, "NONE", 0.95)).toBeLessThan(offerAfter(3, "NONE", 0.1));
    // Still negotiating after three rounds is a commitment: the room demand held back comes back, within the cap.
    expect(offerAfter(8, "NONE", 0.95)).toBeGreaterThan(offerAfter(3, "NONE", 0.95));
    expect(offerAfter(8, "PLATINUM", 0.0)).toBeLessThanOrEqual(3_000);
  });

  it("agrees only to an offer that stands", () => {
    const none = decideCounterOffer(input(cart, { type: "accept" })).decision;
    expect(none.kind).not.toBe("agreed");
    const { decisions } = play(cart, [push, { type: "accept" }]);
    expect(decisions[1]!.kind).toBe("agreed");
    expect(offerOf(decisions[1]!)).toEqual(offerOf(decisions[0]!));
  });

  it("treats nonsense figures as nonsense", () => {
    for (const intent of [
      { type: "ask", ask: { kind: "total", total: 25_000 } },
      { type: "ask", ask: { kind: "amount", amount: 0 } },
      { type: "ask", ask: { kind: "item-price", cartItemId: "nope", price: 1 } },
    ] as ShopperIntent[]) {
      expect(decideCounterOffer(input(cart, intent)).decision.kind).toBe("decline");
    }
    expect(decideCounterOffer(input([], push)).decision.kind).toBe("empty-cart");
  });
});

// ------------------------------------------------------------------ properties
const tierArb = fc.constantFrom<LoyaltyTier>("NONE", "BRONZE", "SILVER", "GOLD", "PLATINUM");
const lineArb = fc.record({
  cartItemId: fc.uuid(),
  productId: fc.uuid(),
  name: fc.constant("Thing"),
  price: fc.integer({ min: 1, max: 300_000 }),
  listPrice: fc.integer({ min: 1, max: 400_000 }),
  quantity: fc.integer({ min: 1, max: 10 }),
  stockLevel: fc.integer({ min: 0, max: 300 }),
  demandIndex: fc.double({ min: 0, max: 1, noNaN: true }),
});
const configArb: fc.Arbitrary<SellerConfig> = fc
  .record({
    pct: fc.integer({ min: 0, max: 60 }),
    amount: fc.integer({ min: 0, max: 1_000 }),
    bonus: fc.integer({ min: 0, max: 10 }),
    ceilingPct: fc.integer({ min: 0, max: 80 }),
    ceilingAmount: fc.integer({ min: 0, max: 2_000 }),
    maxRounds: fc.integer({ min: 1, max: 12 }),
    points: fc.integer({ min: 0, max: 10 }),
    // Every property below holds under every stance the merchant may choose.
    stance: fc.constantFrom(...NEGOTIATION_STANCES),
  })
  .map((c) => ({
    ...DEFAULT_SELLER_CONFIG,
    negotiation_limits: {
      max_auto_discount_pct: c.pct,
      max_auto_discount_amount: c.amount,
      bundling_discount_bonus: c.bonus,
      stance: c.stance,
    },
    tier_benefits: {
      ...DEFAULT_SELLER_CONFIG.tier_benefits,
      extra_points: { NONE: 0, BRONZE: c.points, SILVER: c.points, GOLD: c.points, PLATINUM: c.points },
    },
    escalation_rules: { ceiling_pct: c.ceilingPct, ceiling_amount: c.ceilingAmount },
    global_rules: { ...DEFAULT_SELLER_CONFIG.global_rules, max_rounds: c.maxRounds },
  }));
const intentArb: fc.Arbitrary<ShopperIntent> = fc.oneof(
  fc.constant<ShopperIntent>({ type: "push" }),
  fc.constant<ShopperIntent>({ type: "discount-request" }),
  fc.constant<ShopperIntent>({ type: "accept" }),
  fc.constant<ShopperIntent>({ type: "refuse" }),
  fc.constant<ShopperIntent>({ type: "question", topic: "bundle" }),
  fc.constant<ShopperIntent>({ type: "unknown" }),
  fc
    .integer({ min: 0, max: 1_000_000 })
    .map<ShopperIntent>((percent) => ({ type: "ask", ask: { kind: "percent", percent } })),
  fc
    .integer({ min: 0, max: 10_000_000 })
    .map<ShopperIntent>((amount) => ({ type: "ask", ask: { kind: "amount", amount } })),
  fc
    .integer({ min: 0, max: 10_000_000 })
    .map<ShopperIntent>((total) => ({ type: "ask", ask: { kind: "total", total } })),
);

describe("policy properties", () => {
  it("never offers or accepts more than the limits (plus the bundle bonus with a bundle)", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 5 }),
        tierArb,
        configArb,
        fc.array(intentArb, { minLength: 1, maxLength: 14 }),
        fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
        (lines, tier, config, intents, bundlePrice) => {
          const bundleCandidate = bundlePrice ? { productId: "x", name: "X", price: bundlePrice } : null;
          const { decisions } = play(lines, intents, { profile: profile(tier), config, bundleCandidate });
          const limits = limitsFor(config, tier);
          for (const d of decisions) {
            const offer = offerOf(d);
            if (offer?.source !== "policy") continue;
            const withBundle = offer.newItems.length > 0;
            expect(offer.subtotal).toBe(subtotalOf(lines) + (withBundle ? bundlePrice! : 0));
            expect(offer.discount).toBeGreaterThanOrEqual(0);
            expect(Number.isSafeInteger(offer.discount)).toBe(true);
            expect(offer.discount).toBeLessThanOrEqual(automaticCap(offer.subtotal, limits, withBundle));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("makes monotone concessions: pushing never lowers the offer", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 4 }),
        tierArb,
        configArb,
        fc.integer({ min: 1, max: 14 }),
        (lines, tier, config, n) => {
          const { decisions } = play(
            lines,
            Array.from({ length: n }, () => push),
            { profile: profile(tier), config },
          );
          let last = 0;
          for (const d of decisions) {
            const offer = offerOf(d);
            if (!offer || offer.newItems.length > 0) continue;
            expect(offer.discount).toBeGreaterThanOrEqual(last);
            last = offer.discount;
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("escalates exactly in the band between the automatic limit and the ceiling", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 4 }),
        tierArb,
        configArb,
        fc.integer({ min: 1, max: 10_000_000 }),
        (lines, tier, config, amount) => {
          const { decision } = decideCounterOffer(
            input(lines, { type: "ask", ask: { kind: "amount", amount } }, fresh, {
              profile: profile(tier),
              config,
            }),
          );
          const s = subtotalOf(lines);
          const limits = limitsFor(config, tier);
          const inBand =
            amount > automaticCap(s, limits, false) && amount <= escalationCeiling(s, limits) && amount <= s;
          expect(decision.kind === "escalate").toBe(inBand);
        },
      ),
      { numRuns: 400 },
    );
  });
});
