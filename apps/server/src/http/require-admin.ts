import { forbidden } from "./http-error.ts";
import type { AppContext, SessionUser } from "./context.ts";
import { requireUser } from "./session.ts";

/** /admin: any signed-in user in demo mode, only ADMIN_EMAILS when that is set. */
export async function requireAdmin(c: AppContext): Promise<SessionUser> {
  const who = await requireUser(c);
  const admins = c.get("deps").config.adminEmails;
  if (admins.length > 0 && !admins.includes(who.email.toLowerCase())) {
    throw forbidden("Only the shop's administrators can do that.");
  }
  return who;
}
