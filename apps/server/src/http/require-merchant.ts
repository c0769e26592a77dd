import { forbidden } from "./http-error.ts";
import { loadRoles } from "../modules/accounts/profile.service.ts";
import type { AppContext, SessionUser } from "./context.ts";
import { requireUser } from "./session.ts";

export async function isMerchant(c: AppContext, who: SessionUser): Promise<boolean> {
  return (await loadRoles(c.get("deps").database.db, who.id)).includes("merchant");
}

/** Every /api/merchant route and merchant function: the merchant role, else 403. */
export async function requireMerchant(c: AppContext): Promise<SessionUser> {
  const who = await requireUser(c);
  if (!(await isMerchant(c, who))) throw forbidden("Only merchants can do that.");
  return who;
}
