import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { user } from "./auth.ts";

// --- agents: shoppers' API keys and the audit of every MCP tool call ---------------------

/**
 * A shopper's API key for an AI agent. Only the SHA-256 of the key is kept (a key is 32 random
 * bytes, so a fast hash is enough); `prefix` is its first characters, shown to tell keys apart.
 * A revoked key keeps its row (the audit names it) and is refused from the next request on.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_user_idx").on(t.userId)],
);

/** Every tool call an agent made over MCP: who (key, shopper, address), which tool, what came of it. */
export const agentToolCalls = pgTable(
  "agent_tool_calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    ip: text("ip").notNull(),
    tool: text("tool").notNull(),
    arguments: jsonb("arguments").notNull(),
    status: text("status").notNull(),
    result: text("result").notNull(),
    durationMs: integer("duration_ms").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("agent_tool_calls_created_idx").on(t.createdAt),
    index("agent_tool_calls_user_idx").on(t.userId),
    check("agent_tool_calls_status", sql`${t.status} in ('ok', 'error', 'refused', 'rate_limited')`),
  ],
);
