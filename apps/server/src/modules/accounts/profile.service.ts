import type { Me, Profile } from "@haggle/contract/account";
import { LoyaltyTierSchema } from "@haggle/contract/account";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { profiles, userRoles } from "../../platform/db/schema.ts";
import type { SessionUser } from "../../http/context.ts";
import { moneyOut } from "../catalog/product-dto.ts";

/** The shopper's profile; created on sign-up, and here too for accounts made before profiles existed. */
export async function loadProfile(db: Db, who: SessionUser): Promise<Profile> {
  let [row] = await db.select().from(profiles).where(eq(profiles.userId, who.id)).limit(1);
  if (!row) {
    await db
      .insert(profiles)
      .values({ userId: who.id, name: who.name, email: who.email })
      .onConflictDoNothing();
    [row] = await db.select().from(profiles).where(eq(profiles.userId, who.id)).limit(1);
  }
  if (!row) throw new Error("profile could not be created");
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

export async function loadRoles(db: Db, userId: string): Promise<Me["roles"]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.some((r) => r.role === "merchant") ? ["merchant"] : [];
}
