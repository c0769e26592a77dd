import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { columnPlaceholders, preparedStatement } from "../../platform/db/prepared.ts";
import { profiles, roleAudit, userRoles } from "../../platform/db/schema/accounts.ts";
import { user, verification } from "../../platform/db/schema/auth.ts";

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
  const [row] = await lockProfileStatement(tx, { userId });
  return row ?? null;
}

// Every checkout runs these two: their SQL is built once (preparedStatement).
const lockProfileStatement = preparedStatement("accounts_lock_profile", (q) =>
  q
    .select()
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder("userId")))
    .for("update"),
);
const saveTotalsStatement = preparedStatement("accounts_save_profile_totals", (q) =>
  q
    .update(profiles)
    .set(columnPlaceholders("ordersCount", "lifetimeValue", "totalSavings", "loyaltyTier", "updatedAt"))
    .where(eq(profiles.userId, sql.placeholder("userId"))),
);

/**
 * lockProfile for a shopper whose profile may be missing (an account made before profiles
 * existed): created first, then locked. One statement when it exists, as it nearly always does.
 */
export async function lockOrCreateProfile(tx: Tx, who: AccountIdentity): Promise<ProfileRow | null> {
  const locked = await lockProfile(tx, who.id);
  if (locked) return locked;
  await createProfile(tx, who);
  return lockProfile(tx, who.id);
}

/** The running totals an order changes: orders, lifetime value, savings (numeric strings) and the tier. */
export async function saveProfileTotals(
  tx: Tx,
  userId: string,
  totals: Pick<ProfileRow, "ordersCount" | "lifetimeValue" | "totalSavings" | "loyaltyTier">,
): Promise<void> {
  await saveTotalsStatement(tx, { ...totals, updatedAt: new Date(), userId });
}

/**
 * saveProfileTotals as a write of the placing (placeholders and their values): the checkout runs
 * it in its order's own statement, the profile's row locked already.
 */
export function profileTotalsWrite(
  userId: string,
  totals: Pick<ProfileRow, "ordersCount" | "lifetimeValue" | "totalSavings" | "loyaltyTier">,
) {
  return {
    key: "profile_totals",
    build: (q: Queryable) =>
      q
        .update(profiles)
        .set({
          ordersCount: sql.placeholder("profile_totals_orders") as never,
          lifetimeValue: sql.placeholder("profile_totals_value") as never,
          totalSavings: sql.placeholder("profile_totals_savings") as never,
          loyaltyTier: sql.placeholder("profile_totals_tier") as never,
          updatedAt: sql.placeholder("profile_totals_at") as never,
        })
        .where(eq(profiles.userId, sql.placeholder("profile_totals_user")))
        .returning({ userId: profiles.userId }),
    values: {
      profile_totals_orders: totals.ordersCount,
      profile_totals_value: totals.lifetimeValue,
      profile_totals_savings: totals.totalSavings,
      profile_totals_tier: totals.loyaltyTier,
      profile_totals_at: new Date(),
      profile_totals_user: userId,
    },
  };
}

/** How a role was granted; 'demo' roles count only while DEMO_MODE is on. */
export type RoleSource = "claim" | "admin" | "demo";
export type RoleName = "merchant" | "admin";

/** Which roles count: all of them in demo mode, otherwise those not granted in demo mode. */
const counted = (demoMode: boolean) => (demoMode ? undefined : ne(userRoles.source, "demo"));

export async function hasRole(
  db: Queryable,
  userId: string,
  role: string,
  demoMode = false,
): Promise<boolean> {
  const rows = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role), counted(demoMode)))
    .limit(1);
  return rows.length > 0;
}

export async function loadRoleNames(db: Queryable, userId: string, demoMode = false): Promise<string[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), counted(demoMode)));
  return rows.map((r) => r.role);
}

/** The one who acts on a role: an account, or null for the server itself (demo mode ending). */
export interface RoleActor {
  id: string;
  email: string;
}

/** The account a role is given to or taken from. */
export interface RoleHolder {
  id: string;
  email: string;
}

async function audit(
  db: Queryable,
  entry: {
    action: "grant" | "revoke";
    role: string;
    holder: RoleHolder;
    by: RoleActor | null;
    reason: string;
  },
) {
  await db.insert(roleAudit).values({
    action: entry.action,
    role: entry.role,
    userId: entry.holder.id,
    userEmail: entry.holder.email,
    byUserId: entry.by?.id ?? null,
    byEmail: entry.by?.email ?? null,
    reason: entry.reason,
  });
}

/** An ADMIN_EMAILS account became admin as its address was verified (no role row: the setting grants it). */
export async function auditConfiguredAdmin(db: Queryable, holder: RoleHolder): Promise<void> {
  await audit(db, {
    action: "grant",
    role: "admin",
    holder,
    by: null,
    reason: "e-mail in ADMIN_EMAILS verified",
  });
}

/** Of these addresses, those with an account whose address is not verified yet. */
export async function unverifiedAccountEmails(db: Queryable, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ email: user.email })
    .from(user)
    .where(and(inArray(sql`lower(${user.email})`, [...emails]), eq(user.emailVerified, false)));
  return rows.map((r) => r.email);
}

/** Whether the account's e-mail address is verified. */
export async function isEmailVerified(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row?.verified ?? false;
}

