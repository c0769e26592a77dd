import type { Me, Profile } from "@haggle/contract/account";
import { LoyaltyTierSchema } from "@haggle/contract/account";
import type { Db } from "../../platform/db/client.ts";
import { type AccountIdentity, ensureProfile, loadRoleNames } from "./accounts.store.ts";

/** The shopper's profile; created on sign-up, and here too for accounts made before profiles existed. */
export async function loadProfile(db: Db, who: AccountIdentity): Promise<Profile> {
  const row = await ensureProfile(db, who);
  const tier = LoyaltyTierSchema.safeParse(row.loyaltyTier);
  return {
    name: row.name,
    email: row.email,
    loyaltyTier: tier.success ? tier.data : "NONE",
    ordersCount: row.ordersCount,
    lifetimeValue: row.lifetimeValue,
    totalSavings: row.totalSavings,
  };
}

export async function loadRoles(db: Db, userId: string): Promise<Me["roles"]> {
  const roles = await loadRoleNames(db, userId);
  return roles.includes("merchant") ? ["merchant"] : [];
}
