import fc from "fast-check";
import { NEGOTIATION_STANCES } from "./negotiation-stance.ts";
import { describe, expect, it } from "vitest";
import type { LoyaltyTier } from "./loyalty-tiers.ts";
import { writeBuiltInReply } from "./negotiation-voice.ts";
import { allowedFigures, figuresIn, statesOnlyAllowedFigures } from "./voice-figures.ts";
import { formatPercent } from "./voice-phrases.ts";
import type { Decision, OfferReason, OfferTerms, ShopperAsk, VoiceInput } from "./negotiation-types.ts";
import { DEFAULT_SELLER_CONFIG, type SellerConfig } from "../merchant/seller-config.ts";
import { everyKind, infoTopics, offer, voice } from "./voice-test-fixtures.ts";

describe("figuresIn", () => {
  it.each<[string, number[], number[]]>([
    ["Your total is $1,234.56.", [123_456], []],
    ["$12 or 12 dollars or USD 12 or 12 usd or usd12", [1200, 1200, 1200, 1200, 1200], []],
    ["That's $5.", [500], []],
    ["$1k and $1.5k", [100_000, 150_000], []],
    ["-$2.50 and $-3", [250, 300], []],
    ["€40 and £7", [4000, 700], []],
    ["12%, 12.5 %, 12 percent, 12 per cent, 12pct", [], [1200, 1250, 1200, 1200, 1200]],
    ["fifteen percent off, or forty dollars", [4000], [1500]],
    ["half off!", [], [5000]],
    ["between 10-15% or 10 to 20%", [], [1000, 1500, 1000, 2000]],
    ["$10-15", [1000, 1500], []],
    ["12.345%", [], [1234.5]],
    ["Air Max 90, 3 points, 30 minutes, order #123, 2nd item, v2.1", [], []],
    ["<b>40%</b> off **$9.99**", [999], [4000]],
    ["ＵＳ＄5 and ５０％", [500], [5000]],
    ["", [], []],
    ["It's free! Yours on the house, for nothing, no charge.", [], [10_000, 10_000, 10_000, 10_000]],
    ["Free shipping over $100; feel free to ask, you're free to go.", [10_000], []],
    ["Shipping is free from $100, orders ship free, shipping's free", [10_000], []],
    ["1/2 off, 3 / 4 price, or a 1/3 discount", [], [5000, 7500, 10_000 / 3]],
    [
      "a third off, two thirds off, one quarter of the price, a half discount",
      [],
      [10_000 / 3, 20_000 / 3, 2500, 5000],
    ],
    ["Your order 12/25 ships on 1/2", [], []],
  ])("%j", (text, money, percents) => {
    expect(figuresIn(text)).toEqual({ money, percents });
  });
});

