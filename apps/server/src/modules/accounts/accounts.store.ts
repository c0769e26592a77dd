import { and, eq, inArray } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { appSettings, profiles, userRoles } from "../../platform/db/schema.ts";

export type ProfileRow = typeof profiles.$inferSelect;

/** Who a profile is made for when it is missing: the account's id, name and email. */
export interface AccountIdentity {
  id: string;
  name: string;
  email: string;
}

export async function findProfile(db: Queryable, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? null;
}

/** The profiles of these accounts (those that have one). */
export async function findProfiles(db: Queryable, userIds: readonly string[]): Promise<ProfileRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(profiles)
    .where(inArray(profiles.userId, [...userIds]));
}

/** The profile of a new account (better-auth's sign-up hook); one that exists already is kept. */
export async function createProfile(db: Queryable, who: AccountIdentity): Promise<void> {
  await db
    .insert(profiles)
    .values({ userId: who.id, name: who.name, email: who.email })
    .onConflictDoNothing();
}

/** The shopper's profile; created on sign-up, and here too for accounts made before profiles existed. */
export async function ensureProfile(db: Queryable, who: AccountIdentity): Promise<ProfileRow> {
  const existing = await findProfile(db, who.id);
  if (existing) return existing;
  await createProfile(db, who);
  const created = await findProfile(db, who.id);
  if (!created) throw new Error("profile could not be created");
  return created;
}

/**
 * Locks the shopper's profile row until the transaction ends (one checkout per shopper at a
 * time, on both databases) and answers it as it is now.
 */
export async function lockProfile(tx: Tx, userId: string): Promise<ProfileRow | null> {
  const [row] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for("update");
  return row ?? null;
}

/** The running totals an order changes: orders, lifetime value, savings (numeric strings) and the tier. */
export async function saveProfileTotals(
  tx: Tx,
  userId: string,
  totals: Pick<ProfileRow, "ordersCount" | "lifetimeValue" | "totalSavings" | "loyaltyTier">,
): Promise<void> {
  await tx
    .update(profiles)
    .set({ ...totals, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}

export async function hasRole(db: Queryable, userId: string, role: string): Promise<boolean> {
  const rows = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .limit(1);
  return rows.length > 0;
}

export async function loadRoleNames(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role);
}

/** Gives the account a role; false when it had it already. */
export async function grantRole(db: Queryable, userId: string, role: string): Promise<boolean> {
  const inserted = await db
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoNothing()
    .returning({ id: userRoles.id });
  return inserted.length > 0;
}

/**
 * The session secret kept in the database: the first process to start stores `candidate`, and
 * every process sharing the database answers the one stored.
 */
export async function storedAuthSecret(db: Queryable, candidate: string): Promise<string> {
  await db.insert(appSettings).values({ key: "auth_secret", value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "auth_secret"));
  if (!row) throw new Error("could not store the session secret");
  return row.value;
}
