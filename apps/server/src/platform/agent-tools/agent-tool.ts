import type { z } from "zod";
import type { AiConfig } from "../../platform/ai/openai-compatible.ts";
import type { Db } from "../../platform/db/client.ts";
import type { QueryGate } from "../../platform/db/query-gate.ts";
import type { Logger } from "../../platform/logger.ts";
import type { MailSettings } from "../../platform/mail/mail-settings.ts";
import type { PaymentProviders } from "../payments/payment-provider.ts";

/**
 * A tool an agent calls over MCP, declared beside the module whose service it calls (as routes
 * are): its zod input, its structured output, who may call it, and a thin handler. The agents
 * module serves them (modules/agents/mcp-server.ts): key, rate limits, validation, audit. It sits
 * in platform/ so the modules declaring tools and the module serving them never import each other.
 */

/** What the tools reach: plain values, no HTTP. */
export interface ToolDeps {
  db: Db;
  hasPgvector: boolean;
  /** The bound on concurrent catalogue searches this database's searches share (the web's too). */
  searchGate: QueryGate;
  ai: AiConfig | null;
  logger: Logger;
  payments: PaymentProviders;
  mail: MailSettings;
  appliedOfferTtlMinutes: number;
  negotiationTurnsPerMinute: number;
  /** The shop's public address, for links an agent hands a human. */
  publicUrl: string;
  /** Whether ACP order webhooks are sent (ACP_WEBHOOK_URL), for sessions start_checkout opens. */
  acpWebhooks: boolean;
  /** Carts agents fill without an account: started per address per hour, hours one lasts. */
  agentCarts: { perIpPerHour: number; ttlHours: number };
  /** The calling agent's address (the carts-per-address limit counts by it). */
  ip: string;
}

/** The shopper an API key belongs to: the same identity a signed-in session gives. */
export interface AgentShopper {
  id: string;
  email: string;
  name: string;
}

export interface AgentTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** `public`: anonymous agents too (browsing); `shopper`: an API key is required. */
  access: "public" | "shopper";
  input: I;
  output: O;
  /** Whether the tool changes nothing (an MCP annotation agents read). */
  readOnly: boolean;
  /**
   * A protocol whose MCP binding answers its refusals as JSON-RPC errors (ACP's: -32000 with the
   * protocol's error object in `data`): the error as that, or null to answer it as a tool error.
   */
  protocolError?: (error: unknown) => { code: number; message: string; data: unknown } | null;
  handler: (
    deps: ToolDeps,
    shopper: AgentShopper | null,
    input: z.output<I>,
  ) => Promise<{ value: z.output<O>; summary: string }>;
}

/** Declares a tool with its types kept; the server holds it erased. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(tool: AgentTool<I, O>): AgentTool {
  return tool as unknown as AgentTool;
}

/** The shopper a `shopper` tool runs for: the server checks access first, so null cannot reach here. */
export function shopperOf(shopper: AgentShopper | null): AgentShopper {
  if (!shopper) throw new Error("a shopper tool ran without a shopper");
  return shopper;
}
