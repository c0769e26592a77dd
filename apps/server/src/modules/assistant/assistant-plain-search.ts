import type { Product } from "@haggle/contract/products";
import { ProductQuerySchema } from "@haggle/contract/products";
import type { ParsedShoppingRequest } from "@haggle/domain/assistant/parse-shopping-request";
import { listProducts } from "../catalog/index.ts";
import type { AssistantDeps } from "./assistant-types.ts";

/**
 * The assistant never shows less than the shop's own search box finds for the same words. Its
 * reading of a message (meanings, needs, relaxations) may miss what a literal search finds; so a
 * message that stands on its own (a new request or a change of topic) is also searched as typed,
 * as GET /api/products would, and what that finds (in stock, within the request's prices and
 * brands, nothing excluded) fills the answer after the assistant's own picks, up to its limit.
 * A follow-up ("only Samsung") is not searched so: its words mean something only with the
 * request so far.
 */
export async function plainSearchFill(
  deps: AssistantDeps,
  request: ParsedShoppingRequest,
  message: string,
  shown: readonly Product[],
  isExcluded: (p: Product) => boolean,
): Promise<Product[]> {
  if (request.turn !== "new" && request.turn !== "topic-change") return [];
  if (shown.length >= request.limit) return [];
  const q = message.trim().slice(0, 200);
  if (q === "") return [];
  const found = await listProducts(deps.db, ProductQuerySchema.parse({ q, pageSize: request.limit * 3 }));
  const { minPrice, maxPrice, brands } = request.filters;
  const fits = (p: Product) =>
    p.inStock &&
    !isExcluded(p) &&
    !shown.some((s) => s.id === p.id) &&
    (minPrice === null || p.price >= minPrice) &&
    (maxPrice === null || p.price <= maxPrice) &&
    (brands.length === 0 || brands.some((b) => b.toLowerCase() === p.brand.toLowerCase()));
  return found.items.filter(fits).slice(0, request.limit - shown.length);
}
