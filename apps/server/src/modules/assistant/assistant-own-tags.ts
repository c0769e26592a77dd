import { tagNamedBy } from "@haggle/domain/assistant/catalogue-tags";
import type { ParsedShoppingRequest } from "@haggle/domain/assistant/parse-shopping-request";
import type { SearchPlan } from "@haggle/domain/assistant/relax-shopping-request";
import { vocabularyOf } from "../catalog/index.ts";
import type { AssistantDeps } from "./assistant-types.ts";

/**
 * A new request that is nothing but one of the shop's own tags ("mesh", "soft shell") is first
 * searched as that label: the merchant's own word for exactly those products. Only the label
 * and the shopper's other limits (price, brand, sale, gift, rating) filter; a category the
 * reading inferred from the label's word is left out (the tag's products may be filed anywhere).
 * The reading's own plan follows it and fills a short answer.
 */
export async function ownTagPlan(
  deps: AssistantDeps,
  request: ParsedShoppingRequest,
  message: string,
  base: SearchPlan,
): Promise<SearchPlan | null> {
  if (request.turn !== "new" && request.turn !== "topic-change") return null;
  const tag = tagNamedBy(message, (await vocabularyOf(deps.db)).tags);
  if (!tag) return null;
  return {
    ...base,
    text: "",
    anyOf: [],
    filters: {
      ...request.filters,
      categories: [],
      tags: [...new Set([...request.filters.tags, tag])],
    },
    boostCategories: [],
  };
}
