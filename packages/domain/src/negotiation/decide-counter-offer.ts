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

/** What every answer of one turn reads: the cart, the limits, the reserve and what stands. */
interface Turn {
  input: PolicyInput;
  state: NegotiationState;
  round: number;
  subtotal: Cents;
  limits: Limits;
  pressure: Pressure;
  standing: NegotiationState["standing"];
  standingDiscount: Cents;
  reserve: number;
  reserveDiscount: Cents;
  finalRound: boolean;
  /** The most the next concession may reach without a real commitment signal. */
  stepLimit: Cents;
  /** The policy's own offer stands at its reserve already. */
  atReserve: boolean;
  canBundle: boolean;
}

type Concession = { offer: OfferTerms; step: number; isFinal: boolean };

export function decideCounterOffer(input: PolicyInput): DecisionWithState {
  const { lines, intent } = input;
  if (lines.length === 0 || subtotalOf(lines) <= 0) return keep(turnRound(input), { kind: "empty-cart" });
  const turn = turnOf(input);
  if (intent.type !== "ask") return answerWithoutFigure(turn, intent);
  return answerAsk(turn, intent.ask);
}

function turnRound(input: PolicyInput): Pick<Turn, "state" | "round"> {
  return { state: input.state, round: input.state.round + 1 };
}

/** The decision, with the state for the next turn (by default the schedule and bundle as they were). */
function keep(
  turn: Pick<Turn, "state" | "round">,
  decision: Decision,
  step = turn.state.step,
  bundleProposed = turn.state.bundleProposed,
): DecisionWithState {
  return { decision, next: { round: turn.round, step, bundleProposed } };
}

function turnOf(input: PolicyInput): Turn {
  const { lines, config, state, intent, bundleCandidate } = input;
  const round = state.round + 1;
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
  return {
    input,
    state,
    round,
    subtotal,
    limits,
    pressure,
    standing,
    standingDiscount,
    reserve,
    reserveDiscount,
    finalRound,
    stepLimit,
    atReserve: standing !== null && standing.source === "policy" && standingDiscount >= reserveDiscount,
    canBundle: bundleCandidate !== null && !state.bundleProposed && bundleCandidate.price > 0,
  };
}

/** The next concession: one schedule step further (or the reserve on the last round), never below the standing offer. */
function nextConcession(t: Turn): Concession {
  const step = t.finalRound ? Number.POSITIVE_INFINITY : t.state.step + 1;
  const percent = t.finalRound ? t.reserve : scheduledPercent(t.reserve, step, t.limits);
  const discount = Math.max(
    Math.min(discountAt(percent, t.subtotal, t.limits, false), t.stepLimit),
    Math.min(t.standingDiscount, t.reserveDiscount),
  );
  const isFinal = discount >= t.reserveDiscount;
  const offer = terms(discount, t.subtotal, reasonsFor(t.limits, t.pressure, isFinal ? ["final"] : []));
  return { offer, step: t.finalRound ? t.state.step + 1 : step, isFinal };
}

/** The cross-sell for the bonus: at the reserve, or asked for early, the next step plus the bonus. */
function bundleOffer(t: Turn, early = false): OfferTerms | null {
  const candidate = t.input.bundleCandidate;
  if (!candidate) return null;
  const bundledSubtotal = t.subtotal + candidate.price;
  // Taking a bundle is a commitment: its reserve is the committed one, plus the bonus.
  const bundledReserve = reservePercent(t.limits, t.pressure, true, true);
  const percent = early
    ? Math.min(
        bundledReserve,
        scheduledPercent(t.reserve, t.state.step + 1, t.limits) +
          Math.floor(t.limits.bundleBonus * t.limits.curve.earlyBundleShare),
      )
    : bundledReserve;
  const discount = discountAt(percent, bundledSubtotal, t.limits, true);
  if (discount <= t.standingDiscount) return null;
  return terms(discount, bundledSubtotal, reasonsFor(t.limits, t.pressure, ["bundle"]), [
    { productId: candidate.productId, name: candidate.name, quantity: 1, price: candidate.price },
  ]);
}

/** At the policy's end (its reserve, or the merchant's offer): the bundle if one is left, else the final word. */
function bundleOrFinal(t: Turn, ask: ShopperAsk | null): DecisionWithState {
  if (t.canBundle) {
    const offer = bundleOffer(t);
    if (offer) return keep(t, { kind: "offer", stage: "bundle", offer, ask }, t.state.step, true);
  }
  return keep(t, { kind: "decline", ask, counter: t.standing, why: "final-reached" });
}

/** The next concession offered as a counter (or as final when it reaches the reserve). */
function counterWith(t: Turn, next: Concession, ask: ShopperAsk | null): DecisionWithState {
  return keep(
    t,
    { kind: "offer", stage: next.isFinal ? "final" : "counter", offer: next.offer, ask },
    next.step,
  );
}