/** Gives the account a role and audits it; false (and nothing written) when it had it already. */
export async function grantRole(
  db: Queryable,
  grant: { holder: RoleHolder; role: RoleName; source: RoleSource; by: RoleActor | null; reason: string },
): Promise<boolean> {
  const inserted = await db
    .insert(userRoles)
    .values({
      userId: grant.holder.id,
      role: grant.role,
      source: grant.source,
      grantedBy: grant.by?.id ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: userRoles.id });
  if (inserted.length === 0) return false;
  await audit(db, { action: "grant", ...grant });
  return true;
}

/** Takes a role away and audits it; false when the account did not hold it. */
export async function revokeRole(
  db: Queryable,
  revoke: { holder: RoleHolder; role: string; by: RoleActor | null; reason: string },
): Promise<boolean> {
  const deleted = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, revoke.holder.id), eq(userRoles.role, revoke.role)))
    .returning({ id: userRoles.id });
  if (deleted.length === 0) return false;
  await audit(db, { action: "revoke", ...revoke });
  return true;
}

/** Demo mode is over: every role granted in it ends, each revocation audited. Returns how many. */
export async function revokeDemoRoles(tx: Tx): Promise<number> {
  const rows = await tx
    .delete(userRoles)
    .where(eq(userRoles.source, "demo"))
    .returning({ userId: userRoles.userId, role: userRoles.role });
  if (rows.length === 0) return 0;
  const emails = new Map(
    (
      await tx
        .select({ id: user.id, email: user.email })
        .from(user)
        .where(
          inArray(
            user.id,
            rows.map((r) => r.userId),
          ),
        )
    ).map((u) => [u.id, u.email]),
  );
  for (const row of rows) {
    await audit(tx, {
      action: "revoke",
      role: row.role,
      holder: { id: row.userId, email: emails.get(row.userId) ?? "" },
      by: null,
      reason: "demo mode ended",
    });
  }
  return rows.length;
}

/** Whether any account holds the admin role that counts outside demo mode. */
export async function anyAdminRole(db: Queryable): Promise<boolean> {
  const rows = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.role, "admin"), ne(userRoles.source, "demo")))
    .limit(1);
  return rows.length > 0;
}

export async function findAccountByEmail(db: Queryable, email: string): Promise<RoleHolder | null> {
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function findAccount(db: Queryable, id: string): Promise<RoleHolder | null> {
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.id, id))
    .limit(1);
  return row ?? null;
}

/** Every role held, with its account and who granted it, newest first. */
export async function listRoleHolders(db: Queryable) {
  const granter = alias(user, "granter");
  return db
    .select({
      userId: userRoles.userId,
      email: user.email,
      name: user.name,
      role: userRoles.role,
      source: userRoles.source,
      grantedAt: userRoles.createdAt,
      grantedBy: granter.email,
    })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .leftJoin(granter, eq(granter.id, userRoles.grantedBy))
    .orderBy(desc(userRoles.createdAt));
}

/** The latest grants and revocations, newest first. */
export async function listRoleAudit(db: Queryable, limit: number) {
  return db.select().from(roleAudit).orderBy(desc(roleAudit.createdAt), desc(roleAudit.id)).limit(limit);
}

/**
 * The e-mail addresses of the accounts holding the merchant role (demo-mode grants only in demo
 * mode), oldest grant first: who hears of new orders when MERCHANT_EMAIL is not set.
 */
export async function listMerchantEmails(db: Queryable, demoMode = false, limit = 50): Promise<string[]> {
  const rows = await merchantEmailsStatements[demoMode ? 1 : 0](db, { limit });
  return [...new Set(rows.map((r) => r.email))];
}

/**
 * The merchants' addresses as one JSON value of a larger statement (the checkout's terms read at
 * once): `sql` reads them, `read` answers them as listMerchantEmails does (its first 50 roles).
 */
export function merchantEmailsPart(demoMode: boolean) {
  const demo = demoMode ? sql`` : sql` and ${userRoles.source} <> 'demo'`;
  return {
    sql: sql`(select coalesce(json_agg(m.email order by m.since), '[]'::json) from (select distinct ${user.email} as email, ${userRoles.createdAt} as since from ${userRoles} inner join ${user} on ${user.id} = ${userRoles.userId} where ${userRoles.role} = 'merchant'${demo} order by ${userRoles.createdAt} limit 50) m)`,
    read: (value: unknown): string[] => [...new Set((value as string[] | null) ?? [])],
  };
}

// Every checkout runs it (the new-order e-mail's recipients): its SQL is built once, one text
// without the roles granted in demo mode and one with them (preparedStatement).
const merchantEmailsStatement = (demoMode: boolean) =>
  preparedStatement(`accounts_merchant_emails${demoMode ? "_demo" : ""}`, (q) =>
    q
      .selectDistinct({ email: user.email, since: userRoles.createdAt })
      .from(userRoles)
      .innerJoin(user, eq(user.id, userRoles.userId))
      .where(and(eq(userRoles.role, "merchant"), counted(demoMode)))
      .orderBy(userRoles.createdAt)
      .limit(sql.placeholder("limit")),
  );
const merchantEmailsStatements = [merchantEmailsStatement(false), merchantEmailsStatement(true)] as const;

/**
 * The account a password reset token belongs to (better-auth keeps it as the value of the
 * `reset-password:<token>` verification row), or null for an unknown token.
 */
export async function findResetTokenOwner(db: Queryable, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: verification.value })
    .from(verification)
    .where(eq(verification.identifier, `reset-password:${token}`))
    .limit(1);
  return row?.userId ?? null;
}
