import { createHash, randomInt } from "node:crypto";
import type { DemoSettingsReset } from "@haggle/contract/admin";
import { forbidden, invalid, notFound } from "@haggle/domain/errors";
import type { Db } from "../../platform/db/client.ts";
import {
  anyAdminRole,
  auditConfiguredAdmin,
  findAccount,
  findAccountByEmail,
  grantRole,
  isEmailVerified,
  listRoleAudit,
  listRoleHolders,
  loadRoleNames,
  type RoleActor,
  type RoleName,
  revokeDemoRoles,
  revokeRole,
  unverifiedAccountEmails,
} from "../accounts/index.ts";
import { lastDemoSettingsReset, restoreDemoSettings } from "../settings/index.ts";
import { forgetSetupCode, storeSetupCodeHash, takeSetupCode } from "../settings/index.ts";

/** Who may administer the shop, as configured. */
export interface AdminPolicy {
  demoMode: boolean;
  adminEmails: readonly string[];
}

// No 0/O, 1/I/L: the code is read off a terminal and typed.
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A one-time setup code: 12 characters in groups of four (about 59 bits). */
export function newSetupCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join("")).join("-");
}

/** The hash kept in the database; case, spaces and dashes of the typed code do not matter. */
export function hashSetupCode(code: string): string {
  const normalized = code.toUpperCase().replace(/[\s-]/g, "");
  return createHash("sha256").update(`haggle-setup:${normalized}`).digest("hex");
}

export const WRONG_CODE =
  "That setup code is wrong or has already been used. The code is printed in the server's start-up log while the shop has no admin.";

/**
 * At start: outside demo mode, the roles granted in demo mode end. A shop with no admin
 * (no ADMIN_EMAILS, no admin role) gets a new one-time setup code, returned to be printed;
 * only its hash is kept. Any other shop has no setup code.
 */
export async function prepareAdminAccess(
  db: Db,
  policy: AdminPolicy,
  /** The code to use rather than a new one (the cluster's primary chose it for every worker). */
  givenSetupCode?: string,
): Promise<{
  setupCode: string | null;
  demoRolesRevoked: number;
  demoSettingsReset: DemoSettingsReset | null;
  unverifiedAdmins: string[];
}> {
  // Outside demo mode, what its visitors got ends: their roles, and the settings they changed.
  const { demoRolesRevoked, demoSettingsReset } = policy.demoMode
    ? { demoRolesRevoked: 0, demoSettingsReset: null }
    : await db.transaction(async (tx) => ({
        demoRolesRevoked: await revokeDemoRoles(tx),
        demoSettingsReset: await restoreDemoSettings(tx),
      }));
  // ADMIN_EMAILS accounts still waiting for their verification: the start-up log names them.
  const unverifiedAdmins = policy.demoMode ? [] : await unverifiedAccountEmails(db, policy.adminEmails);
  if (policy.demoMode || policy.adminEmails.length > 0 || (await anyAdminRole(db))) {
    await forgetSetupCode(db);
    return { setupCode: null, demoRolesRevoked, demoSettingsReset, unverifiedAdmins };
  }
  const setupCode = givenSetupCode ?? newSetupCode();
  await storeSetupCodeHash(db, hashSetupCode(setupCode));
  return { setupCode, demoRolesRevoked, demoSettingsReset, unverifiedAdmins };
}

/** Whether the shop still waits for its first admin (its setup code still works). */
export async function shopIsUnclaimed(db: Db): Promise<boolean> {
  return !(await anyAdminRole(db));
}

/** An account as the admin check sees it: whether its e-mail is verified, when already known. */
export type AdminCandidate = RoleActor & { emailVerified?: boolean };

export function isAdminEmail(policy: Pick<AdminPolicy, "adminEmails">, email: string): boolean {
  return policy.adminEmails.includes(email.trim().toLowerCase());
}

/**
 * Whether the signed-in account may administer the shop. An ADMIN_EMAILS address counts only
 * once verified: whoever registers it first must not become admin by typing it.
 */
export async function isShopAdmin(db: Db, policy: AdminPolicy, who: AdminCandidate): Promise<boolean> {
  if (policy.demoMode) return true;
  if (isAdminEmail(policy, who.email) && (who.emailVerified ?? (await isEmailVerified(db, who.id))))
    return true;
  return (await loadRoleNames(db, who.id, false)).includes("admin");
}

/**
 * An address was proven (its verification link, or a password reset sent to it). When it is an
 * ADMIN_EMAILS address, the account is admin from now on: audited as a grant by configuration.
 */
