import type { Product } from "@haggle/contract/products";
import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";
import { detectSmallTalk, writeAssistantReply } from "@haggle/domain/assistant/assistant-reply";
import { fallbackRequests, missedPhrases } from "@haggle/domain/assistant/fallback-requests";
import {
  parseShoppingRequest,
  type ShoppingCatalogNames,
  searchOf,
} from "@haggle/domain/assistant/parse-shopping-request";
import { readSearchToolArguments } from "@haggle/domain/assistant/read-search-tool-arguments";
import { DomainError } from "@haggle/domain/errors";
import { toCents } from "@haggle/domain/pricing/money";
import {
  type AiConfig,
  AiHttpError,
  type ChatTurn,
  streamChat,
} from "../../platform/ai/openai-compatible.ts";
import type { Db } from "../../platform/db/client.ts";
import type { Logger } from "../../platform/logger.ts";
import { searchProducts } from "../catalog/search-products.store.ts";
import { loadCatalogNames } from "../catalog/search-legs.store.ts";
import { loadTagCategories } from "../catalog/tag-categories.store.ts";
import { SEARCH_TOOL, systemPrompt } from "./assistant-llm-prompt.ts";

/** The spec's sentences for the 'Rate Limit' and 'Service Unavailable' toasts. */
export const RATE_LIMIT_TEXT = "Too many requests. Please wait a moment and try again.";
export const AI_UNAVAILABLE_TEXT = "AI service temporarily unavailable. Please try again later.";

export type AssistantEvent = { type: "text"; text: string } | { type: "products"; products: Product[] };

export interface AssistantDeps {
  db: Db;
  hasPgvector: boolean;
  ai: AiConfig | null;
  logger: Logger;
}

type Message = { role: "user" | "assistant"; content: string };

/** The built-in engine reads only the shopper's last messages. */
const BUILT_IN_MESSAGES = 8;
/** The LLM sees only the last turns of the conversation. */
const LLM_MESSAGES = 12;
/** At most this many searches per LLM turn. */
const MAX_TOOL_CALLS = 3;
/** Category and brand names are reloaded after a minute: they rarely change. */
const CATALOG_NAMES_TTL_MS = 60_000;

const catalogNamesCache = new WeakMap<Db, { at: number; value: Promise<ShoppingCatalogNames> }>();

/** The shop's categories, brands and tags (with their categories), for reading requests. */
function catalogNames(db: Db) {
  const cached = catalogNamesCache.get(db);
  if (cached && Date.now() - cached.at < CATALOG_NAMES_TTL_MS) return cached.value;
  const value = Promise.all([loadCatalogNames(db), loadTagCategories(db)]).then(([names, tagCategories]) => ({
    ...names,
    tagCategories,
  }));
  catalogNamesCache.set(db, { at: Date.now(), value });
  value.catch(() => catalogNamesCache.delete(db));
  return value;
}

/** The built-in engine: read the request (with follow-ups), search, answer honestly. */
export async function* builtInTurn(deps: AssistantDeps, messages: Message[]): AsyncGenerator<AssistantEvent> {
  const userMessages = messages
    .filter((m) => m.role === "user")
    .map((m) => m.content)
    .slice(-BUILT_IN_MESSAGES);
  const last = userMessages.at(-1) ?? "";
  const request = parseShoppingRequest(userMessages, await catalogNames(deps.db));
  const seed = userMessages.length;
  const smallTalk = detectSmallTalk(last);
  const hasQuery = request.text.trim() !== "" || request.understood.length > 0;
  if (smallTalk && !request.understood.length) {
    yield {
      type: "text",
      text: writeAssistantReply({
        assistantName: ASSISTANT_NAME,
        understood: [],
        refined: false,
        products: [],
        alternatives: false,
        smallTalk,
        seed,
      }),
    };
    return;
  }
  // Categories read from product words rank first; only named ones filter (searchOf).
  let found = hasQuery ? (await searchProducts(deps, searchOf(request, request.boostCategories))).items : [];
  let alternatives: { missed: string[]; kept: string[] } | false = false;
  if (found.length === 0 && hasQuery) {
    // Nothing matches everything: drop older constraints, then the search words, never what
    // the shopper just said (domain assistant/fallback-requests.ts).
    for (const fallback of fallbackRequests(request)) {
      // Without search words, the categories are all that says what to show: they filter.
      const looser = fallback.request.text
        ? searchOf(fallback.request, request.boostCategories)
        : fallback.request;
      found = (await searchProducts(deps, looser)).items;
      if (found.length > 0) {
        alternatives = { missed: missedPhrases(request), kept: fallback.kept };
        break;
      }
    }
  }
  const understood =
    request.understood.length > 0 ? request.understood : request.text ? [`"${request.text}"`] : [];
  yield {
    type: "text",
    text: writeAssistantReply({
      assistantName: ASSISTANT_NAME,
      understood,
      refined: request.refined,
      products: found.map((p) => ({
        name: p.name,
        brand: p.brand,
        price: toCents(p.price),
        listPrice: toCents(p.listPrice),
        rating: p.rating,
        reviewCount: p.reviewCount,
      })),
      alternatives,
      smallTalk: null,
      seed,
    }),
  };
  if (found.length > 0) yield { type: "products", products: found };
}

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
        content: JSON.stringify(
          found.map((p) => ({
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
