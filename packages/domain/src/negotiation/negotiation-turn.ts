import { conflict } from "../errors.ts";
import { decideCounterOffer } from "./decide-counter-offer.ts";
import { type Escalation, escalationFor } from "./merchant-approval.ts";
import { subtotalOf } from "./negotiation-limits.ts";
import type {
  BundleCandidate,
  Decision,
  NegotiationSnapshot,
  NegotiationState,
  OfferLapse,
  OfferToIssue,
  StoredOffer,
  VoiceInput,
} from "./negotiation-types.ts";
import { parseShopperMessage } from "./parse-shopper-message.ts";
import { issue, whatStands } from "./standing-offer.ts";
import { voiceInputFor } from "./voice-input.ts";
import { whatWouldMoveAva } from "./what-would-move-ava.ts";

/**
 * One shopper turn, whole: which offer stands, what the shopper said, what the policy decides,
 * and what of it the shop stores — a new standing offer, the standing one agreed, an escalation
 * for the merchant — and what the voice is told. The server and the eval both play turns with
 * this function; neither adds a rule of its own.
 */

export interface ShopperTurnInput {
  negotiation: NegotiationSnapshot;
  /** The shopper's message (only the last one counts: the history is the shop's). */
  message: string;
  /** A cross-sell the policy may bundle (see bundleSearchFor), or null. */
  bundleCandidate: BundleCandidate | null;
  now: Date;
}

export type OfferChange =
  /** A new standing offer, retiring the one before it. */
  | ({ kind: "issue" } & OfferToIssue)
  /** The shopper agreed to the standing offer. */
  | { kind: "agree"; offerId: string };

export interface ShopperTurn {
  /** The latest offer stopped counting (cart changed or expired): mark it so. */
  lapsed: OfferLapse | null;
  decision: Decision;
  /** What happens to the offers; null leaves them as they are. */
  offer: OfferChange | null;
  /** The offer standing before the turn (after any lapse): it still stands unless `offer` replaces it. */
  standing: StoredOffer | null;
  /** An ask for the merchant to decide. */
  escalation: Escalation | null;
  /** The policy's memory for the next turn. */
  next: Pick<NegotiationState, "round" | "step" | "bundleProposed">;
  /** What the voice is told. */
  voice: VoiceInput;
}

function policyState(negotiation: NegotiationSnapshot, standing: StoredOffer | null): NegotiationState {
  return {
    round: negotiation.round,
    step: negotiation.step,
    standing: standing?.terms ?? null,
    bundleProposed: negotiation.bundleProposed,
    approval: negotiation.approval,
  };
}

/** What the decision changes in the stored offers. */
function offerChange(
  decision: Decision,
  standing: StoredOffer | null,
  negotiation: NegotiationSnapshot,
  now: Date,
): OfferChange | null {
  const issued = (terms: Parameters<typeof issue>[0]): OfferChange => ({
    kind: "issue",
    ...issue(terms, negotiation.config, now),
  });
  switch (decision.kind) {
    case "offer":
    case "accept-ask":
      return issued(decision.offer);
    case "decline":
      // A counter replaces the standing offer only when it gives more: a decline never takes back.
      if (decision.counter && (!standing || decision.counter.discount > standing.terms.discount)) {
        return issued(decision.counter);
      }
      return null;
    case "agreed":
      return standing ? { kind: "agree", offerId: standing.id } : null;
    default:
      return null;
  }
}

export function takeShopperTurn(input: ShopperTurnInput): ShopperTurn {
  const { negotiation, now } = input;
  if (negotiation.status !== "active") {
    throw conflict(
      "This negotiation is complete. Start a new one to negotiate again.",
      "NEGOTIATION_COMPLETED",
    );
  }
  const { standing, lapsed } = whatStands(negotiation.latestOffer, negotiation.fingerprint, now);
  const intent = parseShopperMessage(input.message, {
    subtotal: subtotalOf(negotiation.lines),
    lines: negotiation.lines.map((l) => ({
      cartItemId: l.cartItemId,
      name: l.name,
      brand: l.brand,
      category: l.category,
      price: l.price,
      quantity: l.quantity,
    })),
  });
  const { decision, next } = decideCounterOffer({
    lines: negotiation.lines,
    profile: negotiation.profile,
    config: negotiation.config,
    state: policyState(negotiation, standing),
    intent,
    bundleCandidate: input.bundleCandidate,
  });
  const turn: ShopperTurn = {
    lapsed,
    decision,
    offer: offerChange(decision, standing, negotiation, now),
    standing,
    escalation: decision.kind === "escalate" ? escalationFor(decision, negotiation) : null,
    next,
    voice: voiceInputFor(negotiation, decision, next.round, standing?.terms ?? null),
  };
  const levers = whatWouldMoveAva(decision, afterTurn(negotiation, turn, "next-turn"), input.bundleCandidate);
  if (levers.length > 0) turn.voice.levers = levers;
  return turn;
}

/**
 * The negotiation as the shop remembers it after a turn: what the store's writes amount to.
 * In-memory players (the eval, tests) carry the state with it; the server writes rows instead
 * and reads them back on the next turn.
 */
export function afterTurn(
  negotiation: NegotiationSnapshot,
  turn: ShopperTurn,
  newOfferId: string,
): NegotiationSnapshot {
  let latestOffer = turn.standing;
  if (turn.offer?.kind === "issue") {
    latestOffer = {
      id: newOfferId,
      terms: turn.offer.terms,
      cartFingerprint: negotiation.fingerprint,
      expiresAt: turn.offer.expiresAt,
      status: "standing",
    };
  } else if (turn.offer?.kind === "agree" && turn.standing) {
    latestOffer = { ...turn.standing, status: "agreed" };
  }
  return {
    ...negotiation,
    ...turn.next,
    latestOffer,
    approval: turn.escalation
      ? { status: "pending", percent: turn.escalation.percent, amount: turn.escalation.amount }
      : negotiation.approval,
  };
}
