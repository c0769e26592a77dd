import type { Product } from "@haggle/contract/products";
import { detectSmallTalk, writeAssistantReply } from "@haggle/domain/assistant/assistant-reply";
import { toCents } from "@haggle/domain/pricing/money";
import { parseShoppingRequest } from "@haggle/domain/assistant/parse-shopping-request";
import { EMPTY_FILTERS, type SearchSort, type ShoppingRequest } from "@haggle/domain/assistant/shopping-request";
import { asc, eq } from "drizzle-orm";
import { type AiConfig, AiHttpError, type ChatTurn, streamChat, type ToolSpec } from "../../platform/ai/openai-compatible.ts";
import type { Db } from "../../platform/db/client.ts";
import { products } from "../../platform/db/schema.ts";
import type { Logger } from "../../platform/logger.ts";
import { searchProducts } from "../catalog/search-products.service.ts";

export const ASSISTANT_NAME = "Ava";

export type AssistantEvent = { type: "text"; text: string } | { type: "products"; products: Product[] };

export interface AssistantDeps {
  db: Db;
  hasPgvector: boolean;
  ai: AiConfig | null;
  logger: Logger;
}

type Message = { role: "user" | "assistant"; content: string };

let facetCache: { at: number; value: { categories: string[]; brands: string[] } } | null = null;

/** The shop's categories and brands, for reading requests (cached a minute: they rarely change). */
async function catalogFacets(db: Db) {
  if (facetCache && Date.now() - facetCache.at < 60_000) return facetCache.value;
  const rows = await db
    .selectDistinct({ category: products.category, brand: products.brand })
    .from(products)
    .where(eq(products.hidden, false))
    .orderBy(asc(products.category));
  const value = {
    categories: [...new Set(rows.map((r) => r.category))],
    brands: [...new Set(rows.map((r) => r.brand))],
  };
  facetCache = { at: Date.now(), value };
  return value;
}

/** The built-in engine: read the request (with follow-ups), search, answer honestly. */
export async function* builtInTurn(deps: AssistantDeps, messages: Message[]): AsyncGenerator<AssistantEvent> {
  const userMessages = messages.filter((m) => m.role === "user").map((m) => m.content).slice(-8);
  const last = userMessages.at(-1) ?? "";
  const request = parseShoppingRequest(userMessages, await catalogFacets(deps.db));
  const seed = userMessages.length;
  const smallTalk = detectSmallTalk(last);
  const hasQuery = request.text.trim() !== "" || request.understood.length > 0;
  if (smallTalk && !request.understood.length) {
    yield { type: "text", text: writeAssistantReply({ assistantName: ASSISTANT_NAME, understood: [], refined: false, products: [], alternatives: false, smallTalk, seed }) };
    return;
  }
  let found = hasQuery ? (await searchProducts(deps, request)).items : [];
  let alternatives = false;
  if (found.length === 0 && hasQuery) {
    // Nothing matches everything: keep what the shopper is looking for, drop the constraints.
    const looser: ShoppingRequest = { ...request, filters: { ...EMPTY_FILTERS, categories: request.filters.categories } };
    found = (await searchProducts(deps, looser)).items;
    if (found.length === 0 && request.filters.categories.length > 0) {
      found = (await searchProducts(deps, { ...looser, text: "" })).items;
    }
    alternatives = found.length > 0;
  }
  const understood = request.understood.length > 0 ? request.understood : request.text ? [`"${request.text}"`] : [];
  yield {
    type: "text",
    text: writeAssistantReply({
      assistantName: ASSISTANT_NAME,
      understood,
      refined: request.refined,
      products: found.map((p) => ({ name: p.name, brand: p.brand, price: toCents(p.price), listPrice: toCents(p.listPrice), rating: p.rating })),
      alternatives,
      smallTalk: null,
      seed,
    }),
  };
  if (found.length > 0) yield { type: "products", products: found };
}

const SEARCH_TOOL: ToolSpec = {
  type: "function",
  function: {
    name: "search_products",
    description: "Search the shop's catalogue. Always use it before naming any product; name only products it returns.",
    parameters: {
      type: "object",
      properties: {
        query: { type: "string", description: "Words to search for, e.g. 'trail running shoes'" },
        category: { type: "string" },
        brand: { type: "string" },
        min_price: { type: "number", description: "US dollars" },
        max_price: { type: "number", description: "US dollars" },
        on_sale: { type: "boolean" },
        in_stock: { type: "boolean" },
        min_rating: { type: "number" },
        gift: { type: "boolean" },
        sort: { type: "string", enum: ["relevance", "price-low", "price-high", "rating"] },
        limit: { type: "integer", minimum: 1, maximum: 12 },
      },
      additionalProperties: false,
    },
  },
};