export async function adminEmailVerified(db: Db, policy: AdminPolicy, who: RoleActor): Promise<boolean> {
  if (policy.demoMode || !isAdminEmail(policy, who.email)) return false;
  await auditConfiguredAdmin(db, who);
  return true;
}

/** The roles the account holds now, as /api/me reports them. */
export async function effectiveRoles(db: Db, policy: AdminPolicy, who: AdminCandidate): Promise<RoleName[]> {
  const held = await loadRoleNames(db, who.id, policy.demoMode);
  const roles: RoleName[] = held.includes("merchant") ? ["merchant"] : [];
  if (await isShopAdmin(db, policy, who)) roles.push("admin");
  return roles;
}

/** The setup code makes the signed-in account the admin (and a merchant); then it stops working. */
export async function claimShop(
  db: Db,
  policy: AdminPolicy,
  who: RoleActor,
  code: string,
): Promise<RoleName[]> {
  await db.transaction(async (tx) => {
    if (!(await takeSetupCode(tx, hashSetupCode(code)))) throw forbidden(WRONG_CODE);
    for (const role of ["admin", "merchant"] as const) {
      await grantRole(tx, {
        holder: who,
        role,
        source: "claim",
        by: who,
        reason: "claimed with the setup code",
      });
    }
  });
  return effectiveRoles(db, policy, who);
}

/** Merchant for oneself (the admin panel's button); in demo mode the role ends with demo mode. */
export async function assignMerchantToSelf(db: Db, policy: AdminPolicy, who: RoleActor): Promise<boolean> {
  const source = policy.demoMode ? "demo" : "admin";
  return db.transaction(async (tx) => {
    // A role left over from demo mode counts no more: replace it with one that does.
    if (!policy.demoMode && !(await loadRoleNames(tx, who.id, false)).includes("merchant"))
      await revokeRole(tx, { holder: who, role: "merchant", by: who, reason: "replaced a demo-mode role" });
    return grantRole(tx, { holder: who, role: "merchant", source, by: who, reason: "assigned to self" });
  });
}

export async function grantRoleByEmail(
  db: Db,
  policy: AdminPolicy,
  by: RoleActor,
  email: string,
  role: RoleName,
): Promise<{ userId: string; granted: boolean }> {
  const holder = await findAccountByEmail(db, email);
  if (!holder) throw notFound("No account has that e-mail address; they must sign up first.");
  const granted = await db.transaction(async (tx) => {
    if (!policy.demoMode && !(await loadRoleNames(tx, holder.id, false)).includes(role))
      await revokeRole(tx, { holder, role, by, reason: "replaced a demo-mode role" });
    return grantRole(tx, {
      holder,
      role,
      source: policy.demoMode ? "demo" : "admin",
      by,
      reason: "granted by an admin",
    });
  });
  return { userId: holder.id, granted };
}

export async function revokeRoleOf(db: Db, by: RoleActor, userId: string, role: RoleName): Promise<void> {
  if (userId === by.id && role === "admin")
    throw invalid("You cannot remove your own admin role; another admin can.", "OWN_ADMIN_ROLE");
  const holder = await findAccount(db, userId);
  const revoked = holder && (await revokeRole(db, { holder, role, by, reason: "revoked by an admin" }));
  if (!revoked) throw notFound("That account does not hold that role.");
}

/** What /admin lists: the configured admins, every role held, and the latest changes. */
export async function rolesOverview(db: Db, policy: AdminPolicy) {
  const [holders, audit, demoSettingsReset] = await Promise.all([
    listRoleHolders(db),
    listRoleAudit(db, 100),
    lastDemoSettingsReset(db),
  ]);
  return {
    demoMode: policy.demoMode,
    configuredAdmins: [...policy.adminEmails],
    holders: holders.map((h) => ({
      userId: h.userId,
      email: h.email,
      name: h.name,
      role: h.role,
      source: h.source,
      // A demo-mode role counts only while demo mode is on.
      active: policy.demoMode || h.source !== "demo",
      grantedAt: new Date(h.grantedAt).toISOString(),
      grantedBy: h.grantedBy,
    })),
    demoSettingsReset,
    audit: audit.map((a) => ({
      id: a.id,
      action: a.action,
      role: a.role,
      userEmail: a.userEmail,
      byEmail: a.byEmail,
      reason: a.reason,
      at: new Date(a.createdAt).toISOString(),
    })),
  };
}
