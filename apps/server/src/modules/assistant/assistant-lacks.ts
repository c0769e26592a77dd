import type { ParsedShoppingRequest, ShoppingCatalogNames } from "@haggle/domain/assistant/parse-shopping-request";
import { askedWords, lackingOf } from "@haggle/domain/assistant/shop-lacks";
import { wordForms } from "@haggle/domain/assistant/word-meaning";
import { allowedEdits, editDistance } from "@haggle/domain/catalog/typo-corrections";
import { vocabularyOf, wordsMatchingAnyProduct } from "../catalog/index.ts";
import type { AssistantDeps } from "./assistant-types.ts";

/**
 * Misspellings are evidence only from this length on: a short brand the shop lacks is one letter
 * from many words ("nike" / "hike", "sony" / "song"), a long kind rarely ("heaphones").
 */
const MIN_TYPO_EVIDENCE = 6;

/**
 * The words of "do you carry X" / "anything from X" that the shop has no evidence of (see
 * domain shop-lacks.ts): no word form of them among its product names, brands, categories or
 * tags, no misspelling of one, and no product (hidden ones too) whose text holds them. Only for
 * a message that asks afresh; a follow-up's words mean something with what was asked before.
 */
export async function lackingAsked(
  deps: AssistantDeps,
  message: string,
  request: ParsedShoppingRequest,
  names: ShoppingCatalogNames,
): Promise<string[]> {
  if (request.turn !== "new" && request.turn !== "topic-change") return [];
  // Only words the reading left as what is sought: "cheaper", "gifts", "my dad" were read as such.
  const sought = new Set(request.text.toLowerCase().split(" "));
  const asked = askedWords(message).filter((w) => sought.has(w));
  if (asked.length === 0) return [];
  const vocabulary = await vocabularyOf(deps.db);
  const known = new Set<string>(vocabulary.words);
  for (const tag of vocabulary.tags) for (const w of tag.split(/[\s-]+/)) known.add(w);
  for (const name of [...names.categories, ...names.brands])
    for (const w of name.toLowerCase().split(/[^a-z0-9]+/)) if (w) known.add(w);
  const inCatalogue = (word: string) =>
    wordForms(word).some((f) => known.has(f) || known.has(`${f}s`) || known.has(`${f}es`)) ||
    (word.length >= MIN_TYPO_EVIDENCE &&
      vocabulary.words.some((v) => editDistance(word, v, allowedEdits(word)) <= allowedEdits(word)));
  const unknown = lackingOf(asked, inCatalogue);
  if (unknown.length === 0) return [];
  const mentioned = await wordsMatchingAnyProduct(
    deps.db,
    unknown.map((word) => ({ word, corrections: [] })),
  );
  return unknown.filter((w) => !mentioned.has(w));
}
