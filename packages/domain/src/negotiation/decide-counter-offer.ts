import type { Cents } from "../pricing/money.ts";
import {
  automaticCap,
  discountAt,
  escalationCeiling,
  type Limits,
  limitsFor,
  type Pressure,
  pressureOf,
  reservePercent,
  roundDownStep,
  scheduledPercent,
  subtotalOf,
} from "./negotiation-limits.ts";
import type {
  Decision,
  NegotiationState,
  OfferReason,
  OfferTerms,
  PolicyInput,
  PolicyLine,
  ShopperAsk,
} from "./negotiation-types.ts";

/**
 * The negotiation policy: every number Ava says comes from here. Deterministic and pure.
 *
 * - The policy's walk-away point (the reserve) starts from the merchant's automatic limit and is
 *   lowered for hot or scarce products; the shopper's loyalty tier adds its extra points back,
 *   never above the limit. Commitment signals (a stated budget or total, a bigger cart, taking a
 *   bundle) earn back what demand held back, as far as the merchant's stance allows. Offers never
 *   exceed max_auto_discount_pct AND max_auto_discount_amount (plus the bundling bonus points
 *   when a cross-sell is added).
 * - Concessions follow the stance's time-dependent Boulware curve (negotiation-stance.ts): little
 *   at first (the first concession is small whatever was asked), most near the stance's
 *   deadline; the last round offers the reserve itself. Without a real commitment signal (a
 *   stated budget, a bigger cart) one concession adds at most the stance's share of the cap (plus
 *   the tier's points), so pushing alone climbs in steps; the last round (max_rounds) still offers
 *   the reserve. A standing offer is never taken back.
 * - An ask above the automatic limit but within the escalation ceiling goes to the merchant;
 *   above the ceiling it is declined with the best counter the schedule allows now.
 */

function reasonsFor(limits: Limits, pressure: Pressure, extra: OfferReason[]): OfferReason[] {
  const reasons: OfferReason[] = [...extra];
  if (limits.tierPoints > 0) reasons.push("loyalty");
  if (pressure.demand >= 0.7) reasons.push("high-demand");
  if (pressure.lowStock) reasons.push("low-stock");
  return [...new Set(reasons)];
}

function terms(
  discount: Cents,
  subtotal: Cents,
  reasons: OfferReason[],
  newItems: OfferTerms["newItems"] = [],
): OfferTerms {
  const d = Math.max(0, Math.min(discount, subtotal));
  return {
    discount: d,
    // Rounded to the nearest basis point: the cap is enforced on the amount, the percent only describes it.
    percent: subtotal > 0 ? Math.round((d * 10_000) / subtotal) : 0,
    subtotal,
    newItems,
    reasons,
    source: "policy",
  };
}

/** The discount an ask asks for, on the current subtotal. Null when the ask is not a discount at all. */
export function requestedDiscount(ask: ShopperAsk, lines: PolicyLine[], subtotal: Cents): Cents | null {
  switch (ask.kind) {
    case "percent":
      return Math.floor((subtotal * Math.min(ask.percent, 1_000_000)) / 10_000);
    case "amount":
      return ask.amount;
    case "total":
      return subtotal - ask.total;
    case "item-price": {
      const line = lines.find((l) => l.cartItemId === ask.cartItemId);
      if (!line) return null;
      return (line.price - ask.price) * line.quantity;
    }
  }
}

export interface DecisionWithState {
  decision: Decision;
  /** The state to store for the next turn (the round and the schedule position). */
  next: Pick<NegotiationState, "round" | "step" | "bundleProposed">;
}

/**
 * Whether the shopper has shown commitment: a stated budget this turn (a total, an amount off or
 * a price for an item: a figure they would pay), a bigger cart (the stance's number of units), or
 * still negotiating after the stance's number of rounds.
 */
