import { ConnectedAgentListSchema, OAuthClientInfoSchema } from "@haggle/contract/agents";
import { notFound } from "@haggle/domain/errors";
import { z } from "zod";
import type { AppContext } from "../../http/context.ts";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { findOAuthClient, listConnectedAgents, revokeOAuthGrants } from "../accounts/index.ts";

const NO_SUCH_AGENT = "You have no connected agent with that id.";

/** better-auth's authorization server answers the discovery documents it knows. */
async function served(c: AppContext, path: string): Promise<Response> {
  const { auth, config } = c.get("deps");
  const answer = await auth.handler(new Request(`${config.publicUrl}${path}`, { method: "GET" }));
  if (answer.status === 404)
    throw notFound(
      "OAuth is not offered by this shop: it needs an https address (PUBLIC_URL). Agents use an API key.",
    );
  return answer;
}

const discovery = (path: string, served_as: string, summary: string): ApiRoute =>
  defineRoute({
    method: "get",
    path,
    summary,
    tag: "Agents",
    access: "public",
    handler: async (c) => await served(c, served_as),
  });

/**
 * OAuth 2.1 for shoppers' agents (the MCP authorization specification): the discovery documents
 * at the shop's root, the consent screen's look-up of the agent, and the shopper's connected agents.
 * better-auth's oauth-provider serves the authorization server itself under /api/auth/oauth2/*.
 */
export const oauthRoutes: ApiRoute[] = [
  discovery(
    "/.well-known/oauth-protected-resource",
    "/.well-known/oauth-protected-resource/mcp",
    "Protected resource metadata (RFC 9728) of the shop's MCP server: its authorization server and scopes",
  ),
  discovery(
    "/.well-known/oauth-protected-resource/mcp",
    "/.well-known/oauth-protected-resource/mcp",
    "Protected resource metadata (RFC 9728) of /mcp, at its path-suffixed address",
  ),
  discovery(
    "/.well-known/oauth-authorization-server",
    "/.well-known/oauth-authorization-server/api/auth",
    "Authorization server metadata (RFC 8414): endpoints, PKCE S256, dynamic client registration",
  ),
  discovery(
    "/.well-known/oauth-authorization-server/api/auth",
    "/.well-known/oauth-authorization-server/api/auth",
    "Authorization server metadata (RFC 8414) at the issuer's path-suffixed address",
  ),
  defineRoute({
    method: "get",
    path: "/api/oauth/client",
    summary: "The agent (OAuth client) a consent screen names (?clientId=): its name and address",
    tag: "Agents",
    access: "signed-in",
    query: z.object({ clientId: z.string().min(1).max(200) }),
    response: OAuthClientInfoSchema,
    handler: async (c, { query }) => {
      const client = await findOAuthClient(c.get("deps").database.db, query.clientId);
      if (!client) throw notFound("There is no agent with that id registered here.");
      return client;
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/account/connected-agents",
    summary: "The agents the shopper connected over OAuth: name, scopes granted, connected, last used",
    tag: "Agents",
    access: "signed-in",
    response: ConnectedAgentListSchema,
    handler: async (c, { user }) =>
      (await listConnectedAgents(c.get("deps").database.db, user.id)).map((a) => ({
        ...a,
        connectedAt: a.connectedAt.toISOString(),
        lastUsedAt: a.lastUsedAt?.toISOString() ?? null,
      })),
  }),
  defineRoute({
    method: "post",
    path: "/api/account/connected-agents/revoke",
    summary:
      "Revoke one of the shopper's connected agents ({clientId}): its tokens are refused from the next request on, its refresh tokens end",
    tag: "Agents",
    access: "signed-in",
    body: z.object({ clientId: z.string().min(1, NO_SUCH_AGENT).max(200, NO_SUCH_AGENT) }),
    response: z.object({ revoked: z.literal(true) }),
    handler: async (c, { user, body }) => {
      const ended = await revokeOAuthGrants(c.get("deps").database.db, user.id, body.clientId);
      if (ended === 0) throw notFound(NO_SUCH_AGENT);
      return { revoked: true as const };
    },
  }),
];
