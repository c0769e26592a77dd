import type { Cents } from "../pricing/money.ts";
import { type SellerConfig, settingCents } from "../merchant/seller-config.ts";
import type { LoyaltyTier } from "./loyalty-tiers.ts";
import type { BasisPoints, OfferTerms, PolicyLine } from "./negotiation-types.ts";
import {
  boulwarePercent,
  type NegotiationStance,
  roundDownStep,
  STANCE_CURVES,
  type StanceCurve,
  stanceOf,
} from "./negotiation-stance.ts";

/**
 * The merchant's limits in cents and basis points, and the walk-away point (reserve) and
 * concession schedule derived from them. Every figure the policy offers is bounded here.
 */

/** How much a fully hot cart (demand 1.0) lowers the reserve. */
const DEMAND_WEIGHT = 0.4;
/** Scarce stock keeps 80% of the reserve. */
const LOW_STOCK_FACTOR = 0.8;
const LOW_STOCK_UNITS = 5;

export interface Limits {
  autoPercent: BasisPoints;
  autoAmount: Cents;
  bundleBonus: BasisPoints;
  tierPoints: BasisPoints;
  ceilingPercent: BasisPoints;
  ceilingAmount: Cents;
  maxRounds: number;
  stance: NegotiationStance;
  curve: StanceCurve;
}

const bp = (percentPoints: number) => Math.max(0, Math.round(percentPoints * 100));
export { roundDownStep };

export function limitsFor(config: SellerConfig, tier: LoyaltyTier): Limits {
  const autoPercent = Math.min(bp(config.negotiation_limits.max_auto_discount_pct), 10_000);
  const ceilingPercent = Math.min(Math.max(bp(config.escalation_rules.ceiling_pct), autoPercent), 10_000);
  const autoAmount = settingCents(config.negotiation_limits.max_auto_discount_amount);
  const stance = stanceOf(config.negotiation_limits.stance);
  return {
    autoPercent,
    autoAmount,
    bundleBonus: bp(config.negotiation_limits.bundling_discount_bonus),
    tierPoints: bp(config.tier_benefits.extra_points[tier] ?? 0),
    ceilingPercent,
    ceilingAmount: Math.max(settingCents(config.escalation_rules.ceiling_amount), autoAmount),
    maxRounds: Math.max(1, Math.floor(config.global_rules.max_rounds)),
    stance,
    curve: STANCE_CURVES[stance],
  };
}

export function subtotalOf(lines: readonly Pick<PolicyLine, "price" | "quantity">[]): Cents {
  return lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
}

/** The most the policy may give automatically on `subtotal` (with the bundle bonus when bundling). */
export function automaticCap(subtotal: Cents, limits: Limits, withBundle: boolean): Cents {
  const percent = limits.autoPercent + (withBundle ? limits.bundleBonus : 0);
  return Math.max(0, Math.min(Math.floor((subtotal * percent) / 10_000), limits.autoAmount, subtotal));
}

/** The escalation band's top: asks above it are declined outright. */
export function escalationCeiling(subtotal: Cents, limits: Limits): Cents {
  return Math.max(
    0,
    Math.min(Math.floor((subtotal * limits.ceilingPercent) / 10_000), limits.ceilingAmount, subtotal),
  );
}

/**
 * Whether an offer may still be applied under the merchant's current limits: a policy offer
 * within the automatic cap (with the bonus when it bundles a product), a merchant-approved one
 * within the escalation ceiling.
 */
export function withinCurrentLimits(terms: OfferTerms, config: SellerConfig, tier: LoyaltyTier): boolean {
  const limits = limitsFor(config, tier);
  return terms.source === "merchant"
    ? terms.discount <= escalationCeiling(terms.subtotal, limits)
    : terms.discount <= automaticCap(terms.subtotal, limits, terms.newItems.length > 0);
}

export interface Pressure {
  demand: number;
  lowStock: boolean;
}

export function pressureOf(lines: PolicyLine[]): Pressure {
  const value = subtotalOf(lines);
  const demand =
    value > 0
      ? lines.reduce((s, l) => s + Math.min(1, Math.max(0, l.demandIndex)) * l.price * l.quantity, 0) / value
      : 0;
  const lowStock = lines.some((l) => l.stockLevel - l.quantity < LOW_STOCK_UNITS);
  return { demand, lowStock };
}

/**
 * The reserve in basis points: the limit lowered for pressure, plus the tier's points, never above
 * the limit. A committed shopper (see commitmentOf) earns back the stance's share of what demand
 * held back; scarce stock is never given back.
 */
export function reservePercent(
  limits: Limits,
  pressure: Pressure,
  withBundle: boolean,
  committed = false,
): BasisPoints {
  const held = DEMAND_WEIGHT * pressure.demand * (committed ? 1 - limits.curve.commitmentLift : 1);
  const lowered = limits.autoPercent * (1 - held) * (pressure.lowStock ? LOW_STOCK_FACTOR : 1);
  const base = Math.min(limits.autoPercent, roundDownStep(lowered) + limits.tierPoints);
  return withBundle ? base + limits.bundleBonus : base;
}

/** The discount a percent gives on `subtotal`, never above the automatic cap. */
export function discountAt(
  percent: BasisPoints,
  subtotal: Cents,
  limits: Limits,
  withBundle: boolean,
): Cents {
  return Math.min(Math.floor((subtotal * percent) / 10_000), automaticCap(subtotal, limits, withBundle));
}

/** The concession schedule: the stance's Boulware curve toward the reserve (the last round = reserve). */
export function scheduledPercent(
  reserve: BasisPoints,
  step: number,
  limits: Pick<Limits, "curve">,
): BasisPoints {
  return boulwarePercent(reserve, step, limits.curve);
}