export function commitmentOf(
  intent: PolicyInput["intent"],
  lines: PolicyLine[],
  roundsBefore: number,
  limits: Limits,
): boolean {
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  if (units >= limits.curve.biggerCartUnits || roundsBefore >= limits.curve.persistenceRounds) return true;
  return intent.type === "ask" && intent.ask.kind !== "percent";
}

/**
 * A real commitment signal this turn: a stated budget (a total, an amount off, a price for an
 * item) or a bigger cart. Persistence counts toward the reserve (commitmentOf) but not here: it
 * does not lift the limit on how much one concession may add (the stance's maxStepShare).
 */
export function realCommitmentOf(
  intent: PolicyInput["intent"],
  lines: PolicyLine[],
  limits: Limits,
): boolean {
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  if (units >= limits.curve.biggerCartUnits) return true;
  return intent.type === "ask" && intent.ask.kind !== "percent";
}

/**
 * The most one concession may add without a real commitment signal: the stance's share of the
 * automatic cap (in whole half-percents while the percent limit binds, a share of the amount
 * limit when that binds), plus the loyalty tier's points.
 */
export function largestStep(subtotal: Cents, limits: Limits): Cents {
  const tier = discountAt(limits.tierPoints, subtotal, limits, false);
  const byPercent = discountAt(
    roundDownStep(Math.round(limits.autoPercent * limits.curve.maxStepShare)),
    subtotal,
    limits,
    false,
  );
  const byCap = Math.floor(automaticCap(subtotal, limits, false) * limits.curve.maxStepShare);
  return Math.min(byPercent, byCap) + tier;
}

