import type { LoyaltyTier, ThresholdTier } from "../negotiation/loyalty-tiers.ts";
import type { NegotiationStance } from "../negotiation/negotiation-stance.ts";
import { type Cents, shopMinorUnits } from "../pricing/money.ts";

/**
 * The merchant's settings and their defaults. Every number here is a default a
 * merchant can change; amounts are in dollars as the merchant types them, percents in points.
 */
export interface NegotiationLimits {
  max_auto_discount_pct: number;
  max_auto_discount_amount: number;
  bundling_discount_bonus: number;
  /**
   * How Ava spends the room the limits give (protect margin, balanced, maximise conversion).
   * Sections saved before the stance existed have none: they are read as balanced.
   */
  stance: NegotiationStance;
}

export interface TierBenefits {
  /** Extra discount points per loyalty tier, always inside the caps. */
  extra_points: Record<LoyaltyTier, number>;
  /** Lifetime value (dollars) at which each tier starts; BRONZE starts at the first order. */
  thresholds: Record<ThresholdTier, number>;
}

export interface EscalationRules {
  ceiling_pct: number;
  ceiling_amount: number;
}

export interface GlobalRules {
  offer_expiry_minutes: number;
  max_rounds: number;
}

/** The one pricing rule's settings (shipping and tax on every screen and at checkout). */
export interface PricingSettings {
  free_shipping_threshold: number;
  flat_shipping: number;
  tax_rate_pct: number;
}

/** What shoppers' AI agents (over MCP) may do beyond browsing, filling the cart and checking out. */
export interface AgentRules {
  /** Whether an agent may negotiate with Ava for its shopper; on by default. */
  allow_negotiation: boolean;
}

export interface SellerConfig {
  negotiation_limits: NegotiationLimits;
  tier_benefits: TierBenefits;
  escalation_rules: EscalationRules;
  global_rules: GlobalRules;
  pricing: PricingSettings;
  agents: AgentRules;
}

/** The sections of the settings, each saved on its own (PUT /api/merchant/config/:configType). */
export const SELLER_CONFIG_TYPES = [
  "negotiation_limits",
  "tier_benefits",
  "escalation_rules",
  "global_rules",
  "pricing",
  "agents",
] as const satisfies readonly (keyof SellerConfig)[];
export type SellerConfigType = (typeof SELLER_CONFIG_TYPES)[number];

export const DEFAULT_SELLER_CONFIG: SellerConfig = {
  negotiation_limits: {
    max_auto_discount_pct: 15,
    max_auto_discount_amount: 150,
    bundling_discount_bonus: 5,
    stance: "balanced",
  },
  tier_benefits: {
    extra_points: { NONE: 0, BRONZE: 1, SILVER: 2, GOLD: 3, PLATINUM: 5 },
    thresholds: { SILVER: 500, GOLD: 2000, PLATINUM: 5000 },
  },
  escalation_rules: { ceiling_pct: 25, ceiling_amount: 400 },
  global_rules: { offer_expiry_minutes: 30, max_rounds: 8 },
  pricing: { free_shipping_threshold: 100, flat_shipping: 10, tax_rate_pct: 10 },
  agents: { allow_negotiation: true },
};

/**
 * A money setting (in the shop's currency, as the merchant typed it and as the settings are stored
 * and sent) in minor units: the one conversion of the settings' amounts, used by every rule that reads them.
 */
export function settingCents(dollars: number): Cents {
  return Number.isFinite(dollars) ? Math.max(0, Math.round(dollars * 10 ** shopMinorUnits())) : 0;
}
