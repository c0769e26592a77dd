import { unauthenticated } from "@haggle/domain/errors";
import type { AppContext, SessionUser } from "./context.ts";

/** The signed-in user of this request (cookie or bearer token), looked up once per request. */
export async function currentUser(c: AppContext): Promise<SessionUser | null> {
  const known = c.get("sessionUser");
  if (known !== undefined) return known;
  // A session is a cookie or a bearer token: with neither, there is none to look up (a flood of
  // anonymous requests costs no look-up each).
  const headers = c.req.raw.headers;
  if (!headers.has("cookie") && !headers.has("authorization")) {
    c.set("sessionUser", null);
    return null;
  }
  const result = await c.get("deps").auth.api.getSession({ headers });
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
