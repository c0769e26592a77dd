import type { Product } from "@haggle/contract/products";
import type { ParsedShoppingRequest } from "@haggle/domain/assistant/parse-shopping-request";
import type { SearchPlan } from "@haggle/domain/assistant/relax-shopping-request";
import { searchProducts } from "../catalog/index.ts";
import { likeShownByTags } from "./assistant-text-rank.ts";
import type { AssistantDeps } from "./assistant-types.ts";

/** Fewer products than this that match everything are followed by close ones. */
const FILL_TO = 4;

/**
 * "yoga mats" with one mat: other yoga things of the shown products' categories fill the answer.
 * A gift of one kind the shop has little of ("she's into lipstick, gift ideas?" with one
 * lipstick): other things of the shown products' categories, the gift-tagged first, as a person
 * would suggest ("and some other makeup").
 */
export async function closeByModifiers(
  deps: AssistantDeps,
  request: ParsedShoppingRequest,
  base: SearchPlan,
  shown: Product[],
  isExcluded: (p: Product) => boolean,
): Promise<{ products: Product[]; relaxed: string | null }> {
  const modifiers = request.subjectWords.slice(0, -1);
  const gift = request.filters.tags.includes("gift") && request.subjectWords.length === 1;
  if (shown.length === 0 || shown.length >= FILL_TO || request.relative !== null)
    return { products: [], relaxed: null };
  if (modifiers.length === 0 && !gift) return likeShown(deps, request, shown, isExcluded, base.limit);
  const categories = [...new Set(shown.map((p) => p.category))];
  const filters = { ...base.filters, categories, tags: base.filters.tags.filter((t) => t !== "gift") };
  const text = modifiers.length > 0 ? modifiers.join(" ") : "";
  const close = await searchProducts(deps, { ...base, text, anyOf: [], filters });
  if (modifiers.length === 0) {
    const more = close.items.filter((p) => p.inStock && !isExcluded(p) && !shown.some((s) => s.id === p.id));
    const giftFirst = [
      ...more.filter((p) => p.tags.includes("gift")),
      ...more.filter((p) => !p.tags.includes("gift")),
    ];
    return {
      products: giftFirst.slice(0, base.limit - shown.length),
      relaxed:
        more.length > 0 ? `"${request.subjectWords[0]}" (other ${categories.join(" or ")} things)` : null,
    };
  }
  const more = close.items.filter((p) => p.inStock && !isExcluded(p) && !shown.some((s) => s.id === p.id));
  if (more.length === 0) return likeShown(deps, request, shown, isExcluded, base.limit);
  const products = more.slice(0, base.limit - shown.length);
  const like = await likeShown(deps, request, [...shown, ...products], isExcluded, base.limit);
  return {
    products: [...products, ...like.products],
    relaxed: `"${request.subjectWords.at(-1)}" (other ${modifiers.join(" ")} things)`,
  };
}

/**
 * A short answer still short of FILL_TO: the products most like the shown ones by their tags
 * (likeShownByTags), said as things like them.
 */
async function likeShown(
  deps: AssistantDeps,
  request: ParsedShoppingRequest,
  shown: Product[],
  isExcluded: (p: Product) => boolean,
  limit: number,
): Promise<{ products: Product[]; relaxed: string | null }> {
  // Only a new request or a change of topic: a follow-up's purpose ("for cooking") or traits
  // ("the classic kind" of watches) keep to what it narrowed; an order asked for ("budget", "the
  // cheapest") is not followed by dearer things it did not ask for.
  if (
    shown.length >= FILL_TO ||
    (request.turn !== "new" && request.turn !== "topic-change") ||
    request.sort !== "relevance"
  )
    return { products: [], relaxed: null };
  const products = await likeShownByTags(deps, request, shown, isExcluded, limit - shown.length);
  return { products, relaxed: products.length > 0 ? "the kind (things like them)" : null };
}
