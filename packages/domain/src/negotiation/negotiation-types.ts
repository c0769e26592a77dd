import type { CartTax } from "../markets/cart-tax.ts";
import type { ChosenShipping } from "../pricing/quote-cart.ts";
import type { LoyaltyTier } from "./loyalty-tiers.ts";
import type { Cents } from "../pricing/money.ts";
import type { SellerConfig } from "../merchant/seller-config.ts";

/** Percentages in the negotiation are basis points: 15% = 1500. */
export type BasisPoints = number;

// ---------------------------------------------------------------- what the shopper said
export type ShopperAsk =
  /** "15% off", "can you do 20 percent?" */
  | { kind: "percent"; percent: BasisPoints }
  /** "$20 off", "knock 30 dollars off" */
  | { kind: "amount"; amount: Cents }
  /** "can you do $180?", "I'll pay 180 for everything" */
  | { kind: "total"; total: Cents }
  /** "would you take $90 for the headphones?" (cartItemId of the line the words name) */
  | { kind: "item-price"; cartItemId: string; price: Cents };

/** "currency": an amount written in another currency than the shop's ("¥1200" in a euro shop). */
export type QuestionTopic = "shipping" | "loyalty" | "expiry" | "bundle" | "how-it-works" | "currency";

export type ShopperIntent =
  /** A concrete number. */
  | { type: "ask"; ask: ShopperAsk }
  /** "can I get a discount?", "any deals?": no number. */
  | { type: "discount-request" }
  /** "that's not enough", "can you do better?", "come on": wants more without a number. */
  | { type: "push" }
  /** One of the acceptance words as a whole word, not negated ("ok", "deal", "yes"). */
  | { type: "accept" }
  /** "no", "no thanks", "no deal", "I don't accept". */
  | { type: "refuse" }
  | { type: "question"; topic: QuestionTopic }
  | { type: "small-talk"; topic: "greeting" | "thanks" | "goodbye" | "other" }
  /** Anything else: the reply helps, never crashes. */
  | { type: "unknown" };

/** What the parser needs to know about the cart to read "$180" or "the headphones". */
export interface ParseContext {
  subtotal: Cents;
  lines: {
    cartItemId: string;
    name: string;
    brand: string;
    category: string;
    price: Cents;
    quantity: number;
  }[];
}

// ---------------------------------------------------------------- what the policy sees
export interface PolicyLine {
  cartItemId: string;
  productId: string;
  name: string;
  /** The product's current unit price (negotiation starts from it, not from an old snapshot). */
  price: Cents;
  listPrice: Cents;
  quantity: number;
  stockLevel: number;
  /** 0..1, how hot the product is. */
  demandIndex: number;
}

export interface PolicyProfile {
  name: string;
  tier: LoyaltyTier;
  ordersCount: number;
  lifetimeValue: Cents;
}

/** A cross-sell the policy may propose for the bundling bonus. */
export interface BundleCandidate {
  productId: string;
  name: string;
  price: Cents;
}

export interface OfferTerms {
  /** The whole discount on the cart (including a bundled product), in cents. */
  discount: Cents;
  /** discount / subtotal the offer applies to, in basis points (to the nearest one: the amount is what counts). */
  percent: BasisPoints;
  /** The subtotal the discount applies to (current lines plus any bundled product). */
  subtotal: Cents;
  /** A cross-sell added by the offer, at its current price. */
  newItems: { productId: string; name: string; quantity: number; price: Cents }[];
  /** Why the offer is what it is, for the voice: "loyalty", "bundle", "final", "high-demand", "low-stock", "approved". */
  reasons: OfferReason[];
  source: "policy" | "merchant";
}

export type OfferReason =
  | "loyalty"
  | "bundle"
  | "final"
  | "high-demand"
  | "low-stock"
  | "approved"
  | "your-ask";

export interface NegotiationState {
  /** Shopper turns before this one. */
  round: number;
  /** How many concessions the policy has made so far (the schedule position). */
  step: number;
  /** The offer standing now (issued by the server, not expired, cart unchanged), if any. */
  standing: OfferTerms | null;
  /** The cross-sell proposed earlier, if any. */
  bundleProposed: boolean;
  approval: { status: "pending" | "approved" | "rejected"; percent: BasisPoints; amount: Cents } | null;
}

export interface PolicyInput {
  lines: PolicyLine[];
  profile: PolicyProfile;
  config: SellerConfig;
  state: NegotiationState;
  intent: ShopperIntent;
  bundleCandidate: BundleCandidate | null;
}

