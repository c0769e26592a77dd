import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { user } from "./auth.ts";
import { apiKeys } from "./accounts.ts";

// --- agents: the audit of every MCP tool call (the agents module's; API keys are in accounts.ts) ---

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
