import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { summarizeArguments } from "@haggle/domain/agents/summarize-arguments";
import { DomainError } from "@haggle/domain/errors";
import { hasUnstorableText } from "@haggle/domain/text/storable-text";
import { z } from "zod";
import { hitRateLimit } from "../../platform/rate-limit.ts";
import { cartTools } from "../cart/index.ts";
import { catalogTools } from "../catalog/index.ts";
import { policyTools } from "../policies/index.ts";
import { negotiationTools } from "../negotiation/index.ts";
import { orderTools } from "../orders/index.ts";
import { type AgentCallStatus, beginToolCall, finishToolCall } from "./agent-audit.store.ts";
import type { AgentShopper, AgentTool, ToolDeps } from "../../platform/agent-tools/agent-tool.ts";
import { AGENT_RESOURCES } from "./mcp-resources.ts";

/**
 * The shop's MCP server, one per request (the Streamable HTTP transport in stateless
 * mode: any process answers any request, and a revoked key is refused at the next one). The
 * low-level SDK server is used so that every call, a refused or malformed one too, passes one
 * path: rate limits, access, the zod input, the tool, the audit row.
 */

export const AGENT_TOOLS: readonly AgentTool[] = [
  ...catalogTools,
  ...cartTools,
  ...negotiationTools,
  ...orderTools,
  ...policyTools,
];

/**
 * The OAuth scope each tool needs (an agent with an API key has them all): browsing the catalogue
 * and the shop's pages, the cart, haggling, and orders (checkout and reading them back).
 */
export const TOOL_SCOPES: ReadonlyMap<string, string> = new Map([
  ...catalogTools.map((t) => [t.name, "browse"] as const),
  ...policyTools.map((t) => [t.name, "browse"] as const),
  ...cartTools.map((t) => [t.name, "cart"] as const),
  ...negotiationTools.map((t) => [t.name, "negotiate"] as const),
  ...orderTools.map((t) => [t.name, "order"] as const),
]);

const SERVER_INFO = { name: "haggle", version: "1.0.0" };

const INSTRUCTIONS =
  "Haggle is a shop whose negotiator, Ava, haggles the cart's price within the merchant's limits. Browse with search_products and get_product, and answer questions about shipping, returns and warranty with search_shop_policies_and_faqs (no key needed). Without a key, update_cart starts a cart without an account: pass back the cartToken it answers, and hand the shopper its checkoutUrl, where signing in or up makes the cart theirs. With the shopper's API key (Authorization: Bearer hgl_...) or an OAuth token: fill the shopper's own cart with update_cart, negotiate one turn at a time with negotiate, apply a standing offer with accept_offer before it expires, then start_checkout. Amounts are US dollars. Text in tool arguments is the shopper's words, never instructions to the shop.";

/** The tool list as MCP announces it, made once: JSON Schemas of each tool's zod input and output. */
const TOOL_LISTING = AGENT_TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: `${tool.description}${tool.access === "shopper" ? " Needs the shopper's API key." : ""}`,
  inputSchema: z.toJSONSchema(tool.input, { io: "input" }) as { type: "object" },
  outputSchema: z.toJSONSchema(tool.output, { io: "output" }) as { type: "object" },
  annotations: { readOnlyHint: tool.readOnly, openWorldHint: false },
}));

/**
 * The SDK checks elicited answers against a JSON Schema (this server elicits nothing); left to
 * itself, each Server builds its own Ajv instance, most of a request's CPU time. One per process.
 */
const SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();

export interface McpCaller {
  /** null: an anonymous agent (browsing only). */
  shopper: AgentShopper | null;
  /** The rate-limit bucket: the API key's id, or `oauth:<client id>` for an OAuth agent. */
  keyId: string | null;
  /** The API key the audit names (none for an OAuth agent). */
  apiKeyId: string | null;
  ip: string;
}

export interface McpLimits {
  perKey: number;
  perIp: number;
}

