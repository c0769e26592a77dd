import {
  type ApiKey,
  ApiKeyListSchema,
  type CreatedApiKey,
  CreatedApiKeySchema,
} from "@haggle/contract/agents";
import { z } from "zod";
import { apiFetch } from "@/lib/api-client";

export const apiKeysQueryKey = ["account", "api-keys"] as const;

/** GET /api/account/api-keys: the shopper's keys in force (never the keys themselves). */
export function fetchApiKeys(): Promise<ApiKey[]> {
  return apiFetch("/api/account/api-keys", { schema: ApiKeyListSchema });
}

/** POST /api/account/api-keys: the new key, in full this once. */
export function createApiKey(name: string): Promise<CreatedApiKey> {
  return apiFetch("/api/account/api-keys", { method: "POST", body: { name }, schema: CreatedApiKeySchema });
}

export function revokeApiKey(id: string): Promise<unknown> {
  return apiFetch(`/api/account/api-keys/${encodeURIComponent(id)}`, {
    method: "DELETE",
    schema: z.object({ revoked: z.literal(true) }),
  });
}
