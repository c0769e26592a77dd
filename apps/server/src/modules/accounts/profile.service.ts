import type { Me, Profile } from "@haggle/contract/account";
import { LoyaltyTierSchema } from "@haggle/contract/account";
import type { Db } from "../../platform/db/client.ts";
import { moneyOut } from "../../platform/db/column-values.ts";
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
    lifetimeValue: moneyOut(row.lifetimeValue),
    totalSavings: moneyOut(row.totalSavings),
  };
}

/** The merchant role as it counts now (a demo-mode role only in demo mode), and admin when `admin`. */
export async function loadRoles(
  db: Db,
  userId: string,
  demoMode: boolean,
  admin: boolean,
): Promise<Me["roles"]> {
  const held = await loadRoleNames(db, userId, demoMode);
  const roles: Me["roles"] = held.includes("merchant") ? ["merchant"] : [];
  if (admin) roles.push("admin");
  return roles;
}
