/**
 * The negotiation voice's test fixtures, shared by negotiation-voice.test.ts and
 * voice-figures.test.ts: one offer with its quote, a voice input around a decision, and one
 * decision of every kind the voice words.
 */
import { writeBuiltInReply } from "./negotiation-voice.ts";
import type { Decision, OfferQuote, OfferTerms, VoiceInput } from "./negotiation-types.ts";
import { DEFAULT_SELLER_CONFIG } from "../merchant/seller-config.ts";

export const offer: OfferTerms = {
  discount: 3085,
  percent: 1234,
  subtotal: 25_000,
  newItems: [],
  reasons: ["loyalty"],
  source: "policy",
};
export const quote: OfferQuote = { subtotal: 25_000, discount: 3085, shipping: 0, tax: 2192, total: 24_107 };

export function voice(decision: Decision, overrides: Partial<VoiceInput> = {}): VoiceInput {
  return {
    assistantName: "Ava",
    decision,
    profile: { name: "Sam", tier: "GOLD", ordersCount: 4, lifetimeValue: 250_000 },
    config: DEFAULT_SELLER_CONFIG,
    quote,
    lines: [
      { name: "Wireless Headphones", quantity: 1, price: 20_000 },
      { name: "Running Shoes", quantity: 2, price: 2_500 },
    ],
    seed: 0,
    ...overrides,
  };
}

export const reply = (decision: Decision, overrides: Partial<VoiceInput> = {}) =>
  writeBuiltInReply(voice(decision, overrides));

export const infoTopics = [
  "shipping",
  "loyalty",
  "expiry",
  "bundle",
  "how-it-works",
  "currency",
  "greeting",
  "thanks",
  "goodbye",
  "other",
  "unknown",
] as const;

export const everyKind: [string, Decision][] = [
  ["offer opening", { kind: "offer", stage: "opening", offer, ask: null }],
  ["offer counter", { kind: "offer", stage: "counter", offer, ask: { kind: "percent", percent: 3000 } }],
  ["offer counter (push)", { kind: "offer", stage: "counter", offer, ask: null }],
  ["offer final", { kind: "offer", stage: "final", offer: { ...offer, reasons: ["final"] }, ask: null }],
  [
    "offer bundle",
    {
      kind: "offer",
      stage: "bundle",
      offer: {
        ...offer,
        discount: 4000,
        percent: 1333,
        subtotal: 30_000,
        reasons: ["bundle"],
        newItems: [{ productId: "p9", name: "Sport Socks", quantity: 1, price: 5000 }],
      },
      ask: null,
    },
  ],
  [
    "accept-ask",
    { kind: "accept-ask", offer: { ...offer, reasons: ["your-ask"] }, ask: { kind: "total", total: 21_915 } },
  ],
  ["agreed", { kind: "agreed", offer }],
  [
    "escalate",
    {
      kind: "escalate",
      requested: { percent: 2000, amount: 5000 },
      ask: { kind: "percent", percent: 2000 },
      standing: null,
    },
  ],
  ["awaiting-approval", { kind: "awaiting-approval", standing: offer }],
  [
    "decline",
    { kind: "decline", ask: { kind: "percent", percent: 9000 }, counter: offer, why: "above-ceiling" },
  ],
  ["decline final", { kind: "decline", ask: null, counter: offer, why: "final-reached" }],
  [
    "decline nonsense",
    { kind: "decline", ask: { kind: "total", total: 100 }, counter: null, why: "nonsense" },
  ],
  ["refused", { kind: "refused", standing: offer }],
  ...infoTopics.map((topic): [string, Decision] => [
    `info ${topic}`,
    { kind: "info", topic, standing: null },
  ]),
  ["empty-cart", { kind: "empty-cart" }],
];
