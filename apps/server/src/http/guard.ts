import { forbidden } from "@haggle/domain/errors";
import { hasRole } from "../modules/accounts/roles.store.ts";
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
  if (route.access === "merchant" && !(await isMerchant(c, who)))
    throw forbidden("Only merchants can do that.");
  if (route.access === "admin" && !isAdmin(c, who))
    throw forbidden("Only the shop's administrators can do that.");
  return who;
}
