import { randomBytes } from "node:crypto";
import {
  AGENT_CALL_STATUSES,
  type AgentActivity,
  type ApiKey,
  type CreatedApiKey,
  MAX_API_KEYS,
} from "@haggle/contract/agents";
import { conflict, notFound } from "@haggle/domain/errors";
import type { Db } from "../../platform/db/client.ts";
import { summarizeArguments } from "@haggle/domain/agents/summarize-arguments";
import { recentToolCalls, recordToolCall } from "./agent-audit.store.ts";
import {
  API_KEY_PREFIX,
  type ApiKeyRow,
  authenticateApiKey,
  hashApiKey,
  countActiveKeys,
  findKeyByHash,
  insertApiKey,
  listActiveKeys,
  revokeApiKey,
} from "../accounts/index.ts";

/** Characters of a key shown to tell keys apart: the prefix and 8 more. */
const SHOWN = API_KEY_PREFIX.length + 8;

function keyDto(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Db, userId: string): Promise<ApiKey[]> {
  return (await listActiveKeys(db, userId)).map(keyDto);
}

/** A new key for the shopper's agent: 32 random bytes, shown this once; only its hash is kept. */
export async function createApiKey(db: Db, userId: string, name: string): Promise<CreatedApiKey> {
  return db.transaction(async (tx) => {
    if ((await countActiveKeys(tx, userId)) >= MAX_API_KEYS)
      throw conflict(
        `You can have at most ${MAX_API_KEYS} API keys. Revoke one you no longer use first.`,
        "API_KEY_LIMIT",
      );
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
    const row = await insertApiKey(tx, {
      userId,
      name,
      prefix: key.slice(0, SHOWN),
      keyHash: hashApiKey(key),
    });
    return { ...keyDto(row), key };
  });
}

export async function revokeKey(db: Db, userId: string, id: string): Promise<void> {
  if (!(await revokeApiKey(db, userId, id))) throw notFound("You have no API key with that id.");
}

/**
 * A tool call sent with a key the shop refused: audited as `refused`, naming the key's shopper
 * when the key was real but revoked (the merchant sees a revoked key still being tried).
 */
export async function auditRefusedCall(
  db: Db,
  call: { key: string | null; ip: string; tool: string; arguments: unknown },
): Promise<void> {
  const known = call.key?.startsWith(API_KEY_PREFIX) ? await findKeyByHash(db, hashApiKey(call.key)) : null;
  await recordToolCall(db, {
    userId: known?.userId ?? null,
    apiKeyId: known?.keyId ?? null,
    ip: call.ip,
    tool: call.tool.slice(0, 64),
    arguments: summarizeArguments(call.arguments),
    status: "refused",
    result: known ? "Refused: the API key was revoked." : "Refused: not a valid API key.",
    durationMs: 0,
  });
}

/** How many tool calls the merchant's 'Agent activity' page lists. */
export const ACTIVITY_LIMIT = 200;

export async function agentActivity(db: Db): Promise<AgentActivity> {
  const rows = await recentToolCalls(db, ACTIVITY_LIMIT);
  return {
    calls: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      tool: row.tool,
      shopper: row.shopper,
      keyName: row.keyName,
      arguments: JSON.stringify(row.arguments),
      status: AGENT_CALL_STATUSES.find((s) => s === row.status) ?? "error",
      result: row.result,
      durationMs: row.durationMs,
    })),
  };
}

export { API_KEY_PREFIX, authenticateApiKey, hashApiKey };
