import { ChatMessageSchema } from "@haggle/contract/negotiation";
import { ToolResultEventSchema } from "@haggle/contract/products";
import { limitReached } from "@haggle/domain/errors";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { clientIp } from "../../http/client-ip.ts";
import type { AppContext } from "../../http/context.ts";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { writeDone, writeEncoded, writeText } from "../../http/sse.ts";
import { hitRateLimit } from "../../platform/rate-limit.ts";
import { isAiLimitError, startLlmTurn } from "./assistant-llm-turn.ts";
import { type AssistantEvent, RATE_LIMIT_TEXT } from "./assistant-types.ts";
import { builtInTurn } from "./assistant.service.ts";

const AssistantRequestSchema = z.object({
  messages: z
    .array(ChatMessageSchema, { error: "messages must be a list of {role, content}." })
    .min(1, "Send at least one message.")
    .max(100, "A conversation can have at most 100 messages.")
    .refine((m) => m.at(-1)?.role === "user", "The last message must be the shopper's.")
    .refine((m) => (m.at(-1)?.content.trim().length ?? 0) > 0, "The message is empty."),
});

/** Every attempt counts, valid or not, so it runs before the body is read. */
async function assistantRateLimit(c: AppContext) {
  const deps = c.get("deps");
  const limit = deps.config.assistantRateLimitPerMinute;
  const hit = await hitRateLimit(deps.database.db, `assistant:ip:${clientIp(c)}`, limit, 60);
  if (!hit.allowed) {
    c.header("Retry-After", String(hit.retryAfterSeconds));
    throw limitReached(RATE_LIMIT_TEXT);
  }
}

/** POST /functions/v1/shop-assistant: public, streamed, grounded in the catalogue. */
export const assistantRoutes: ApiRoute[] = [
  defineRoute({
    method: "post",
    path: "/functions/v1/shop-assistant",
    summary:
      "The shopping assistant (public, rate-limited per IP). Server-sent events: text deltas, {type: tool_result, products} carousels, then data: [DONE]",
    tag: "Assistant",
    access: "public",
    before: assistantRateLimit,
    body: AssistantRequestSchema,
    produces: "text/event-stream",
    handler: async (c, { body: { messages } }) => {
      const deps = c.get("deps");
      const turnDeps = {
        db: deps.database.db,
        hasPgvector: deps.database.hasPgvector,
        ai: deps.ai,
        logger: c.get("log"),
      };
      let events: AsyncGenerator<AssistantEvent>;
      let engine = "built-in";
      if (deps.ai) {
        try {
          events = await startLlmTurn({ ...turnDeps, ai: deps.ai }, messages);
          engine = "llm";
        } catch (error) {
          // The AI side refused (429 RATE_LIMITED, 402 AI_UNAVAILABLE): the error table answers it.
          if (isAiLimitError(error)) throw error;
          c.get("log").warn({ err: error }, "LLM assistant failed; the built-in engine answers");
          events = builtInTurn(turnDeps, messages);
        }
      } else {
        events = builtInTurn(turnDeps, messages);
      }
      c.header("X-Assistant-Engine", engine);
      return streamSSE(c, async (stream) => {
        let wroteText = false;
        try {
          for await (const event of events) {
            if (event.type === "text") {
              wroteText = true;
              await writeText(stream, event.text, engine === "llm" ? 0 : deps.config.streamWordDelayMs);
            } else {
              await writeEncoded(stream, ToolResultEventSchema, {
                type: "tool_result",
                products: event.products,
              });
            }
          }
        } catch (error) {
          c.get("log").warn({ err: error }, "assistant stream failed part-way");
          // The LLM broke before saying anything: the built-in engine answers this turn instead.
          if (!wroteText) {
            for await (const event of builtInTurn(turnDeps, messages)) {
              if (event.type === "text") await writeText(stream, event.text, deps.config.streamWordDelayMs);
              else
                await writeEncoded(stream, ToolResultEventSchema, {
                  type: "tool_result",
                  products: event.products,
                });
            }
          }
        }
        await writeDone(stream);
      });
    },
  }),
];