describe("statesOnlyAllowedFigures", () => {
  const input = voice({
    kind: "offer",
    stage: "opening",
    offer: { ...offer, percent: 1000, discount: 2500 },
    ask: null,
  });
  const allowed = allowedFigures(input);

  it("rejects a different percent or amount", () => {
    expect(statesOnlyAllowedFigures("I can give you 10% off ($25.00).", allowed)).toBe(true);
    expect(statesOnlyAllowedFigures("I can give you 40% off", allowed)).toBe(false);
    expect(statesOnlyAllowedFigures("That makes $5.00 total", allowed)).toBe(false);
    expect(statesOnlyAllowedFigures("That makes $25.01 off", allowed)).toBe(false);
    expect(statesOnlyAllowedFigures("twenty percent off", allowed)).toBe(false);
    expect(statesOnlyAllowedFigures("No figures at all, just words.", allowed)).toBe(true);
  });

  it("rejects prices and fractions in words the decision does not allow", () => {
    for (const text of [
      "Fine, it's free.",
      "This one's on the house!",
      "Take it for nothing.",
      "1/2 off it is.",
      "A third off, deal?",
    ]) {
      expect(statesOnlyAllowedFigures(text, allowed), text).toBe(false);
    }
    expect(statesOnlyAllowedFigures("Feel free to ask about free shipping.", allowed)).toBe(true);
  });

  it("accepts the quote, config and cart figures, not the limits", () => {
    expect(statesOnlyAllowedFigures("New total $241.07, tax $21.92, shipping $0.00.", allowed)).toBe(true);
    expect(statesOnlyAllowedFigures("Free shipping from $100.00, else $10.00.", allowed)).toBe(true);
    expect(
      statesOnlyAllowedFigures("Headphones are $200.00; two shoes are $50.00 ($25.00 each).", allowed),
    ).toBe(true);
    expect(statesOnlyAllowedFigures("Gold adds 3%, bundles 5%, tax is 10%.", allowed)).toBe(true);
    expect(statesOnlyAllowedFigures("I can go up to 15% automatically.", allowed)).toBe(false);
    expect(statesOnlyAllowedFigures("My manager can approve up to 25%.", allowed)).toBe(false);
  });

  it("tolerates rounding a percent to one decimal or a whole number", () => {
    const odd = allowedFigures(voice({ kind: "agreed", offer }));
    expect(statesOnlyAllowedFigures("12.34% off", odd)).toBe(true);
    expect(statesOnlyAllowedFigures("12.3% off", odd)).toBe(true);
    expect(statesOnlyAllowedFigures("12% off", odd)).toBe(true);
    expect(statesOnlyAllowedFigures("13% off", odd)).toBe(false);
    expect(statesOnlyAllowedFigures("12.4% off", odd)).toBe(false);
    expect(statesOnlyAllowedFigures("12.345% off", odd)).toBe(false);
  });

  it("allows the shopper's own ask and an escalated request", () => {
    const esc = allowedFigures(voice(everyKind[7]![1]));
    expect(statesOnlyAllowedFigures("20% off ($50.00) needs my manager.", esc)).toBe(true);
    const dec = allowedFigures(
      voice({ kind: "decline", ask: { kind: "total", total: 100 }, counter: null, why: "nonsense" }),
    );
    expect(statesOnlyAllowedFigures("$1.00 is not possible.", dec)).toBe(true);
    expect(statesOnlyAllowedFigures("$2.00 is not possible.", dec)).toBe(false);
  });

  it("allows figures that are part of a product's name", () => {
    const named = allowedFigures(
      voice({ kind: "empty-cart" }, { lines: [{ name: "$5 Gift Card", quantity: 1, price: 500 }] }),
    );
    expect(statesOnlyAllowedFigures("The $5 Gift Card is $5.00.", named)).toBe(true);
  });
});

// ---------------------------------------------------------------- property: the built-in voice states only allowed figures

