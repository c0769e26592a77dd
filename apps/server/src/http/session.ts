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
  const found = await c.get("deps").auth.sessionOwner(headers);
  c.set("sessionUser", found);
  return found;
}

export async function requireUser(c: AppContext, message = "Not authenticated"): Promise<SessionUser> {
  const found = await currentUser(c);
  if (!found) throw unauthenticated(message);
  return found;
}
