import type { Product } from "@haggle/contract/products";
import type { ParsedShoppingRequest } from "@haggle/domain/assistant/parse-shopping-request";
import type { SearchPlan } from "@haggle/domain/assistant/relax-shopping-request";
import { searchProducts } from "../catalog/index.ts";
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
  if (
    shown.length === 0 ||
    shown.length >= FILL_TO ||
    (modifiers.length === 0 && !gift) ||
    request.relative !== null
  )
    return { products: [], relaxed: null };
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
  if (more.length === 0) return { products: [], relaxed: null };
  return {
    products: more.slice(0, base.limit - shown.length),
    relaxed: `"${request.subjectWords.at(-1)}" (other ${modifiers.join(" ")} things)`,
  };
}