// ---------------------------------------------------------------- what the policy decides
export type Decision =
  /** A (new) offer from the policy: opening, counter, final, or a bundle proposal. */
  | {
      kind: "offer";
      stage: "opening" | "counter" | "final" | "bundle";
      offer: OfferTerms;
      ask: ShopperAsk | null;
      /** A counter that stays where the standing offer was (the curve has not moved yet this turn). */
      held?: true;
    }
  /** The shopper's own number is within what the policy allows now: it becomes the offer. */
  | { kind: "accept-ask"; offer: OfferTerms; ask: ShopperAsk }
  /**
   * The shopper agreed to the standing offer: the negotiation has a result. `applied`: the server
   * applied it to the cart at once (a typed acceptance works as the button).
   */
  | { kind: "agreed"; offer: OfferTerms; applied?: true }
  /** Above the automatic limits, within the escalation ceiling: ask the merchant. */
  | {
      kind: "escalate";
      requested: { percent: BasisPoints; amount: Cents };
      ask: ShopperAsk;
      standing: OfferTerms | null;
    }
  /** An approval is already with the merchant. */
  | { kind: "awaiting-approval"; standing: OfferTerms | null }
  /**
   * Above the ceiling (or beyond what is left to give): no, with the best counter allowed now.
   * "manager-declined": the merchant turned the escalated ask down; "cart-changed": the merchant
   * approved it for a cart that has changed since.
   */
  | {
      kind: "decline";
      ask: ShopperAsk | null;
      counter: OfferTerms | null;
      why: "above-ceiling" | "final-reached" | "nonsense" | "manager-declined" | "cart-changed";
    }
  /** The shopper said no to the standing offer without a number. */
  | { kind: "refused"; standing: OfferTerms | null }
  /** Answer to a question, or small talk, or something unclear: keep the standing offer. */
  | {
      kind: "info";
      topic: QuestionTopic | "greeting" | "thanks" | "goodbye" | "other" | "unknown";
      standing: OfferTerms | null;
    }
  /** Nothing to negotiate: empty cart. */
  | { kind: "empty-cart" };

export type { Cents, LoyaltyTier, SellerConfig };

/**
 * What would move Ava further on the shopper's next message, when her counter is far below the
 * ask (what-would-move-ava.ts): each found by playing the policy's next turn, so none promises
 * more than the policy gives.
 */
export type OfferLever =
  /** Stating a budget (a total they would pay) gives more than asking again. */
  | { kind: "budget" }
  /** `moreUnits` more items in the cart (`units` in all) give a bigger share off. */
  | { kind: "bigger-cart"; moreUnits: number; units: number }
  /** Taking the suggested product: the offer Ava would make with it. */
  | { kind: "bundle"; offer: OfferTerms }
  /** The offer on the table holds for `minutes`: taking it now is always possible. */
  | { kind: "buy-now"; minutes: number };

// ---------------------------------------------------------------- what the voice is told
/** The figures of an offer as the pricing rule computes them (the server fills these in). */
export interface OfferQuote {
  /** Subtotal before the negotiated discount. */
  subtotal: Cents;
  discount: Cents;
  shipping: Cents;
  tax: Cents;
  total: Cents;
}

export interface VoiceInput {
  assistantName: string;
  decision: Decision;
  profile: PolicyProfile;
  config: SellerConfig;
  /** The pricing of the offer the decision carries (offer, accept-ask, agreed, counter, standing), if any. */
  quote: OfferQuote | null;
  /** The cart as it is now, for naming products. */
  lines: { name: string; quantity: number; price: Cents }[];
  /** Picks among phrasings; the same seed gives the same words. */
  seed: number;
  /** The reasons the offer standing before this turn gave: not repeated. */
  alreadySaid?: OfferReason[];
  /** What would move Ava further, when her counter is far below the ask. */
  levers?: OfferLever[];
}

// ---------------------------------------------------------------- what the shop has stored
/** A cart line as a turn reads it: the policy's facts plus what the parser needs to name it. */
export interface TurnLine extends PolicyLine {
  brand: string;
  category: string;
}

/** An offer the server issued and stored, still standing or agreed (not yet applied). */
export interface StoredOffer {
  id: string;
  terms: OfferTerms;
  /** The cart contents it was made for; any other contents void it. */
  cartFingerprint: string;
  expiresAt: Date;
  status: "standing" | "agreed";
}

/** The latest escalation of the negotiation, as the merchant left it. */
export type StoredApproval = NonNullable<NegotiationState["approval"]>;

/** Everything a turn, an acceptance or a merchant's decision reads, as the store loaded it. */
export interface NegotiationSnapshot {
  status: "active" | "completed";
  /** Shopper turns so far, the schedule position and whether a bundle was proposed. */
  round: number;
  step: number;
  bundleProposed: boolean;
  /** The latest offer stored as standing or agreed, whether or not it still counts. */
  latestOffer: StoredOffer | null;
  approval: StoredApproval | null;
  lines: TurnLine[];
  /** The cart's contents now (products, quantities, prices), as the store fingerprints them. */
  fingerprint: string;
  profile: PolicyProfile;
  config: SellerConfig;
  /**
   * The tax the cart's quote applies (by the shopper's last used address when the shop taxes by
   * place), so the totals Ava states are the cart's; none: the shop's single rate, added.
   */
  tax?: CartTax;
  /**
   * The shipping the cart's quote charges (the cheapest method at the shopper's last used address
   * when the shop ships by zones), so the totals Ava states are the cart's; none: the flat fee.
   */
  shipping?: ChosenShipping;
}

/** Why the latest offer stopped counting, to be stored on it. */
export interface OfferLapse {
  offerId: string;
  status: "voided" | "expired";
}

/** A new standing offer to store, retiring the one before it. */
export interface OfferToIssue {
  terms: OfferTerms;
  expiresAt: Date;
}

/** A negotiation before its first turn: no round, no offer, no approval, on these lines. */
export function freshNegotiation(
  start: Pick<NegotiationSnapshot, "lines" | "fingerprint" | "profile" | "config">,
): NegotiationSnapshot {
  return {
    status: "active",
    round: 0,
    step: 0,
    bundleProposed: false,
    latestOffer: null,
    approval: null,
    ...start,
  };
}
