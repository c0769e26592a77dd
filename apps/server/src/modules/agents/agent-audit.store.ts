import { storableText } from "@haggle/domain/text/storable-text";
import { desc, eq } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { agentToolCalls } from "../../platform/db/schema/agents.ts";
import { apiKeysRead as apiKeys, usersRead as user } from "../accounts/index.ts";

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

/** The row's texts as the database can hold them (the arguments are summarised storable already). */
function storable(call: ToolCallRecord): ToolCallRecord {
  return {
    ...call,
    ip: storableText(call.ip),
    tool: storableText(call.tool),
    result: storableText(call.result),
  };
}

export async function recordToolCall(db: Queryable, call: ToolCallRecord): Promise<void> {
  await db.insert(agentToolCalls).values(storable(call));
}

/**
 * The audit row of a call about to run, written before the tool may change anything: a call
 * whose row cannot be written does not run, so no effect goes unaudited. It reads as an error
 * with no outcome until `finishToolCall` records what happened (a process that dies mid-call
 * leaves it so).
 */
export async function beginToolCall(
  db: Queryable,
  call: Omit<ToolCallRecord, "status" | "result" | "durationMs">,
): Promise<string> {
  const [row] = await db
    .insert(agentToolCalls)
    .values(
      storable({
        ...call,
        status: "error",
        result: "No outcome recorded: the call did not finish.",
        durationMs: 0,
      }),
    )
    .returning({ id: agentToolCalls.id });
  if (!row) throw new Error("agent tool call insert returned nothing");
  return row.id;
}

export async function finishToolCall(
  db: Queryable,
  id: string,
  outcome: { status: AgentCallStatus; result: string; durationMs: number },
): Promise<void> {
  await db
    .update(agentToolCalls)
    .set({ ...outcome, result: storableText(outcome.result) })
    .where(eq(agentToolCalls.id, id));
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
