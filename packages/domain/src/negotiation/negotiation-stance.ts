/** Basis points (15% = 1500), as in negotiation-types.ts; not imported from there: the settings import this module. */
type BasisPoints = number;

/**
 * The merchant's stance: how Ava spends the room the limits give her. Every stance
 * stays inside the same caps, concedes monotonically and escalates in the same band; they differ
 * in how fast concessions come and what earns the room up to the cap.
 *
 * - The time curve is a Boulware curve over the policy's concessions: level(n) =
 *   reserve x (n / deadline)^exponent. An exponent above 1 gives little early and most of it
 *   near the deadline, so a shopper who asks once or twice (and would buy anyway) gets little,
 *   and one who keeps negotiating reaches the reserve.
 * - The first concession is at most `firstConcession` (a bare "10% off?" earns a token, not half
 *   the cap).
 * - Commitment signals earn the room the demand of the cart held back (up to the automatic limit
 *   plus the tier's points): a stated budget or total, a bigger cart, accepting a bundle.
 */
export const NEGOTIATION_STANCES = ["protect-margin", "balanced", "maximise-conversion"] as const;
export type NegotiationStance = (typeof NEGOTIATION_STANCES)[number];
export const DEFAULT_STANCE: NegotiationStance = "balanced";

export interface StanceCurve {
  /** The concession at which the time curve reaches the reserve. */
  deadline: number;
  /** Boulware exponent: above 1, slow at first, fast near the deadline. */
  exponent: number;
  /** The most the first concession may give, in basis points. */
  firstConcession: BasisPoints;
  /** Share of the room the cart's demand held back that a commitment signal gives back (0..1). */
  commitmentLift: number;
  /** Rounds after which a shopper still negotiating counts as committed (persistence is a signal). */
  persistenceRounds: number;
  /** Units in the cart from which it counts as a bigger cart (a commitment signal). */
  biggerCartUnits: number;
  /** Share of the bundling bonus a bundle asked for early gives on top of the next step (0..1). */
  earlyBundleShare: number;
  /**
   * The most one concession may add to the standing offer, as a share of the automatic cap, unless
   * the shopper shows a real commitment signal that turn (a stated budget, a bigger cart): pushing
   * alone ("is that your best price?") earns the cap in steps, not in one leap (0..1; 1 = no limit).
   */
  maxStepShare: number;
}

export const STANCE_CURVES: Record<NegotiationStance, StanceCurve> = {
  "protect-margin": {
    deadline: 6,
    exponent: 3,
    firstConcession: 100,
    commitmentLift: 0.5,
    persistenceRounds: 5,
    biggerCartUnits: 4,
    earlyBundleShare: 0.5,
    maxStepShare: 1 / 3,
  },
  balanced: {
    deadline: 3.4,
    exponent: 6,
    firstConcession: 150,
    commitmentLift: 1,
    persistenceRounds: 3,
    biggerCartUnits: 3,
    earlyBundleShare: 0.4,
    maxStepShare: 1 / 3,
  },
  "maximise-conversion": {
    deadline: 3,
    exponent: 1.6,
    firstConcession: 300,
    commitmentLift: 1,
    persistenceRounds: 2,
    biggerCartUnits: 2,
    earlyBundleShare: 1,
    maxStepShare: 1 / 2,
  },
};

/** The stance a stored setting names; anything else (absent, an unknown word) is the default. */
export function stanceOf(value: unknown): NegotiationStance {
  return (NEGOTIATION_STANCES as readonly unknown[]).includes(value)
    ? (value as NegotiationStance)
    : DEFAULT_STANCE;
}

/** Offers are whole half-percents: 7.5%, 10%. */
export const STEP_BP = 50;
export const roundDownStep = (value: BasisPoints) => Math.floor(value / STEP_BP) * STEP_BP;

/**
 * The time curve: the level of concession `step` toward `reserve`, in half-percent steps. Never
 * decreasing in `step`, never above the reserve, the first step at most the stance's first
 * concession (and at least half a percent, so asking is never answered with nothing).
 */
export function boulwarePercent(reserve: BasisPoints, step: number, curve: StanceCurve): BasisPoints {
  if (step <= 0 || reserve <= 0) return 0;
  const t = Math.min(1, step / Math.max(1, curve.deadline));
  let level = roundDownStep(reserve * t ** curve.exponent);
  if (step === 1) level = Math.min(level, roundDownStep(curve.firstConcession));
  return Math.min(reserve, Math.max(level, Math.min(STEP_BP, reserve)));
}
