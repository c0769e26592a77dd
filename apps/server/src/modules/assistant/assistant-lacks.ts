import type {
  ParsedShoppingRequest,
  ShoppingCatalogNames,
} from "@haggle/domain/assistant/parse-shopping-request";
import { askedWords, lackingOf } from "@haggle/domain/assistant/shop-lacks";
import { indexTerms, nearestTerms, type TermIndex, wordForms } from "@haggle/domain/assistant/word-meaning";
import { editDistance, type SearchVocabulary } from "@haggle/domain/catalog/typo-corrections";
import { wordVectors } from "../../platform/ai/word-vectors.ts";
import { vocabularyOf, wordsMatchingAnyProduct } from "../catalog/index.ts";
import type { AssistantDeps } from "./assistant-types.ts";

/**
 * A misspelling (one edit) is evidence only from this length on: a short brand the shop lacks is
 * one letter from many words ("nike" / "hike", "sony" / "song"), a long kind rarely ("heaphones").
 * Two edits are too many: "guitars" is two from "gaiters".
 */
const MIN_TYPO_EVIDENCE = 6;

/**
 * A word this close in meaning to one of the catalogue's (not a brand's) is one the shop has under
 * another name ("motorbikes" / motorcycles). Well above the floor for reading by meaning: a
 * brand's nearest kinds ("nike" / shoes) stay far below it, and so do a kind's neighbours that
 * are other things ("guitars" / bass, percussion: about 0.7).
 */
const SAME_THING = 0.8;

const kindIndexes = new WeakMap<SearchVocabulary, { names: ShoppingCatalogNames; index: TermIndex }>();

/** The catalogue's words of kinds (names, tags, categories; no brand's word), with their vectors. */
function kindIndexOf(vocabulary: SearchVocabulary, names: ShoppingCatalogNames): TermIndex | null {
  const vectors = wordVectors();
  if (!vectors) return null;
  const kept = kindIndexes.get(vocabulary);
  if (kept && kept.names === names) return kept.index;
  const categoryWords = names.categories.flatMap((c) => c.toLowerCase().split(/[^a-z]+/)).filter(Boolean);
  const brandWords = new Set(names.brands.flatMap((b) => b.toLowerCase().split(/[^a-z]+/)));
  const terms = [
    ...vocabulary.words,
    ...[...vocabulary.tags].flatMap((t) => t.split(/[\s-]+/)),
    ...categoryWords,
  ];
  const index = indexTerms(
    [...new Set(terms)].filter(
      (t) => /^[a-z]{3,}$/.test(t) && (!brandWords.has(t) || categoryWords.includes(t)),
    ),
    vectors,
  );
  kindIndexes.set(vocabulary, { names, index });
  return index;
}

/**
 * The words of "do you carry X" / "anything from X" that the shop has no evidence of (see
 * domain shop-lacks.ts): no word form of them among its product names, brands, categories or
 * tags, no misspelling of one, nothing of the same meaning (SAME_THING), and no product (hidden
 * ones too) whose text holds them. Only for
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
  const asked = askedWords(message).filter((w) => wordForms(w).some((f) => sought.has(f)));
  if (asked.length === 0) return [];
  const vocabulary = await vocabularyOf(deps.db);
  const known = new Set<string>(vocabulary.words);
  for (const tag of vocabulary.tags) for (const w of tag.split(/[\s-]+/)) known.add(w);
  for (const name of [...names.categories, ...names.brands])
    for (const w of name.toLowerCase().split(/[^a-z0-9]+/)) if (w) known.add(w);
  const inCatalogue = (word: string) =>
    wordForms(word).some((f) => known.has(f) || known.has(`${f}s`) || known.has(`${f}es`)) ||
    (word.length >= MIN_TYPO_EVIDENCE && vocabulary.words.some((v) => editDistance(word, v, 1) <= 1));
  const vectors = wordVectors();
  const kinds = kindIndexOf(vocabulary, names);
  const sameThing = (word: string) =>
    vectors !== null && kinds !== null && nearestTerms(word, vectors, kinds, SAME_THING).length > 0;
  const unknown = lackingOf(asked, (w) => inCatalogue(w) || sameThing(w));
  if (unknown.length === 0) return [];
  const mentioned = await wordsMatchingAnyProduct(
    deps.db,
    unknown.map((word) => ({ word, corrections: [] })),
  );
  const lacking = unknown.filter((w) => !mentioned.has(w));
  if (lacking.length > 0 || !(await kindOnlyDescribedApart(deps, asked, unknown))) return lacking;
  return asked;
}

/**
 * "do you have board games" in a shop whose only "board" is a chopping board and whose "games"
 * are what a football's description says it is used in: the kind asked (its last word) is no
 * product's name, tag or category, only words of descriptions, and no product holds all the
 * asked words together. The shop has no such thing; the words apart are no evidence of it.
 */
async function kindOnlyDescribedApart(
  deps: AssistantDeps,
  asked: readonly string[],
  unknown: readonly string[],
): Promise<boolean> {
  const kind = asked.at(-1);
  if (asked.length < 2 || !kind || !unknown.includes(kind)) return false;
  const together = await wordsMatchingAnyProduct(deps.db, [{ word: asked.join(" "), corrections: [] }]);
  return together.size === 0;
}
