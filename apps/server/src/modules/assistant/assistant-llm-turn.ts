import { ProductSchema } from "@haggle/contract/products";
import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";
import { readSearchToolArguments } from "@haggle/domain/assistant/read-search-tool-arguments";
import { DomainError } from "@haggle/domain/errors";
import { z } from "zod";
import {
  type AiConfig,
  AiHttpError,
  type ChatTurn,
  streamChat,
} from "../../platform/ai/openai-compatible.ts";
import { searchProducts } from "../catalog/index.ts";
import { SEARCH_TOOL, systemPrompt } from "./assistant-llm-prompt.ts";
import {
  AI_UNAVAILABLE_TEXT,
  type AssistantDeps,
  type AssistantEvent,
  type AssistantMessage as Message,
  RATE_LIMIT_TEXT,
} from "./assistant-types.ts";

/** The LLM engine: the model calls search_products, backed by the shop's own search. */

/** The LLM sees only the last turns of the conversation. */
const LLM_MESSAGES = 12;
/** At most this many searches per LLM turn. */
const MAX_TOOL_CALLS = 3;

/**
 * The AI side's refusals in the shop's terms: its rate limit (429) and its quota or billing
 * (402) are told to the shopper; any other failure is not, the built-in engine answers instead.
 */
function refusalOf(error: unknown): DomainError | null {
  if (!(error instanceof AiHttpError)) return null;
  if (error.status === 429)
    return new DomainError("limit", "RATE_LIMITED", RATE_LIMIT_TEXT, { cause: error });
  if (error.status === 402)
    return new DomainError("unavailable", "AI_UNAVAILABLE", AI_UNAVAILABLE_TEXT, { cause: error });
  return null;
}

interface PendingCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * The LLM engine: streamed text, with search_products tool calls (arguments may arrive in
 * pieces) run against the same search; the carousel shows only what the tool returned.
 * Throws, before anything is streamed, a DomainError when the AI side refuses (limit
 * RATE_LIMITED, unavailable AI_UNAVAILABLE), and the AI client's error on any other failure of
 * the first call, so that the caller can answer with the built-in engine instead.
 */
export async function startLlmTurn(
  deps: AssistantDeps & { ai: AiConfig },
  messages: Message[],
): Promise<AsyncGenerator<AssistantEvent>> {
  const history: ChatTurn[] = [
    { role: "system", content: systemPrompt(ASSISTANT_NAME) },
    ...messages.slice(-LLM_MESSAGES),
  ];
  const first = streamChat(deps.ai, { messages: history, tools: [SEARCH_TOOL] });
  let head: Awaited<ReturnType<typeof first.next>>;
  try {
    head = await first.next(); // surfaces HTTP errors before anything is streamed
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
  async function* run(): AsyncGenerator<AssistantEvent> {
    const calls = new Map<number, PendingCall>();
    let chunk = head;
    while (!chunk.done) {
      const value = chunk.value;
      if (value.content) yield { type: "text", text: value.content };
      for (const delta of value.toolCallDeltas ?? []) {
        const call = calls.get(delta.index) ?? {
          id: delta.id ?? `call_${delta.index}`,
          name: "",
          arguments: "",
        };
        if (delta.id) call.id = delta.id;
        if (delta.name) call.name += delta.name;
        if (delta.arguments) call.arguments += delta.arguments;
        calls.set(delta.index, call);
      }
      chunk = await first.next();
    }
    const searches = [...calls.values()].filter((c) => c.name === "search_products").slice(0, MAX_TOOL_CALLS);
    if (searches.length === 0) return;
    const followUp: ChatTurn[] = [
      ...history,
      {
        role: "assistant",
        content: null,
        tool_calls: searches.map((c) => ({
          id: c.id,
          type: "function" as const,
          function: { name: c.name, arguments: c.arguments },
        })),
      },
    ];
    for (const call of searches) {
      const found = (await searchProducts(deps, readSearchToolArguments(call.arguments))).items;
      if (found.length > 0) yield { type: "products", products: found };
      followUp.push({
        role: "tool",
        tool_call_id: call.id,
        // The model reads the shop's wire form: the contract writes the prices in dollars.
        content: JSON.stringify(
          found
            .map((product) => z.encode(ProductSchema, product))
            .map((p) => ({
              id: p.id,
              name: p.name,
              brand: p.brand,
              category: p.category,
              price: p.price,
              list_price: p.listPrice,
              rating: p.rating,
              in_stock: p.inStock,
            })),
        ),
      });
    }
    for await (const piece of streamChat(deps.ai, { messages: followUp })) {
      if (piece.content) yield { type: "text", text: piece.content };
    }
  }
  return run();
}

/** Whether an error of startLlmTurn is the AI side's refusal, to be answered as it is. */
export function isAiLimitError(error: unknown): error is DomainError {
  return error instanceof DomainError && (error.code === "RATE_LIMITED" || error.code === "AI_UNAVAILABLE");
}
