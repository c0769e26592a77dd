import { desc, eq } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { agentToolCalls, apiKeys, user } from "../../platform/db/schema.ts";

export type AgentCallStatus = "ok" | "error" | "refused" | "rate_limited";

export interface ToolCallRecord {
  userId: string | null;
  apiKeyId: string | null;
  ip: string;
  tool: string;
  arguments: unknown;
  status: AgentCallStatus;
  result: string;
  durationMs: number;
}

export async function recordToolCall(db: Queryable, call: ToolCallRecord): Promise<void> {
  await db.insert(agentToolCalls).values(call);
}

/** The newest tool calls, with the shopper's e-mail and the key's name. */
export async function recentToolCalls(db: Queryable, limit: number) {
  return db
    .select({
      id: agentToolCalls.id,
      createdAt: agentToolCalls.createdAt,
      tool: agentToolCalls.tool,
      shopper: user.email,
      keyName: apiKeys.name,
      arguments: agentToolCalls.arguments,
      status: agentToolCalls.status,
      result: agentToolCalls.result,
      durationMs: agentToolCalls.durationMs,
    })
    .from(agentToolCalls)
    .leftJoin(user, eq(user.id, agentToolCalls.userId))
    .leftJoin(apiKeys, eq(apiKeys.id, agentToolCalls.apiKeyId))
    .orderBy(desc(agentToolCalls.createdAt))
    .limit(limit);
}