function requestFromToolArguments(raw: string): ShoppingRequest {
  let args: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(raw || "{}");
    if (parsed && typeof parsed === "object") args = parsed as Record<string, unknown>;
  } catch {
    // Arguments that do not parse search for nothing in particular.
  }
  const str = (v: unknown) => (typeof v === "string" ? v.slice(0, 200) : "");
  const dollars = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 && v < 1e7 ? Math.round(v * 100) : null);
  const sorts: SearchSort[] = ["relevance", "price-low", "price-high", "rating"];
  return {
    text: str(args.query),
    filters: {
      ...EMPTY_FILTERS,
      categories: str(args.category) ? [str(args.category)] : [],
      brands: str(args.brand) ? [str(args.brand)] : [],
      minPrice: dollars(args.min_price),
      maxPrice: dollars(args.max_price),
      onSale: args.on_sale === true,
      inStockOnly: args.in_stock === true,
      minRating: typeof args.min_rating === "number" && Number.isFinite(args.min_rating) ? Math.max(0, Math.min(5, args.min_rating)) : null,
      tags: args.gift === true ? ["gift"] : [],
    },
    sort: sorts.includes(args.sort as SearchSort) ? (args.sort as SearchSort) : "relevance",
    limit: typeof args.limit === "number" && Number.isFinite(args.limit) ? Math.max(1, Math.min(12, Math.floor(args.limit))) : 6,
    targetPrice: null,
  };
}

const SYSTEM_PROMPT = `You are ${ASSISTANT_NAME}, the shopping assistant of an online shop. Help the shopper find products.
Use the search_products tool for every product question and name only products it returned, with their real prices.
Keep answers short (2-4 sentences). If nothing matches, say so honestly and suggest a broader search.
Never invent discounts: price negotiation happens on the cart page, not here.`;

interface PendingCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * The LLM engine: streamed text, with search_products tool calls (arguments may arrive in
 * pieces) run against the same search; the carousel shows only what the tool returned.
 * Throws AiHttpError on the first call's HTTP error so the caller can answer 429/402 or fall back.
 */
export async function startLlmTurn(deps: AssistantDeps & { ai: AiConfig }, messages: Message[]): Promise<AsyncGenerator<AssistantEvent>> {
  const history: ChatTurn[] = [{ role: "system", content: SYSTEM_PROMPT }, ...messages.slice(-12)];
  const first = streamChat(deps.ai, { messages: history, tools: [SEARCH_TOOL] });
  const head = await first.next(); // surfaces HTTP errors before anything is streamed
  async function* run(): AsyncGenerator<AssistantEvent> {
    const calls = new Map<number, PendingCall>();
    let chunk = head;
    while (!chunk.done) {
      const value = chunk.value;
      if (value.content) yield { type: "text", text: value.content };
      for (const delta of value.toolCallDeltas ?? []) {
        const call = calls.get(delta.index) ?? { id: delta.id ?? `call_${delta.index}`, name: "", arguments: "" };
        if (delta.id) call.id = delta.id;
        if (delta.name) call.name += delta.name;
        if (delta.arguments) call.arguments += delta.arguments;
        calls.set(delta.index, call);
      }
      chunk = await first.next();
    }
    const searches = [...calls.values()].filter((c) => c.name === "search_products").slice(0, 3);
    if (searches.length === 0) return;
    const followUp: ChatTurn[] = [
      ...history,
      {
        role: "assistant",
        content: null,
        tool_calls: searches.map((c) => ({ id: c.id, type: "function" as const, function: { name: c.name, arguments: c.arguments } })),
      },
    ];
    for (const call of searches) {
      const found = (await searchProducts(deps, requestFromToolArguments(call.arguments))).items;
      if (found.length > 0) yield { type: "products", products: found };
      followUp.push({
        role: "tool",
        tool_call_id: call.id,
        content: JSON.stringify(
          found.map((p) => ({ id: p.id, name: p.name, brand: p.brand, category: p.category, price: p.price, list_price: p.listPrice, rating: p.rating, in_stock: p.inStock })),
        ),
      });
    }
    for await (const piece of streamChat(deps.ai, { messages: followUp })) {
      if (piece.content) yield { type: "text", text: piece.content };
    }
  }
  return run();
}

export function isAiLimitError(error: unknown): error is AiHttpError {
  return error instanceof AiHttpError && (error.status === 429 || error.status === 402);
}