/** Wants more without a number (or said no): concede one step, offer a bundle at the reserve, or hold. */
function concede(t: Turn): DecisionWithState {
  const { standing } = t;
  if (t.state.approval?.status === "pending") return keep(t, { kind: "awaiting-approval", standing });
  if (!standing) {
    const first = nextConcession(t);
    return keep(
      t,
      { kind: "offer", stage: first.isFinal ? "final" : "opening", offer: first.offer, ask: null },
      first.step,
    );
  }
  if (standing.source === "merchant" || t.atReserve) return bundleOrFinal(t, null);
  const next = nextConcession(t);
  return keep(
    t,
    {
      kind: "offer",
      stage: next.isFinal ? "final" : "counter",
      offer: next.offer,
      ask: null,
      ...(next.offer.discount <= t.standingDiscount ? { held: true as const } : {}),
    },
    next.step,
  );
}

/** An answer to anything but a figure: agreeing, refusing, pushing, or a question. */
function answerWithoutFigure(
  t: Turn,
  intent: Exclude<PolicyInput["intent"], { type: "ask" }>,
): DecisionWithState {
  switch (intent.type) {
    case "accept":
      if (t.standing) return keep(t, { kind: "agreed", offer: t.standing });
      // Agreeing to an offer that was never made: there is nothing to agree to yet, so open.
      return concede(t);
    case "refuse":
      if (!t.standing) return keep(t, { kind: "refused", standing: null });
      return concede(t);
    case "discount-request":
    case "push":
      return concede(t);
    case "question":
    case "small-talk":
    case "unknown": {
      const topic =
        intent.type === "question" ? intent.topic : intent.type === "small-talk" ? intent.topic : "unknown";
      // Asked for a bundle, Ava plays it: the cross-sell named, in an offer the accept button adds.
      if (intent.type === "question" && intent.topic === "bundle" && t.canBundle) {
        const offer = bundleOffer(t, !(t.atReserve || t.standing?.source === "merchant"));
        if (offer) return keep(t, { kind: "offer", stage: "bundle", offer, ask: null }, t.state.step, true);
      }
      return keep(t, { kind: "info", topic, standing: t.standing });
    }
  }
}

/**
 * A figure the shopper named, by how far it reaches: within what stands or the next step (the
 * shopper's number wins), within the reserve, within the automatic limit, within the
 * escalation ceiling (the merchant decides), or above it.
 */
function answerAsk(t: Turn, ask: ShopperAsk): DecisionWithState {
  const { subtotal, standing } = t;
  const requested = requestedDiscount(ask, t.input.lines, subtotal);
  if (requested === null || requested <= 0 || requested > subtotal) {
    return keep(t, { kind: "decline", ask, counter: standing, why: "nonsense" });
  }
  const next = nextConcession(t);
  // A bundle offer's discount needs the bundle: without it, only the cart's own levels count.
  const withinStanding =
    standing !== null && standing.newItems.length === 0 && requested <= t.standingDiscount;
  if (withinStanding || requested <= next.offer.discount) {
    const offer = terms(requested, subtotal, reasonsFor(t.limits, t.pressure, ["your-ask"]));
    if (withinStanding && standing?.source === "merchant") offer.source = "merchant";
    return keep(t, { kind: "accept-ask", offer, ask }, withinStanding ? t.state.step : next.step);
  }
  if (requested <= t.reserveDiscount) return askWithinReserve(t, ask, requested, next);
  const endOfPolicy = t.atReserve || standing?.source === "merchant";
  if (
    requested <= automaticCap(subtotal, t.limits, false) ||
    (standing?.source === "merchant" && requested <= escalationCeiling(subtotal, t.limits))
  ) {
    // Possible in principle, more than the policy gives for this cart now.
    return endOfPolicy ? bundleOrFinal(t, ask) : counterWith(t, next, ask);
  }
  if (t.state.approval?.status === "pending") return keep(t, { kind: "awaiting-approval", standing });
  const aboveCeiling = requested > escalationCeiling(subtotal, t.limits);
  if (!aboveCeiling && t.state.approval === null) {
    // A percent ask keeps the shopper's own figure; other asks are expressed on the subtotal.
    const percent = ask.kind === "percent" ? ask.percent : Math.floor((requested * 10_000) / subtotal);
    return keep(t, { kind: "escalate", requested: { percent, amount: requested }, ask, standing });
  }
  // Above the ceiling, or the merchant already answered once in this negotiation: the policy's best stands.
  const counter = endOfPolicy ? standing : next.offer;
  return keep(
    t,
    { kind: "decline", ask, counter, why: aboveCeiling ? "above-ceiling" : "final-reached" },
    counter === next.offer ? next.step : t.state.step,
  );
}

/**
 * An ask within the reserve: the last round, or a gap of at most one point (within the step
 * limit), closes the deal at the ask; otherwise the next concession is the counter.
 */
function askWithinReserve(t: Turn, ask: ShopperAsk, requested: Cents, next: Concession): DecisionWithState {
  if (
    t.finalRound ||
    (requested - next.offer.discount <= Math.floor(t.subtotal / 100) && requested <= t.stepLimit)
  ) {
    const offer = terms(requested, t.subtotal, reasonsFor(t.limits, t.pressure, ["your-ask"]));
    return keep(t, { kind: "accept-ask", offer, ask }, next.step);
  }
  return counterWith(t, next, ask);
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
