import { ACP_API_VERSION_2026 } from "@haggle/contract/acp-2026";
import { limitReached } from "@haggle/domain/errors";
import { shopCurrency } from "@haggle/domain/pricing/money";
import { z } from "zod";
import { clientIp } from "../../../http/client-ip.ts";
import { defineRoute } from "../../../http/route.ts";
import { hitRateLimit } from "../../../platform/rate-limit.ts";
import { ACP_SUPPORTED_VERSIONS } from "./acp-versions.ts";

/** Generous for a document agents are told to cache for an hour; it only keeps scrapers off. */
const DISCOVERY_RATE_PER_IP_PER_MINUTE = 120;

/** ACP 2026-04-17's DiscoveryResponse (schema.agentic_checkout.json), as this shop fills it. */
const AcpDiscoverySchema = z
  .object({
    protocol: z.object({
      name: z.literal("acp"),
      version: z.string(),
      supported_versions: z.array(z.string()),
    }),
    api_base_url: z.string(),
    transports: z.array(z.enum(["rest", "mcp"])),
    capabilities: z.object({
      services: z.array(z.enum(["checkout", "orders", "delegate_payment", "carts"])),
      extensions: z.array(z.object({ name: z.string() })).optional(),
      supported_currencies: z.array(z.string()).optional(),
      supported_locales: z.array(z.string()).optional(),
    }),
  })
  .meta({ id: "AcpDiscoveryResponse" });
export type AcpDiscovery = z.infer<typeof AcpDiscoverySchema>;

/**
 * What the shop speaks, for an agent that knows only its domain (ACP 2026-04-17's discovery,
 * rfcs/rfc.discovery.md): the versions, oldest first; the REST base (`/acp`) and the MCP binding
 * (the shop's MCP server carries ACP's five checkout tools); the checkout, and the order
 * webhooks when they are configured; the discount extension; the shop's currency; English. No intervention
 * types (the shop supports none), no payment handler and no merchant detail: those are the
 * session's (the spec keeps them out of an unauthenticated document).
 */
export function acpDiscovery(publicUrl: string, orderWebhooks: boolean): AcpDiscovery {
  const versions = [...ACP_SUPPORTED_VERSIONS].sort();
  return {
    protocol: {
      name: "acp",
      version: versions.at(-1) ?? ACP_API_VERSION_2026,
      supported_versions: versions,
    },
    api_base_url: `${publicUrl}/acp`,
    transports: ["rest", "mcp"],
    capabilities: {
      services: orderWebhooks ? ["checkout", "orders"] : ["checkout"],
      extensions: [{ name: "discount" }],
      // The one currency the shop sells in (a session in another is refused).
      supported_currencies: [shopCurrency().toLowerCase()],
      supported_locales: ["en-US"],
    },
  };
}

/**
 * GET /.well-known/acp.json: public (the spec: no authentication), the same for everyone, cached
 * publicly for an hour (the spec's minimum), limited per address with 429 and Retry-After.
 */
export const acpDiscoveryRoute = defineRoute({
  method: "get",
  path: "/.well-known/acp.json",
  summary: `The shop's Agentic Commerce Protocol discovery document (${ACP_API_VERSION_2026}): the versions it speaks, its REST base URL, its transports (REST and MCP), its services and extensions`,
  tag: "Agentic Commerce Protocol",
  access: "public",
  response: AcpDiscoverySchema,
  before: async (c) => {
    const rate = await hitRateLimit(
      c.get("deps").database.db,
      `acp-discovery:ip:${clientIp(c)}`,
      DISCOVERY_RATE_PER_IP_PER_MINUTE,
      60,
    );
    if (rate.allowed) return;
    c.header("Retry-After", String(rate.retryAfterSeconds));
    throw limitReached(
      `Too many requests. Wait ${rate.retryAfterSeconds} seconds and try again.`,
      "RATE_LIMITED",
    );
  },
  handler: (c) => {
    const { config } = c.get("deps");
    return new Response(JSON.stringify(acpDiscovery(config.publicUrl, config.acp.webhooks)), {
      headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=3600" },
    });
  },
});