const cents = fc.oneof(
  fc.integer({ min: 0, max: 5_000_000 }),
  fc.constant(Number.MAX_SAFE_INTEGER),
  fc.constant(0),
);
const basisPoints = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000_000 }));
const productName = fc.oneof(
  fc.constantFrom(
    "Sport Socks",
    "Air Max 90",
    "$5 Gift Card",
    "100% Cotton Tee",
    "Pack of 3",
    "USB-C 2-Pack",
    "Mug",
  ),
  fc.string({ maxLength: 20 }),
);
const reasons = fc.uniqueArray(
  fc.constantFrom<OfferReason>(
    "loyalty",
    "bundle",
    "final",
    "high-demand",
    "low-stock",
    "approved",
    "your-ask",
  ),
  { maxLength: 7 },
);
const offerTerms: fc.Arbitrary<OfferTerms> = fc.record({
  discount: cents,
  percent: basisPoints,
  subtotal: cents,
  newItems: fc.array(
    fc.record({
      productId: fc.string(),
      name: productName,
      quantity: fc.integer({ min: 1, max: 5 }),
      price: cents,
    }),
    { maxLength: 2 },
  ),
  reasons,
  source: fc.constantFrom("policy" as const, "merchant" as const),
});
const ask: fc.Arbitrary<ShopperAsk> = fc.oneof(
  fc.record({ kind: fc.constant("percent" as const), percent: basisPoints }),
  fc.record({ kind: fc.constant("amount" as const), amount: cents }),
  fc.record({ kind: fc.constant("total" as const), total: cents }),
  fc.record({ kind: fc.constant("item-price" as const), cartItemId: fc.string(), price: cents }),
);
const maybeOffer = fc.option(offerTerms, { nil: null });
const decision: fc.Arbitrary<Decision> = fc.oneof(
  fc.record({
    kind: fc.constant("offer" as const),
    stage: fc.constantFrom("opening" as const, "counter" as const, "final" as const, "bundle" as const),
    offer: offerTerms,
    ask: fc.option(ask, { nil: null }),
  }),
  fc.record({ kind: fc.constant("accept-ask" as const), offer: offerTerms, ask }),
  fc.record({ kind: fc.constant("agreed" as const), offer: offerTerms }),
  fc.record({
    kind: fc.constant("escalate" as const),
    requested: fc.record({ percent: basisPoints, amount: cents }),
    ask,
    standing: maybeOffer,
  }),
  fc.record({ kind: fc.constant("awaiting-approval" as const), standing: maybeOffer }),
  fc.record({
    kind: fc.constant("decline" as const),
    ask: fc.option(ask, { nil: null }),
    counter: maybeOffer,
    why: fc.constantFrom("above-ceiling" as const, "final-reached" as const, "nonsense" as const),
  }),
  fc.record({ kind: fc.constant("refused" as const), standing: maybeOffer }),
  fc.record({
    kind: fc.constant("info" as const),
    topic: fc.constantFrom(...infoTopics),
    standing: maybeOffer,
  }),
  fc.constant({ kind: "empty-cart" as const }),
);
const dollars = fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.double({ min: 0, max: 10_000, noNaN: true }));
const points = fc.oneof(fc.integer({ min: 0, max: 30 }), fc.double({ min: 0, max: 30, noNaN: true }));
const config: fc.Arbitrary<SellerConfig> = fc.oneof(
  fc.constant(DEFAULT_SELLER_CONFIG),
  fc.record({
    negotiation_limits: fc.record({
      max_auto_discount_pct: points,
      max_auto_discount_amount: dollars,
      bundling_discount_bonus: points,
      stance: fc.constantFrom(...NEGOTIATION_STANCES),
    }),
    tier_benefits: fc.record({
      extra_points: fc.record({
        NONE: points,
        BRONZE: points,
        SILVER: points,
        GOLD: points,
        PLATINUM: points,
      }),
      thresholds: fc.constant(DEFAULT_SELLER_CONFIG.tier_benefits.thresholds),
    }),
    escalation_rules: fc.record({ ceiling_pct: points, ceiling_amount: dollars }),
    global_rules: fc.record({
      offer_expiry_minutes: fc.integer({ min: 1, max: 1440 }),
      max_rounds: fc.integer({ min: 1, max: 20 }),
    }),
    pricing: fc.record({ free_shipping_threshold: dollars, flat_shipping: dollars, tax_rate_pct: points }),
    agents: fc.record({ allow_negotiation: fc.boolean() }),
  }),
);
const voiceInput: fc.Arbitrary<VoiceInput> = fc.record({
  assistantName: fc.oneof(fc.constant("Ava"), fc.string({ maxLength: 12 })),
  decision,
  profile: fc.record({
    name: fc.string({ maxLength: 12 }),
    tier: fc.constantFrom<LoyaltyTier>("NONE", "BRONZE", "SILVER", "GOLD", "PLATINUM"),
    ordersCount: fc.nat(100),
    lifetimeValue: cents,
  }),
  config,
  quote: fc.option(
    fc.record({ subtotal: cents, discount: cents, shipping: cents, tax: cents, total: cents }),
    { nil: null },
  ),
  lines: fc.array(fc.record({ name: productName, quantity: fc.integer({ min: 1, max: 9 }), price: cents }), {
    maxLength: 4,
  }),
  seed: fc.oneof(fc.nat(), fc.integer(), fc.double()),
});

describe("the built-in voice and the figure check agree", () => {
  it("states only allowed figures, for any decision", () => {
    fc.assert(
      fc.property(voiceInput, (input) => {
        const text = writeBuiltInReply(input);
        expect(text.length).toBeGreaterThan(0);
        expect(statesOnlyAllowedFigures(text, allowedFigures(input))).toBe(true);
        expect(writeBuiltInReply(input)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it("formats percents with one decimal at most", () => {
    expect(formatPercent(1500)).toBe("15%");
    expect(formatPercent(1250)).toBe("12.5%");
    expect(formatPercent(1234)).toBe("12.3%");
    expect(formatPercent(1299)).toBe("13%");
    expect(formatPercent(5)).toBe("0.1%");
    expect(formatPercent(0)).toBe("0%");
  });
});
