import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { createLocalJWKSet, type JWK, jwtVerify } from "jose";
import type { Queryable } from "../../platform/db/client.ts";
import { user } from "../../platform/db/schema/auth.ts";
import {
  jwks,
  oauthAccessToken,
  oauthClient,
  oauthConsent,
  oauthRefreshToken,
} from "../../platform/db/schema/oauth.ts";

/**
 * An agent's OAuth grant is its consent row (better-auth's oauth-provider writes it when the
 * shopper approves). An access token is a signed JWT, checked here without the network; it is in
 * force only while the grant it came from stands: revoking a grant (the account page, a password
 * reset, "sign out everywhere") deletes the consent, so every access token issued before is
 * refused from the next request on, although its signature and expiry still hold.
 */

export interface ConnectedAgent {
  clientId: string;
  name: string;
  scopes: string[];
  connectedAt: Date;
  lastUsedAt: Date | null;
}

/** The agents the shopper connected over OAuth, newest first. */
export async function listConnectedAgents(db: Queryable, userId: string): Promise<ConnectedAgent[]> {
  const rows = await db
    .select({
      clientId: oauthConsent.clientId,
      name: oauthClient.name,
      scopes: oauthConsent.scopes,
      createdAt: oauthConsent.createdAt,
      lastUsedAt: oauthConsent.lastUsedAt,
    })
    .from(oauthConsent)
    .innerJoin(oauthClient, eq(oauthClient.clientId, oauthConsent.clientId))
    .where(eq(oauthConsent.userId, userId))
    .orderBy(desc(oauthConsent.createdAt));
  return rows.map((r) => ({
    clientId: r.clientId,
    name: r.name ?? "An unnamed agent",
    scopes: r.scopes,
    connectedAt: r.createdAt ?? new Date(0),
    lastUsedAt: r.lastUsedAt,
  }));
}

/**
 * Ends the shopper's grants (one client's, or all): consent gone, refresh tokens revoked, stored
 * access tokens deleted. Answers how many agents lost access.
 */
export async function revokeOAuthGrants(db: Queryable, userId: string, clientId?: string): Promise<number> {
  const ofClient = (
    column:
      | typeof oauthConsent.clientId
      | typeof oauthRefreshToken.clientId
      | typeof oauthAccessToken.clientId,
  ) => (clientId === undefined ? undefined : eq(column, clientId));
  const ended = await db
    .delete(oauthConsent)
    .where(and(eq(oauthConsent.userId, userId), ofClient(oauthConsent.clientId)))
    .returning({ clientId: oauthConsent.clientId });
  await db
    .update(oauthRefreshToken)
    .set({ revoked: sql`now()` })
    .where(
      and(
        eq(oauthRefreshToken.userId, userId),
        isNull(oauthRefreshToken.revoked),
        ofClient(oauthRefreshToken.clientId),
      ),
    );
  await db
    .delete(oauthAccessToken)
    .where(and(eq(oauthAccessToken.userId, userId), ofClient(oauthAccessToken.clientId)));
  return new Set(ended.map((r) => r.clientId)).size;
}

/** What the shop checks an access token against: its issuer and the resource it must be bound to. */
export interface TokenExpectation {
  issuer: string;
  audience: string;
}

export interface AgentGrant {
  clientId: string;
  scopes: string[];
  shopper: { id: string; email: string; name: string };
}

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * The shopper and grant an OAuth access token stands for; null for anything that is not a token
 * of this shop, for this resource, unexpired, of a grant still in force.
 */
export async function authenticateAccessToken(
  db: Queryable,
  token: string,
  expected: TokenExpectation,
): Promise<AgentGrant | null> {
  if (token.length > 4096 || !JWT_SHAPE.test(token)) return null;
  const keys = await db.select().from(jwks);
  if (keys.length === 0) return null;
  const keySet = createLocalJWKSet({
    keys: keys.map((k) => ({
      ...(JSON.parse(k.publicKey) as JWK),
      kid: k.id,
      ...(k.alg ? { alg: k.alg } : {}),
    })),
  });
  let payload: Awaited<ReturnType<typeof jwtVerify>>["payload"];
  try {
    ({ payload } = await jwtVerify(token, keySet, { issuer: expected.issuer, audience: expected.audience }));
  } catch {
    return null;
  }
  const clientId = typeof payload.azp === "string" ? payload.azp : (payload.client_id as string | undefined);
  if (typeof payload.sub !== "string" || typeof clientId !== "string") return null;
  const [grant] = await db
    .select({
      id: oauthConsent.id,
      createdAt: oauthConsent.createdAt,
      email: user.email,
      name: user.name,
    })
    .from(oauthConsent)
    .innerJoin(user, eq(user.id, oauthConsent.userId))
    .where(and(eq(oauthConsent.userId, payload.sub), eq(oauthConsent.clientId, clientId)));
  if (!grant) return null;
  // A token issued before the grant now in force (revoked, then approved again) stays refused.
  const grantedAt = Math.floor((grant.createdAt?.getTime() ?? 0) / 1000);
  if (typeof payload.iat !== "number" || payload.iat < grantedAt) return null;
  await db
    .update(oauthConsent)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(oauthConsent.id, grant.id),
        sql`(${oauthConsent.lastUsedAt} is null or ${oauthConsent.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
  const scopes = typeof payload.scope === "string" ? payload.scope.split(" ").filter(Boolean) : [];
  return { clientId, scopes, shopper: { id: payload.sub, email: grant.email, name: grant.name } };
}

/** A registered agent (OAuth client) by its id, as the consent screen names it; null if unknown. */
export async function findOAuthClient(db: Queryable, clientId: string) {
  const [row] = await db
    .select({ clientId: oauthClient.clientId, name: oauthClient.name, uri: oauthClient.uri })
    .from(oauthClient)
    .where(and(eq(oauthClient.clientId, clientId), sql`coalesce(${oauthClient.disabled}, false) = false`));
  return row ? { clientId: row.clientId, name: row.name ?? "An unnamed agent", uri: row.uri ?? null } : null;
}
