import type { Cents } from "../pricing/money.ts";
import { toCents } from "../pricing/money.ts";
import type { TierBenefits } from "../merchant/seller-config.ts";

export type LoyaltyTier = "NONE" | "BRONZE" | "SILVER" | "GOLD" | "PLATINUM";

/** NONE with no orders; BRONZE from the first; SILVER, GOLD, PLATINUM by lifetime value (config). */
export function loyaltyTierFor(
  ordersCount: number,
  lifetimeValue: Cents,
  thresholds: TierBenefits["thresholds"],
): LoyaltyTier {
  if (ordersCount <= 0) return "NONE";
  if (lifetimeValue >= toCents(thresholds.PLATINUM)) return "PLATINUM";
  if (lifetimeValue >= toCents(thresholds.GOLD)) return "GOLD";
  if (lifetimeValue >= toCents(thresholds.SILVER)) return "SILVER";
  return "BRONZE";
}

export const TIER_LABELS: Record<LoyaltyTier, string> = {
  NONE: "New Customer",
  BRONZE: "Bronze",
  SILVER: "Silver",
  GOLD: "Gold",
  PLATINUM: "Platinum",
};
