import { unauthenticated } from "@haggle/domain/errors";
import type { AppContext, SessionUser } from "./context.ts";

/** The signed-in user of this request (cookie or bearer token), looked up once per request. */
export async function currentUser(c: AppContext): Promise<SessionUser | null> {
  const known = c.get("sessionUser");
  if (known !== undefined) return known;
  const result = await c.get("deps").auth.api.getSession({ headers: c.req.raw.headers });
  const found = result
    ? {
        id: result.user.id,
        email: result.user.email,
        name: result.user.name,
        emailVerified: result.user.emailVerified === true,
      }
    : null;
  c.set("sessionUser", found);
  return found;
}

export async function requireUser(c: AppContext, message = "Not authenticated"): Promise<SessionUser> {
  const found = await currentUser(c);
  if (!found) throw unauthenticated(message);
  return found;
}
