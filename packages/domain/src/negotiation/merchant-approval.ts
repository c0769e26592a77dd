import { conflict } from "../errors.ts";
import { toDecimalString } from "../pricing/money.ts";
import { formatPercent } from "../pricing/percent.ts";
import { bestPolicyOffer } from "./decide-counter-offer.ts";
import { TIER_LABELS } from "./loyalty-tiers.ts";
import { subtotalOf } from "./negotiation-limits.ts";
import type {
  BasisPoints,
  Cents,
  Decision,
  NegotiationSnapshot,
  OfferLapse,
  OfferTerms,
  OfferToIssue,
  StoredOffer,
  VoiceInput,
} from "./negotiation-types.ts";
import { issue, whatStands } from "./standing-offer.ts";
import { voiceInputFor } from "./voice-input.ts";

/** An ask the policy passes to the merchant: what was asked, on which cart, and why it needs them. */
export interface Escalation {
  percent: BasisPoints;
  amount: Cents;
  /** The subtotal and cart contents the ask was made on; an approval applies only to them. */
  subtotal: Cents;
  cartFingerprint: string;
  /** One sentence for the merchant's approvals list. */
  reason: string;
}

/** The sentence the merchant reads: who asked, for what, on what cart, above which limit. */
export function escalationReason(
  requested: { percent: BasisPoints; amount: Cents },
  negotiation: Pick<NegotiationSnapshot, "profile" | "config" | "lines">,
): string {
  const { profile, config } = negotiation;
  const limit = config.negotiation_limits;
  const orders = `${profile.ordersCount} ${profile.ordersCount === 1 ? "order" : "orders"}`;
  return `${profile.name} (${TIER_LABELS[profile.tier]}, ${orders}) asked for ${formatPercent(requested.percent)} ($${toDecimalString(requested.amount)}) off a $${toDecimalString(subtotalOf(negotiation.lines))} cart, above the automatic limit of ${limit.max_auto_discount_pct}% / $${limit.max_auto_discount_amount}.`;
}

export function escalationFor(
  decision: Extract<Decision, { kind: "escalate" }>,
  negotiation: Pick<NegotiationSnapshot, "profile" | "config" | "lines" | "fingerprint" | "tax">,
): Escalation {
  return {
    percent: decision.requested.percent,
    amount: decision.requested.amount,
    subtotal: subtotalOf(negotiation.lines),
    cartFingerprint: negotiation.fingerprint,
    reason: escalationReason(decision.requested, negotiation),
  };
}

/** The status a merchant's answer gives a pending approval; an approval is decided once. */
export function approvalStatusFor(current: string, approved: boolean): "approved" | "rejected" {
  if (current !== "pending") throw conflict("This approval was already decided.", "ALREADY_DECIDED");
  return approved ? "approved" : "rejected";
}

export interface MerchantDecisionInput {
  negotiation: NegotiationSnapshot;
  approved: boolean;
  /** The escalated ask as stored: its amount and the cart it was made for. */
  request: { amount: Cents; cartFingerprint: string };
  now: Date;
}

export interface MerchantDecision {
  lapsed: OfferLapse | null;
  /** A new standing offer: the approved discount, or the policy's best counter when it gives more than what stood. */
  issue: OfferToIssue | null;
  /** The offer left standing otherwise. */
  standing: StoredOffer | null;
  decision: Decision;
  /** Ava's words for the shopper's chat. */
  voice: VoiceInput;
}

/**
 * What the merchant's answer produces in a negotiation still running: approved, and for the
 * very cart it was asked on, the requested discount becomes the standing offer (the merchant's,
 * so it may exceed the automatic cap); otherwise Ava says so and counters with the best offer the
 * policy allows (the one that stood, if it already gave as much).
 */
export function decideMerchantApproval(input: MerchantDecisionInput): MerchantDecision {
  const { negotiation, request } = input;
  const { standing, lapsed } = whatStands(negotiation.latestOffer, negotiation.fingerprint, input.now);
  const subtotal = subtotalOf(negotiation.lines);
  const seed = negotiation.round;
  if (input.approved && negotiation.fingerprint === request.cartFingerprint && request.amount <= subtotal) {
    const terms: OfferTerms = {
      discount: request.amount,
      // The nearest basis point, as for the policy's own offers: the amount is what counts.
      percent: subtotal > 0 ? Math.round((request.amount * 10_000) / subtotal) : 0,
      subtotal,
      newItems: [],
      reasons: ["approved"],
      source: "merchant",
    };
    const decision: Decision = { kind: "offer", stage: "final", offer: terms, ask: null };
    return {
      lapsed,
      issue: issue(terms, negotiation.config, input.now),
      standing,
      decision,
      voice: voiceInputFor(negotiation, decision, seed),
    };
  }
  // Turned down (or approved for a cart that has changed since): Ava still makes the best
  // counter-offer the policy allows, so the shopper is never left with nothing to accept.
  const best = bestPolicyOffer(negotiation, standing?.terms ?? null);
  const gives = best !== null && (!standing || best.discount > standing.terms.discount);
  const decision: Decision = {
    kind: "decline",
    ask: null,
    counter: best,
    why: input.approved ? "cart-changed" : "manager-declined",
  };
  return {
    lapsed,
    issue: gives ? issue(best, negotiation.config, input.now) : null,
    standing,
    decision,
    voice: voiceInputFor(negotiation, decision, seed),
  };
}

/** The negotiation as the shop remembers it after the merchant's answer (see afterTurn). */
export function afterMerchantDecision(
  negotiation: NegotiationSnapshot,
  outcome: MerchantDecision,
  status: "approved" | "rejected",
  newOfferId: string,
): NegotiationSnapshot {
  return {
    ...negotiation,
    approval: negotiation.approval ? { ...negotiation.approval, status } : null,
    latestOffer: outcome.issue
      ? {
          id: newOfferId,
          terms: outcome.issue.terms,
          cartFingerprint: negotiation.fingerprint,
          expiresAt: outcome.issue.expiresAt,
          status: "standing",
        }
      : outcome.standing,
  };
}
