import { decideCounterOffer, offerInDecision, requestedDiscount } from "./decide-counter-offer.ts";
import { automaticCap, limitsFor, subtotalOf } from "./negotiation-limits.ts";
import type {
  BundleCandidate,
  Cents,
  Decision,
  NegotiationSnapshot,
  NegotiationState,
  OfferLever,
  OfferTerms,
  PolicyInput,
  ShopperIntent,
  TurnLine,
} from "./negotiation-types.ts";

/**
 * What would move Ava when her counter is far below the ask (a newcomer who asks for 10% and is
 * offered half a percent, twice, should not conclude she is broken). Each lever is found by
 * playing the policy's next turn as if the shopper pulled it, and is named only when that turn
 * gives more than asking again would: the words never promise what the policy would not give.
 */

/** A counter is far below the ask when it gives less than half of what was asked. */
const FAR_BELOW_SHARE = 0.5;

/** The ask the decision answered and the offer it made, when that offer is far below the ask (or held). */
export function farBelowTheAsk(
  decision: Decision,
  lines: TurnLine[],
): { offer: OfferTerms; requested: Cents | null } | null {
  const offer = offerInDecision(decision);
  if (!offer || offer.newItems.length > 0) return null;
  if (decision.kind === "offer" && decision.stage !== "bundle") {
    if (decision.held && decision.ask === null) return { offer, requested: null };
  } else if (!(decision.kind === "decline" && decision.why === "above-ceiling")) {
    return null;
  }
  const ask = decision.ask;
  if (!ask) return null;
  const requested = requestedDiscount(ask, lines, subtotalOf(lines));
  if (requested === null || requested <= 0) return null;
  return offer.discount < requested * FAR_BELOW_SHARE ? { offer, requested } : null;
}

function stateOf(negotiation: NegotiationSnapshot): NegotiationState {
  const latest = negotiation.latestOffer;
  return {
    round: negotiation.round,
    step: negotiation.step,
    // Right after the turn the offer just issued stands on the same cart.
    standing:
      latest?.status === "standing" && latest.cartFingerprint === negotiation.fingerprint
        ? latest.terms
        : null,
    bundleProposed: negotiation.bundleProposed,
    approval: negotiation.approval,
  };
}

/** The offer the policy's next turn would give (null: none, or nothing new). */
function nextTurnOffer(
  after: NegotiationSnapshot,
  intent: ShopperIntent,
  bundleCandidate: BundleCandidate | null,
  overrides: Partial<Pick<PolicyInput, "lines" | "state">> = {},
): OfferTerms | null {
  const { decision } = decideCounterOffer({
    lines: overrides.lines ?? after.lines,
    profile: after.profile,
    config: after.config,
    state: overrides.state ?? stateOf(after),
    intent,
    bundleCandidate,
  });
  if (decision.kind === "offer" || decision.kind === "accept-ask") return decision.offer;
  if (decision.kind === "decline") return decision.counter;
  return null;
}

/**
 * The levers that would move Ava on the shopper's next message, given the negotiation as it stands
 * after this turn (`after`) and the decision this turn made. Empty unless the counter is far
 * below the ask (or held where it was).
 */
export function whatWouldMoveAva(
  decision: Decision,
  after: NegotiationSnapshot,
  bundleCandidate: BundleCandidate | null,
): OfferLever[] {
  const gap = farBelowTheAsk(decision, after.lines);
  if (!gap) return [];
  const { offer } = gap;
  const lines = after.lines;
  const subtotal = subtotalOf(lines);
  const limits = limitsFor(after.config, after.profile.tier);
  // Asking again, without a number: what the next turn gives anyway. A lever must beat it.
  const again = nextTurnOffer(after, { type: "push" }, null);
  const baseline = Math.max(offer.discount, again?.discount ?? 0);
  const basePercent = Math.max(offer.percent, again?.percent ?? 0);
  const levers: OfferLever[] = [];

  // A budget: the same discount as a total they would pay (or, without a number, the most Ava could
  // ever give on her own). A stated total is a commitment signal; a bare percent is not.
  const wanted = Math.min(gap.requested ?? automaticCap(subtotal, limits, false), subtotal - 1);
  if (wanted > 0) {
    const byBudget = nextTurnOffer(
      after,
      { type: "ask", ask: { kind: "total", total: subtotal - wanted } },
      null,
    );
    if (byBudget && byBudget.newItems.length === 0 && byBudget.discount > baseline)
      levers.push({ kind: "budget" });
  }

  // A bigger cart: enough more units of the cheapest item (in stock) to count as one. Changing
  // the cart voids the offer, and the shop then starts a new negotiation on the next message, so
  // the probe is that new negotiation's first turn; compared as a share of the cart.
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  const more = limits.curve.biggerCartUnits - units;
  const cheapest = [...lines].sort((a, b) => a.price - b.price)[0];
  if (more > 0 && cheapest && cheapest.stockLevel >= cheapest.quantity + more) {
    const bigger = lines.map((l) => (l === cheapest ? { ...l, quantity: l.quantity + more } : l));
    const fresh: NegotiationState = {
      round: 0,
      step: 0,
      standing: null,
      bundleProposed: false,
      approval: null,
    };
    const byCart = nextTurnOffer(after, { type: "push" }, null, { lines: bigger, state: fresh });
    if (byCart && byCart.newItems.length === 0 && byCart.percent > basePercent) {
      levers.push({ kind: "bigger-cart", moreUnits: more, units: units + more });
    }
  }

  // The suggested bundle, as the policy would offer it when asked for.
  if (bundleCandidate && !after.bundleProposed) {
    const byBundle = nextTurnOffer(after, { type: "question", topic: "bundle" }, bundleCandidate);
    if (byBundle && byBundle.newItems.length > 0 && byBundle.discount > baseline) {
      levers.push({ kind: "bundle", offer: byBundle });
    }
  }

  // Buying now: the offer on the table holds until it expires; nothing more is promised for it.
  levers.push({
    kind: "buy-now",
    minutes: Math.max(1, Math.floor(after.config.global_rules.offer_expiry_minutes)),
  });
  return levers;
}
