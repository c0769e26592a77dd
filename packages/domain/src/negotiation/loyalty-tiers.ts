/** A shopper's loyalty tiers, lowest first: NONE until the first order. */
export const LOYALTY_TIERS = ["NONE", "BRONZE", "SILVER", "GOLD", "PLATINUM"] as const;
export type LoyaltyTier = (typeof LOYALTY_TIERS)[number];

/** The tiers reached by lifetime value, each from a threshold the merchant sets; BRONZE comes with the first order. */
export const THRESHOLD_TIERS = ["SILVER", "GOLD", "PLATINUM"] as const satisfies readonly LoyaltyTier[];
export type ThresholdTier = (typeof THRESHOLD_TIERS)[number];

/** How each tier is named to shoppers and merchants. */
export const TIER_LABELS: Record<LoyaltyTier, string> = {
  NONE: "New Customer",
  BRONZE: "Bronze",
  SILVER: "Silver",
  GOLD: "Gold",
  PLATINUM: "Platinum",
};