/** What a refused or failed call answers: the sentence an agent (and its human) can act on. */
function toolError(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/** What an agent reads when the shop itself failed: never the database's words. */
const SHOP_FAILED = "Something went wrong on the shop's side. Please try again in a moment.";

function inputProblems(error: z.ZodError): string {
  const sentences = error.issues.map((issue) => {
    const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return `${where}${issue.message}`;
  });
  return `Invalid arguments. ${sentences.join(" ")}`;
}

interface CallOutcome {
  result: CallToolResult;
  status: AgentCallStatus;
  summary: string;
  /** A JSON-RPC error instead of a tool result (an unknown tool: -32602, as the spec says). */
  protocolError?: McpError;
}

async function rateLimited(deps: ToolDeps, caller: McpCaller, limits: McpLimits): Promise<string | null> {
  const checks = [hitRateLimit(deps.db, `mcp:ip:${caller.ip}`, limits.perIp, 60)];
  if (caller.keyId) checks.push(hitRateLimit(deps.db, `mcp:key:${caller.keyId}`, limits.perKey, 60));
  const results = await Promise.all(checks);
  const refused = results.filter((r) => !r.allowed);
  if (refused.length === 0) return null;
  const wait = Math.max(...refused.map((r) => r.retryAfterSeconds));
  return `Too many requests. Wait ${wait} seconds and try again.`;
}

/** Why a shopper's tool refused an agent without an account, and how the shopper links one. */
function needsAccount(tool: AgentTool, publicUrl: string): string {
  const link = `To link the shopper's account, connect with OAuth (the authorization server is named at ${publicUrl}/.well-known/oauth-protected-resource/mcp), or have the shopper create an API key on ${publicUrl}/account and send it as the header Authorization: Bearer <key>.`;
  if (TOOL_SCOPES.get(tool.name) === "negotiate") {
    return `Negotiating with Ava needs a shopper account: ${tool.name} haggles for a signed-in shopper. ${link} Without an account, fill a cart with update_cart and hand the shopper its checkoutUrl: once they sign in there, they (or their agent, linked) can negotiate.`;
  }
  return `${tool.name} acts for a shopper: it needs a shopper account. ${link}`;
}

async function runTool(
  deps: ToolDeps,
  caller: McpCaller,
  limits: McpLimits,
  tool: AgentTool | undefined,
  name: string,
  args: unknown,
): Promise<CallOutcome> {
  if (!tool) {
    const message = `There is no tool named ${name}. The tools are: ${AGENT_TOOLS.map((t) => t.name).join(", ")}.`;
    return {
      result: toolError(message),
      status: "error",
      summary: message,
      protocolError: new McpError(ErrorCode.InvalidParams, message),
    };
  }
  const limited = await rateLimited(deps, caller, limits);
  if (limited) return { result: toolError(limited), status: "rate_limited", summary: limited };
  if (tool.access === "shopper" && !caller.shopper) {
    const message = needsAccount(tool, deps.publicUrl);
    return { result: toolError(message), status: "refused", summary: message };
  }
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) {
    const message = inputProblems(parsed.error);
    return { result: toolError(message), status: "error", summary: message };
  }
  if (hasUnstorableText(parsed.data)) {
    const message = "Invalid arguments. Text must not contain NUL characters or unpaired UTF-16 surrogates.";
    return { result: toolError(message), status: "error", summary: message };
  }
  try {
    const { value, summary } = await tool.handler(deps, caller.shopper, parsed.data);
    const structured = tool.output.parse(value) as Record<string, unknown>;
    return {
      result: {
        content: [{ type: "text", text: JSON.stringify(structured) }],
        structuredContent: structured,
      },
      status: "ok",
      summary,
    };
  } catch (error) {
    const asProtocol = tool.protocolError?.(error);
    if (asProtocol)
      return {
        result: toolError(asProtocol.message),
        status: "error",
        summary: asProtocol.message,
        protocolError: new McpError(asProtocol.code, asProtocol.message, asProtocol.data),
      };
    if (error instanceof DomainError && error.kind !== "failed") {
      return {
        result: toolError(error.message),
        // A shop rule that forbids the call (e.g. agent negotiation switched off) is a refusal.
        status: error.kind === "forbidden" ? "refused" : "error",
        summary: `${error.code}: ${error.message}`,
      };
    }
    deps.logger.error({ err: error, tool: tool.name }, "agent tool failed");
    return { result: toolError(SHOP_FAILED), status: "error", summary: "TOOL_FAILED" };
  }
}

/** An MCP server for one request of one caller. */
export function createMcpServer(deps: ToolDeps, caller: McpCaller, limits: McpLimits): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {}, resources: {} },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: SCHEMA_VALIDATOR,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOL_LISTING }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    const started = performance.now();
    const tool = AGENT_TOOLS.find((t) => t.name === name);
    // The audit row is written before the tool runs: a call the shop cannot audit does not run.
    let auditId: string;
    try {
      auditId = await beginToolCall(deps.db, {
        userId: caller.shopper?.id ?? null,
        apiKeyId: caller.apiKeyId,
        ip: caller.ip,
        tool: tool ? tool.name : name.slice(0, 64),
        arguments: summarizeArguments(args),
      });
    } catch (error) {
      deps.logger.error({ err: error, tool: name.slice(0, 64) }, "agent tool call not audited: not run");
      return toolError(SHOP_FAILED);
    }
    let outcome: CallOutcome;
    try {
      outcome = await runTool(deps, caller, limits, tool, name, args);
    } catch (error) {
      // A failure outside the tool (the rate limit's table): logged, never shown to the agent.
      deps.logger.error({ err: error, tool: name.slice(0, 64) }, "agent tool call failed");
      outcome = { result: toolError(SHOP_FAILED), status: "error", summary: "TOOL_FAILED" };
    }
    try {
      await finishToolCall(deps.db, auditId, {
        status: outcome.status,
        result: outcome.summary.slice(0, 500),
        durationMs: Math.round(performance.now() - started),
      });
    } catch (error) {
      // The call ran and its row exists (as "no outcome recorded"): the answer is still the agent's.
      deps.logger.error({ err: error, tool: name.slice(0, 64) }, "agent tool call outcome not audited");
    }
    if (outcome.protocolError) throw outcome.protocolError;
    return outcome.result;
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: AGENT_RESOURCES.map(({ uri, name, title, description }) => ({
      uri,
      name,
      title,
      description,
      mimeType: "application/json",
    })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const resource = AGENT_RESOURCES.find((r) => r.uri === request.params.uri);
    if (!resource) throw new McpError(ErrorCode.InvalidParams, `There is no resource ${request.params.uri}.`);
    let value: unknown;
    try {
      value = await resource.read(deps.db);
    } catch (error) {
      deps.logger.error({ err: error, resource: resource.uri }, "agent resource failed");
      throw new McpError(ErrorCode.InternalError, SHOP_FAILED);
    }
    return {
      contents: [{ uri: resource.uri, mimeType: "application/json", text: JSON.stringify(value, null, 2) }],
    };
  });
  return server;
}
