/**
 * When a negotiation is still open, as the merchant's "Active Negotiations" counts it. A
 * negotiation ends, whether or not an offer was accepted, when its cart is checked out, when the
 * cart is emptied, or when nobody has said anything in it for NEGOTIATION_ABANDONED_AFTER_HOURS:
 * a day is long enough to come back after sleeping on an offer, and an accepted offer lapses
 * well before it.
 */
export const NEGOTIATION_ABANDONED_AFTER_HOURS = 24;

export interface NegotiationState {
  /** 'active' until the offer is applied ('completed'). */
  status: string;
  /** The shopper's turns: a page visit without a word is no negotiation. */
  rounds: number;
  /** The cart's status: 'active', or 'converted' once checked out. */
  cartStatus: string;
  cartLines: number;
  /** The last message in it (or its start, before any). */
  lastActivityAt: Date;
}

/** The last instant of activity that still keeps a negotiation open at `now`. */
export function abandonedBefore(now: Date): Date {
  return new Date(now.getTime() - NEGOTIATION_ABANDONED_AFTER_HOURS * 3_600_000);
}

export function isNegotiationOpen(n: NegotiationState, now: Date): boolean {
  return (
    n.status === "active" &&
    n.rounds > 0 &&
    n.cartStatus === "active" &&
    n.cartLines > 0 &&
    n.lastActivityAt.getTime() >= abandonedBefore(now).getTime()
  );
}
