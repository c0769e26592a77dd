import { DomainError, forbidden, unauthenticated } from "@haggle/domain/errors";
import type { AppContext, SessionUser } from "./context.ts";
import type { ApiKeyCaller, ApiRoute, Caller } from "./route.ts";
import { requireUser } from "./session.ts";

export function isMerchant(c: AppContext, who: SessionUser): Promise<boolean> {
  const { database, config } = c.get("deps");
  return c.get("modules").isMerchant(database.db, who.id, config.demoMode);
}

/**
 * Admins are the ADMIN_EMAILS accounts and those holding the admin role (the one who claimed
 * the shop with its setup code, and whom an admin made admin); in demo mode, anyone signed in.
 */
export function isAdmin(c: AppContext, who: SessionUser): Promise<boolean> {
  const { database, config } = c.get("deps");
  return c.get("modules").isShopAdmin(database.db, config, who);
}

/**
 * Whether only demo mode lets this account act as a merchant: outside it, it would hold no
 * merchant role and no admin right. What it changes then is put back when demo mode ends.
 */
export async function actsOnlyByDemoMode(c: AppContext, who: SessionUser): Promise<boolean> {
  const { database, config } = c.get("deps");
  if (!config.demoMode) return false;
  const modules = c.get("modules");
  if (await modules.isMerchant(database.db, who.id, false)) return false;
  return !(await modules.isShopAdmin(database.db, { ...config, demoMode: false }, who));
}

export const NOT_ADMIN =
  "Only the shop's administrators can do that: the accounts in ADMIN_EMAILS, the account that claimed the shop with its setup code, and those an administrator made admin.";

export const INVALID_API_KEY =
  "This API key is not valid or was revoked. The shopper creates a new one on the account page.";

export const INVALID_ACCESS_TOKEN =
  "This access token is not valid, has expired or was revoked. Refresh it, or connect the agent again with OAuth.";

/**
 * The shopper whose agent key the request carries (`Authorization: Bearer hgl_…`). No key is
 * 401 with the route's sentence; an unknown or revoked key is 401 INVALID_API_KEY. A session
 * cookie opens nothing here: an agent acts with the key its shopper gave it.
 */
async function requireApiKey(c: AppContext, message: string | undefined): Promise<ApiKeyCaller> {
  const header = c.req.header("authorization");
  if (!header) throw unauthenticated(message);
  return keyCaller(c, header);
}

/** The authorization server's issuer and the resource its agents' tokens must be bound to. */
export function oauthExpectation(publicUrl: string): { issuer: string; audience: string } {
  return { issuer: `${publicUrl}/api/auth`, audience: `${publicUrl}/mcp` };
}

/**
 * The key's shopper, or the shopper an OAuth access token was granted by; anything but
 * `Bearer <a key in force or a token of a grant in force>` is 401 INVALID_API_KEY.
 */
async function keyCaller(c: AppContext, header: string): Promise<ApiKeyCaller> {
  const key = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const { database, config } = c.get("deps");
  const modules = c.get("modules");
  if (key?.startsWith("hgl_")) {
    const found = await modules.authenticateApiKey(database.db, key);
    if (found) return { ...found.shopper, keyId: found.keyId };
  } else if (key) {
    const grant = await modules.authenticateAccessToken(database.db, key, oauthExpectation(config.publicUrl));
    if (grant)
      return {
        ...grant.shopper,
        keyId: `oauth:${grant.clientId}`,
        oauth: { clientId: grant.clientId, scopes: grant.scopes },
      };
    if (key.includes(".")) throw new DomainError("unauthenticated", "INVALID_API_KEY", INVALID_ACCESS_TOKEN);
  }
  throw new DomainError("unauthenticated", "INVALID_API_KEY", INVALID_API_KEY);
}

/**
 * The one gate: a route's declared access becomes 401 (nobody signed in) or 403 (not allowed),
 * before any of its input is read. Returns the caller; a public route does not look the session up.
 */
export async function checkAccess(
  c: AppContext,
  route: Pick<ApiRoute, "access" | "unauthenticated">,
): Promise<Caller> {
  if (route.access === "public") return null;
  if (route.access === "api-key") return requireApiKey(c, route.unauthenticated);
  if (route.access === "api-key-or-anonymous") {
    const header = c.req.header("authorization");
    return header === undefined ? null : keyCaller(c, header);
  }
  const who = await requireUser(c, route.unauthenticated);
  switch (route.access) {
    case "signed-in":
    case "owner":
      return who;
    case "merchant":
      if (!(await isMerchant(c, who))) throw forbidden("Only merchants can do that.");
      return who;
    case "admin":
      if (!(await isAdmin(c, who))) throw forbidden(NOT_ADMIN);
      return who;
    default:
      // A declaration that escaped the type check without an access level lets nobody in.
      throw new Error(`route declared without an access level: ${String(route.access)}`);
  }
}
