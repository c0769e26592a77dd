import type { Cents } from "../pricing/money.ts";
import { settingCents, type TierBenefits } from "../merchant/seller-config.ts";
import type { LoyaltyTier } from "./loyalty-tiers.ts";

/** NONE with no orders; BRONZE from the first; SILVER, GOLD, PLATINUM by lifetime value (config). */
export function loyaltyTierFor(
  ordersCount: number,
  lifetimeValue: Cents,
  thresholds: TierBenefits["thresholds"],
): LoyaltyTier {
  if (ordersCount <= 0) return "NONE";
  if (lifetimeValue >= settingCents(thresholds.PLATINUM)) return "PLATINUM";
  if (lifetimeValue >= settingCents(thresholds.GOLD)) return "GOLD";
  if (lifetimeValue >= settingCents(thresholds.SILVER)) return "SILVER";
  return "BRONZE";
}
