import {
  AgentActivitySchema,
  ApiKeyListSchema,
  CreateApiKeySchema,
  CreatedApiKeySchema,
} from "@haggle/contract/agents";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { DomainError } from "@haggle/domain/errors";
import { z } from "zod";
import { clientIp } from "../../http/client-ip.ts";
import { heavyQueryGate } from "../../platform/db/query-gate.ts";
import type { AppContext } from "../../http/context.ts";
import { type ApiRoute, defineRoute, pathId } from "../../http/route.ts";
import type { ToolDeps } from "../../platform/agent-tools/agent-tool.ts";
import { agentActivity, auditRefusedCall, createApiKey, listApiKeys, revokeKey } from "./api-keys.service.ts";
import { createMcpServer, TOOL_SCOPES } from "./mcp-server.ts";

/** Shoppers' API keys for their agents, and the merchant's view of what agents did. */
export const agentRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/account/api-keys",
    summary: "The shopper's API keys in force (name, first characters, created, last used); never the keys",
    tag: "Agents",
    access: "signed-in",
    response: ApiKeyListSchema,
    handler: async (c, { user }) => await listApiKeys(c.get("deps").database.db, user.id),
  }),
  defineRoute({
    method: "post",
    path: "/api/account/api-keys",
    summary:
      "Create an API key for the shopper's AI agent (MCP at /mcp, header Authorization: Bearer <key>); the key is in this answer only, the shop keeps its hash",
    tag: "Agents",
    access: "signed-in",
    body: CreateApiKeySchema,
    status: 201,
    response: CreatedApiKeySchema,
    handler: async (c, { user, body }) => await createApiKey(c.get("deps").database.db, user.id, body.name),
  }),
  defineRoute({
    method: "delete",
    path: "/api/account/api-keys/{id}",
    summary: "Revoke one of the shopper's API keys: refused from the next request on",
    tag: "Agents",
    access: "owner",
    params: z.object({ id: pathId("You have no API key with that id.") }),
    response: z.object({ revoked: z.literal(true) }),
    handler: async (c, { user, params }) => {
      await revokeKey(c.get("deps").database.db, user.id, params.id);
      return { revoked: true as const };
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/agent-activity",
    summary:
      "The newest tool calls of shoppers' agents over MCP: when, which tool, whose key, arguments, result",
    tag: "Merchant",
    access: "merchant",
    response: AgentActivitySchema,
    handler: async (c) => await agentActivity(c.get("deps").database.db),
  }),
];

function toolDeps(c: AppContext): ToolDeps {
  const { database, ai, payments, mail, config } = c.get("deps");
  return {
    db: database.db,
    hasPgvector: database.hasPgvector,
    searchGate: heavyQueryGate(database),
    ai,
    logger: c.get("log"),
    payments,
    mail,
    appliedOfferTtlMinutes: config.appliedOfferTtlMinutes,
    negotiationTurnsPerMinute: config.negotiationRateLimit.perShopper,
    publicUrl: config.publicUrl,
    acpWebhooks: config.acp.webhooks,
    agentCarts: config.agentCarts,
    ip: clientIp(c),
  };
}

/** A JSON-RPC error answer outside any MCP session (the key was refused before one began). */
function refused(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32001, message }, id: null }), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether a browser page of this origin may call /mcp (the transport spec's defence against DNS
 * rebinding: a page whose host name was made to point at the shop). The shop's public origin,
 * TRUSTED_ORIGINS, and pages served from this machine (a local MCP Inspector): never the Host
 * header's origin, which a rebound name controls.
 */
