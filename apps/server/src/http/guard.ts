import { forbidden } from "@haggle/domain/errors";
import { hasRole } from "../modules/accounts/accounts.store.ts";
import type { AppContext, SessionUser } from "./context.ts";
import type { ApiRoute } from "./route.ts";
import { requireUser } from "./session.ts";

export function isMerchant(c: AppContext, who: SessionUser): Promise<boolean> {
  return hasRole(c.get("deps").database.db, who.id, "merchant");
}

/** Admins are ADMIN_EMAILS; when that is empty (demo mode), any signed-in user. */
function isAdmin(c: AppContext, who: SessionUser): boolean {
  const admins = c.get("deps").config.adminEmails;
  return admins.length === 0 || admins.includes(who.email.toLowerCase());
}

/**
 * The one gate: a route's declared access becomes 401 (nobody signed in) or 403 (not allowed),
 * before any of its input is read. Returns the caller; a public route does not look the session up.
 */
export async function checkAccess(
  c: AppContext,
  route: Pick<ApiRoute, "access" | "unauthenticated">,
): Promise<SessionUser | null> {
  if (route.access === "public") return null;
  const who = await requireUser(c, route.unauthenticated);
  switch (route.access) {
    case "signed-in":
    case "owner":
      return who;
    case "merchant":
      if (!(await isMerchant(c, who))) throw forbidden("Only merchants can do that.");
      return who;
    case "admin":
      if (!isAdmin(c, who)) throw forbidden("Only the shop's administrators can do that.");
      return who;
    default:
      // A declaration that escaped the type check without an access level lets nobody in.
      throw new Error(`route declared without an access level: ${String(route.access)}`);
  }
}
