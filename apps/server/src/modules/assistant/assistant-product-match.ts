import type { Product } from "@haggle/contract/products";
import { holdsExcluded } from "@haggle/domain/assistant/excluded-words";
import type { ParsedShoppingRequest } from "@haggle/domain/assistant/parse-shopping-request";
import { ofOtherGender } from "@haggle/domain/assistant/recipient-gender";

/** How a found product stands to the shopper's request: excluded, of the subject, ordered by kind. */

function stemOf(word: string): string {
  return word.toLowerCase().replace(/(?:es|s)$/, "");
}

/** Whether a product is one the shopper said they do not want. */
export function isExcluded(product: Product, request: ParsedShoppingRequest): boolean {
  if (request.excludedBrands.some((b) => b.toLowerCase() === product.brand.toLowerCase())) return true;
  const text = `${product.name} ${product.category} ${product.tags.join(" ")}`;
  // Things for a man show no women's things, for a woman no men's: by their own words, or by a
  // kind the shop files only under the other's categories (a dress under "Tops").
  const otherKind = product.tags.some((t) => request.otherGenderKinds.includes(t.toLowerCase()));
  if (otherKind && !/\bunisex\b/i.test(text)) return true;
  return holdsExcluded(text, request.excludedWords) || ofOtherGender(text, request.forGender);
}

/**
 * Whether a product is literally of the request's subject: every subject word in its name, tags
 * or category, and in the request's categories when it has some ("hiking backpacks": Outdoor).
 */
export function isOfSubject(product: Product, request: ParsedShoppingRequest): boolean {
  if (request.subjectWords.length === 0) return false;
  const categories =
    request.filters.categories.length > 0 ? request.filters.categories : request.boostCategories;
  if (categories.length > 0 && !categories.includes(product.category)) return false;
  const haystack = `${product.name} ${product.category} ${product.tags.join(" ")}`.toLowerCase();
  return request.subjectWords.every((w) =>
    new RegExp(`(?<![a-z])${stemOf(w).replace(/[^a-z0-9]/g, "")}(?:s|es)?(?![a-z])`, "u").test(haystack),
  );
}

/**
 * Whether a product is of the kind a request's subject names, by its head word (its last:
 * "shoe" of "running shoe") anywhere in the product's name, category or tags ("smartwatch" holds
 * "watch"); any product when the subject names no word (a category alone).
 */
export function holdsSubjectHead(product: Product, request: ParsedShoppingRequest): boolean {
  const head = stemOf(request.subjectWords.at(-1) ?? "");
  if (head.length < 3) return true;
  return `${product.name} ${product.category} ${product.tags.join(" ")}`.toLowerCase().includes(head);
}

/**
 * "what's the cheapest one?" after jackets: sorted by price, the search's looser finds (a water
 * bottle the words barely match) would lead; the things of the kind asked for come first, in
 * their price order, the others after them.
 */
export function kindFirstByPrice(found: Product[], request: ParsedShoppingRequest): Product[] {
  if (request.sort !== "price-low" && request.sort !== "price-high") return found;
  const ofKind = found.filter((p) => isOfSubject(p, request));
  if (ofKind.length === 0) return found;
  return [...ofKind, ...found.filter((p) => !ofKind.includes(p))];
}
