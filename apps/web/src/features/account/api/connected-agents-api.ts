import {
  type ConnectedAgent,
  ConnectedAgentListSchema,
  type OAuthClientInfo,
  OAuthClientInfoSchema,
} from "@haggle/contract/agents";
import { z } from "zod";
import { apiFetch } from "@/lib/api-client";

export const connectedAgentsQueryKey = ["account", "connected-agents"] as const;

/** GET /api/account/connected-agents: the agents the shopper connected over OAuth. */
export function fetchConnectedAgents(): Promise<ConnectedAgent[]> {
  return apiFetch("/api/account/connected-agents", { schema: ConnectedAgentListSchema });
}

export function revokeConnectedAgent(clientId: string): Promise<unknown> {
  return apiFetch("/api/account/connected-agents/revoke", {
    method: "POST",
    body: { clientId },
    schema: z.object({ revoked: z.literal(true) }),
  });
}

/** GET /api/oauth/client?clientId=: the agent a consent screen names. */
export function fetchOAuthClient(clientId: string): Promise<OAuthClientInfo> {
  return apiFetch(`/api/oauth/client?clientId=${encodeURIComponent(clientId)}`, {
    schema: OAuthClientInfoSchema,
  });
}

/** POST /api/auth/oauth2/consent: the shopper's answer; the address to send the browser back to. */
export function answerConsent(accept: boolean, oauthQuery: string): Promise<{ url: string }> {
  return apiFetch("/api/auth/oauth2/consent", {
    method: "POST",
    body: { accept, oauth_query: oauthQuery },
    schema: z
      .object({ redirect_uri: z.string().optional(), url: z.string().optional() })
      .transform((a) => ({ url: a.redirect_uri ?? a.url ?? "/" })),
  });
}