export function decideCounterOffer(input: PolicyInput): DecisionWithState {
  const { lines, config, state, intent, bundleCandidate } = input;
  const round = state.round + 1;
  const keep = (
    decision: Decision,
    step = state.step,
    bundleProposed = state.bundleProposed,
  ): DecisionWithState => ({
    decision,
    next: { round, step, bundleProposed },
  });
  if (lines.length === 0 || subtotalOf(lines) <= 0) return keep({ kind: "empty-cart" });

  const subtotal = subtotalOf(lines);
  const limits = limitsFor(config, input.profile.tier);
  const pressure = pressureOf(lines);
  const committed = commitmentOf(intent, lines, state.round, limits);
  const standing = state.standing;
  const standingDiscount = standing?.discount ?? 0;
  // What a policy offer on this cart alone already gives stays the floor: a commitment earned
  // on an earlier turn is not taken back when the shopper stops repeating it.
  const standingFloor =
    standing?.source === "policy" && standing.newItems.length === 0 ? standingDiscount : 0;
  const reserve = reservePercent(limits, pressure, false, committed);
  const reserveDiscount = Math.min(
    Math.max(discountAt(reserve, subtotal, limits, false), standingFloor),
    automaticCap(subtotal, limits, false),
  );
  const finalRound = round >= limits.maxRounds;
  // Without a real commitment signal one concession adds at most the stance's share of the cap
  // (and the loyalty tier's points); the last round still offers the reserve.
  const stepLimit =
    finalRound || realCommitmentOf(intent, lines, limits)
      ? Number.POSITIVE_INFINITY
      : standingFloor + largestStep(subtotal, limits);

  /** The next concession: one schedule step further (or the reserve on the last round), never below the standing offer. */
  const nextConcession = (): { offer: OfferTerms; step: number; isFinal: boolean } => {
    const step = finalRound ? Number.POSITIVE_INFINITY : state.step + 1;
    const percent = finalRound ? reserve : scheduledPercent(reserve, step, limits);
    const discount = Math.max(
      Math.min(discountAt(percent, subtotal, limits, false), stepLimit),
      Math.min(standingDiscount, reserveDiscount),
    );
    const isFinal = discount >= reserveDiscount;
    const offer = terms(discount, subtotal, reasonsFor(limits, pressure, isFinal ? ["final"] : []));
    return { offer, step: finalRound ? state.step + 1 : step, isFinal };
  };

  const atReserve = standing !== null && standing.source === "policy" && standingDiscount >= reserveDiscount;
  const canBundle = bundleCandidate !== null && !state.bundleProposed && bundleCandidate.price > 0;
  /** The cross-sell for the bonus: at the reserve, or asked for early, the next step plus the bonus. */
  const bundleOffer = (early = false): OfferTerms | null => {
    if (!bundleCandidate) return null;
    const bundledSubtotal = subtotal + bundleCandidate.price;
    // Taking a bundle is a commitment: its reserve is the committed one, plus the bonus.
    const bundledReserve = reservePercent(limits, pressure, true, true);
    const percent = early
      ? Math.min(
          bundledReserve,
          scheduledPercent(reserve, state.step + 1, limits) +
            Math.floor(limits.bundleBonus * limits.curve.earlyBundleShare),
        )
      : bundledReserve;
    const discount = discountAt(percent, bundledSubtotal, limits, true);
    if (discount <= standingDiscount) return null;
    return terms(discount, bundledSubtotal, reasonsFor(limits, pressure, ["bundle"]), [
      {
        productId: bundleCandidate.productId,
        name: bundleCandidate.name,
        quantity: 1,
        price: bundleCandidate.price,
      },
    ]);
  };

  /** Wants more without a number (or said no): concede one step, offer a bundle at the reserve, or hold. */
  const concede = (): DecisionWithState => {
    if (state.approval?.status === "pending") return keep({ kind: "awaiting-approval", standing });
    if (!standing) {
      const first = nextConcession();
      return keep(
        { kind: "offer", stage: first.isFinal ? "final" : "opening", offer: first.offer, ask: null },
        first.step,
      );
    }
    if (standing.source === "merchant" || atReserve) {
      if (canBundle) {
        const offer = bundleOffer();
        if (offer) return keep({ kind: "offer", stage: "bundle", offer, ask: null }, state.step, true);
      }
      return keep({ kind: "decline", ask: null, counter: standing, why: "final-reached" });
    }
    const next = nextConcession();
    return keep(
      {
        kind: "offer",
        stage: next.isFinal ? "final" : "counter",
        offer: next.offer,
        ask: null,
        ...(next.offer.discount <= standingDiscount ? { held: true as const } : {}),
      },
      next.step,
    );
  };

  switch (intent.type) {
    case "accept":
      if (standing) return keep({ kind: "agreed", offer: standing });
      // Agreeing to an offer that was never made: there is nothing to agree to yet, so open.
      return concede();
    case "refuse":
      if (!standing) return keep({ kind: "refused", standing: null });
      return concede();
    case "discount-request":
    case "push":
      return concede();
    case "question":
    case "small-talk":
    case "unknown": {
      const topic =
        intent.type === "question" ? intent.topic : intent.type === "small-talk" ? intent.topic : "unknown";
      // Asked for a bundle, Ava plays it: the cross-sell named, in an offer the accept button adds.
      if (intent.type === "question" && intent.topic === "bundle" && canBundle) {
        const offer = bundleOffer(!(atReserve || standing?.source === "merchant"));
        if (offer) return keep({ kind: "offer", stage: "bundle", offer, ask: null }, state.step, true);
      }
      return keep({ kind: "info", topic, standing });
    }
    case "ask":
      break;
  }

  const ask = intent.ask;
  const requested = requestedDiscount(ask, lines, subtotal);
  if (requested === null || requested <= 0 || requested > subtotal) {
    return keep({ kind: "decline", ask, counter: standing, why: "nonsense" });
  }
  // A percent ask keeps the shopper's own figure; other asks are expressed on the subtotal.
  const requestedPercent = ask.kind === "percent" ? ask.percent : Math.floor((requested * 10_000) / subtotal);

  // Asking for no more than what stands, or than the next step gives: the shopper's number wins.
  const next = nextConcession();
  // A bundle offer's discount needs the bundle: without it, only the cart's own levels count.
  const withinStanding = standing !== null && standing.newItems.length === 0 && requested <= standingDiscount;
  if (withinStanding || requested <= next.offer.discount) {
    const offer = terms(requested, subtotal, reasonsFor(limits, pressure, ["your-ask"]));
    if (withinStanding && standing?.source === "merchant") offer.source = "merchant";
    return keep({ kind: "accept-ask", offer, ask }, withinStanding ? state.step : next.step);
  }
  if (requested <= reserveDiscount) {
    // Within the reserve: the last round, or a gap of at most one point (within the step limit),
    // closes the deal at the ask.
    if (
      finalRound ||
      (requested - next.offer.discount <= Math.floor(subtotal / 100) && requested <= stepLimit)
    ) {
      return keep(
        {
          kind: "accept-ask",
          offer: terms(requested, subtotal, reasonsFor(limits, pressure, ["your-ask"])),
          ask,
        },
        next.step,
      );
    }
    return keep(
      { kind: "offer", stage: next.isFinal ? "final" : "counter", offer: next.offer, ask },
      next.step,
    );
  }

  const autoLimit = automaticCap(subtotal, limits, false);
  if (
    requested <= autoLimit ||
    (standing?.source === "merchant" && requested <= escalationCeiling(subtotal, limits))
  ) {
    // Possible in principle, more than the policy gives for this cart now.
    if (atReserve || standing?.source === "merchant") {
      if (canBundle) {
        const offer = bundleOffer();
        if (offer) return keep({ kind: "offer", stage: "bundle", offer, ask }, state.step, true);
      }
      return keep({ kind: "decline", ask, counter: standing, why: "final-reached" });
    }
    return keep(
      { kind: "offer", stage: next.isFinal ? "final" : "counter", offer: next.offer, ask },
      next.step,
    );
  }

  if (requested <= escalationCeiling(subtotal, limits)) {
    if (state.approval?.status === "pending") return keep({ kind: "awaiting-approval", standing });
    if (state.approval === null) {
      return keep({
        kind: "escalate",
        requested: { percent: requestedPercent, amount: requested },
        ask,
        standing,
      });
    }
    // The merchant already answered once in this negotiation; the policy's best stands.
    const counter = atReserve || standing?.source === "merchant" ? standing : next.offer;
    return keep(
      { kind: "decline", ask, counter, why: "final-reached" },
      counter === next.offer ? next.step : state.step,
    );
  }

  if (state.approval?.status === "pending") return keep({ kind: "awaiting-approval", standing });
  const counter = atReserve || standing?.source === "merchant" ? standing : next.offer;
  return keep(
    { kind: "decline", ask, counter, why: "above-ceiling" },
    counter === next.offer ? next.step : state.step,
  );
}

