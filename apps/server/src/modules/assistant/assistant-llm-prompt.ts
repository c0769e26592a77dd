import type { ToolSpec } from "../../platform/ai/openai-compatible.ts";

/**
 * What the LLM engine of the shopping assistant is told: its instructions and the one tool it
 * may call. Its words are shown as they stream; the products it may show come only from the tool.
 */

export function systemPrompt(assistantName: string): string {
  return `You are ${assistantName}, the shopping assistant of an online shop. Help the shopper find products.
Use the search_products tool for every product question and name only products it returned, with their real prices.
Keep answers short (2-4 sentences). If nothing matches, say so honestly and suggest a broader search.
Never invent discounts: price negotiation happens on the cart page, not here.`;
}

/** Read by readSearchToolArguments (domain); keep the two in step. */
export const SEARCH_TOOL: ToolSpec = {
  type: "function",
  function: {
    name: "search_products",
    description:
      "Search the shop's catalogue. Always use it before naming any product; name only products it returns.",
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
