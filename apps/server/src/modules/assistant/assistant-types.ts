import type { Product } from "@haggle/contract/products";
import type { AiConfig } from "../../platform/ai/openai-compatible.ts";
import type { Db } from "../../platform/db/client.ts";
import type { Logger } from "../../platform/logger.ts";

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

/** One message of the conversation as the client sends it. */
export type AssistantMessage = { role: "user" | "assistant"; content: string };