/**
 * The best offer the policy allows on this cart without the merchant: its reserve, marked final
 * (what Ava counters with after the merchant turns an escalated ask down). Never less than what
 * stands: a counter-offer does not take back. Null for an empty cart.
 */
export function bestPolicyOffer(
  input: Pick<PolicyInput, "lines" | "profile" | "config">,
  standing: OfferTerms | null,
): OfferTerms | null {
  const subtotal = subtotalOf(input.lines);
  if (input.lines.length === 0 || subtotal <= 0) return null;
  const limits = limitsFor(input.config, input.profile.tier);
  const pressure = pressureOf(input.lines);
  const reserveDiscount = discountAt(reservePercent(limits, pressure, false), subtotal, limits, false);
  if (standing && standing.discount >= reserveDiscount) return standing;
  return terms(reserveDiscount, subtotal, reasonsFor(limits, pressure, ["final"]));
}

/** The offer a decision carries or leaves standing (what the shopper could accept now), if any. */
export function offerInDecision(decision: Decision): OfferTerms | null {
  switch (decision.kind) {
    case "offer":
    case "accept-ask":
    case "agreed":
      return decision.offer;
    case "decline":
      return decision.counter;
    case "escalate":
    case "awaiting-approval":
    case "refused":
    case "info":
      return decision.standing;
    case "empty-cart":
      return null;
  }
}