export function mcpOriginAllowed(origin: string, publicUrl: string, trusted: readonly string[]): boolean {
  if (trusted.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === new URL(publicUrl).origin) return true;
  return (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK_HOSTS.has(url.hostname);
}

const FOREIGN_ORIGIN =
  "Requests from this web page's origin are not accepted: a browser page may call the shop's MCP server only from the shop's own address or an origin in TRUSTED_ORIGINS.";

/** A browser page of a foreign origin is refused before anything runs, with or without a key. */
function foreignOrigin(c: AppContext): Response | null {
  const { config } = c.get("deps");
  const origin = c.req.header("origin");
  if (origin === undefined || mcpOriginAllowed(origin, config.publicUrl, config.trustedOrigins)) return null;
  return refused(403, FOREIGN_ORIGIN);
}

/**
 * A key the guard refused, as MCP's JSON-RPC answer; a tool call with it is audited too (read from
 * a copy: the body stays unread otherwise). Nothing runs for a refused key, so an audit that
 * cannot be written only goes to the log.
 */
async function refusedKey(c: AppContext, error: unknown): Promise<Response> {
  if (!(error instanceof DomainError && error.code === "INVALID_API_KEY")) throw error;
  const key = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  const message = (await c.req.raw
    .clone()
    .json()
    .catch(() => null)) as { method?: unknown; params?: { name?: unknown; arguments?: unknown } } | null;
  if (message?.method === "tools/call" && typeof message.params?.name === "string") {
    await auditRefusedCall(c.get("deps").database.db, {
      key: key ?? null,
      ip: clientIp(c),
      tool: message.params.name,
      arguments: message.params.arguments,
    }).catch((e: unknown) => c.get("log").error({ err: e }, "refused agent call not audited"));
  }
  return refused(401, error.message, { "WWW-Authenticate": bearerChallenge(c) });
}

/** RFC 6750 with RFC 9728's pointer: where an agent finds the authorization server. */
function bearerChallenge(c: AppContext, extra = ""): string {
  const metadata = `${c.get("deps").config.publicUrl}/.well-known/oauth-protected-resource/mcp`;
  return `Bearer realm="haggle-mcp", resource_metadata="${metadata}"${extra}`;
}

/**
 * An OAuth agent calling a tool outside the scopes its shopper granted: 403 insufficient_scope
 * (RFC 6750) naming the scope, before anything runs. Read from a copy of the body.
 */
async function outsideScopes(c: AppContext, scopes: readonly string[]): Promise<Response | null> {
  const message = (await c.req.raw
    .clone()
    .json()
    .catch(() => null)) as { method?: unknown; params?: { name?: unknown } } | null;
  const tool = message?.method === "tools/call" ? message.params?.name : undefined;
  const needed = typeof tool === "string" ? TOOL_SCOPES.get(tool) : undefined;
  if (!needed || scopes.includes(needed)) return null;
  return refused(
    403,
    `${tool} needs the "${needed}" permission, which the shopper did not grant this agent. Ask the shopper to connect the agent again and allow it.`,
    { "WWW-Authenticate": bearerChallenge(c, `, error="insufficient_scope", scope="${needed}"`) },
  );
}

/**
 * POST /mcp: the MCP server over Streamable HTTP, stateless (each request its own server and
 * transport; answers as JSON). Anonymous agents browse; `Authorization: Bearer <key>` acts for
 * the key's shopper; the guard refuses an unknown or revoked key with 401 before anything runs.
 */
export const mcpRoutes: ApiRoute[] = [
  defineRoute({
    method: "post",
    path: "/mcp",
    summary:
      "The shop's MCP server (Streamable HTTP, stateless, JSON answers): JSON-RPC messages of the Model Context Protocol; a shopper's API key acts for the shopper",
    tag: "Agents",
    access: "api-key-or-anonymous",
    readsOwnInput: true,
    answerError: refusedKey,
    handler: async (c, { user }) => {
      const refusal = foreignOrigin(c) ?? (user?.oauth ? await outsideScopes(c, user.oauth.scopes) : null);
      if (refusal) return refusal;
      const { config } = c.get("deps");
      const caller: Parameters<typeof createMcpServer>[1] = user
        ? {
            shopper: { id: user.id, email: user.email, name: user.name },
            keyId: user.keyId,
            apiKeyId: user.oauth ? null : user.keyId,
            ip: clientIp(c),
          }
        : { shopper: null, keyId: null, apiKeyId: null, ip: clientIp(c) };
      const server = createMcpServer(toolDeps(c), caller, {
        perKey: config.mcpRateLimit.perKey,
        perIp: config.mcpRateLimit.perIp,
      });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      try {
        return await transport.handleRequest(c.req.raw);
      } finally {
        await server.close();
      }
    },
  }),
];

/**
 * /mcp other than POST: a stateless server has no stream to offer and no session to end, so GET
 * and DELETE answer 405, and a client does not keep reopening an empty stream.
 */
export function mcpNotPost(c: AppContext): Response {
  return (
    foreignOrigin(c) ??
    refused(
      405,
      "This MCP server is stateless: send every JSON-RPC message as a POST; there is no stream to open and no session to end.",
      { Allow: "POST" },
    )
  );
}
