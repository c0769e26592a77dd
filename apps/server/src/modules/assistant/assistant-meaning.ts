import type { Product } from "@haggle/contract/products";
import { categoriesNamedBy } from "@haggle/domain/assistant/catalogue-kinds";
import type {
  ParsedShoppingRequest,
  ShoppingCatalogNames,
} from "@haggle/domain/assistant/parse-shopping-request";
import { type CatalogueAssociations, stemOf } from "@haggle/domain/assistant/catalogue-associations";
import { saysNoKind, situationKinds } from "@haggle/domain/assistant/need-situations";
import type { SearchPlan } from "@haggle/domain/assistant/relax-shopping-request";
import {
  compoundParts,
  indexTerms,
  nearestTerms,
  type TermIndex,
  vectorOfWord,
  type WordVectors,
  wordForms,
} from "@haggle/domain/assistant/word-meaning";
import { editDistance, type SearchVocabulary } from "@haggle/domain/catalog/typo-corrections";
import { wordVectors } from "../../platform/ai/word-vectors.ts";
import { vocabularyOf } from "../catalog/index.ts";
import { learnedMeanings } from "./assistant-learned-meaning.ts";
import type { AssistantDeps } from "./assistant-types.ts";

/**
 * The built-in engine's reading of words by meaning, against the shop's own catalogue (its
 * names, tags and categories): see readByMeaning.
 */

const termIndexes = new WeakMap<SearchVocabulary, { names: ShoppingCatalogNames; index: TermIndex }>();

/**
 * The catalogue's own words (names, categories, tags) with their vectors, kept per vocabulary.
 * A word only of brand names is left out: a meaning is a kind of thing, never a maker (the
 * nearest words to an absent brand, "sony", are other brands).
 */
function catalogueTerms(
  vocabulary: SearchVocabulary,
  names: ShoppingCatalogNames,
  vectors: WordVectors,
): TermIndex {
  const kept = termIndexes.get(vocabulary);
  if (kept && kept.names === names) return kept.index;
  const categoryWords = names.categories.flatMap((c) => c.toLowerCase().split(/[^a-z-]+/));
  const brandWords = new Set(names.brands.flatMap((b) => b.toLowerCase().split(/[^a-z]+/)));
  const terms = [...vocabulary.words, ...vocabulary.tags].filter(
    (t) => !t.split(/[\s-]+/).some((w) => brandWords.has(w) && !categoryWords.includes(w)),
  );
  terms.push(...categoryWords);
  const index = indexTerms(terms, vectors);
  termIndexes.set(vocabulary, { names, index });
  return index;
}

/**
 * Words of the subject the catalogue does not contain are read by meaning. A word that heads one
 * of the shop's kinds ("phone" -> the category Smartphones, "car" -> the tag "sports cars") names
 * those categories, which then filter (catalogue-kinds.ts); another is replaced by the
 * catalogue's words nearest to it ("runner" -> running, "picnic" -> camping), as kinds any of which
 * will do. A modifier of a kind the catalogue knows ("running" of "running shoes" where no name
 * says running) stays as written, so that relaxing the kind's modifiers can drop it. Words it
 * contains, and attribute words, stay as they are; the head of the kind also ranks the categories
 * it names first ("shoes" -> Men's Shoes, Women's Shoes).
 */
export async function readByMeaning(
  deps: AssistantDeps,
  request: ParsedShoppingRequest,
  names: ShoppingCatalogNames,
  message = request.text,
): Promise<{ text: string; anyOf: string[]; categories: string[]; boost: string[] }> {
  const subjectWords = request.subjectWords.filter((w) => /^[a-z]{3,}$/.test(w));
  if (subjectWords.length === 0 && request.anyOf.length === 0)
    return { text: request.text, anyOf: request.anyOf, categories: [], boost: [] };
  const vocabulary = await vocabularyOf(deps.db);
  const known = new Set([...vocabulary.words, ...[...vocabulary.tags].flatMap((t) => t.split("-"))]);
  const isKnown = (w: string) => wordForms(w).some((f) => known.has(f) || known.has(`${f}s`));
  const compounds = compoundsOf(subjectWords, known, isKnown, wordVectors());
  // A sentence that describes a situation and names none of the shop's kinds ("my knees are sore
  // after my runs"): the situation's kinds, not its words, are what is sought.
  const situation = situationOfRequest(request, message, vocabulary, names);
  if (subjectWords.length === 0 || situation) {
    const learned = await learnedMeanings(deps);
    const need = needInShopWords(situation ? [...situation] : request.anyOf, learned, known);
    return {
      text: situation ? "" : request.text,
      anyOf: need.kinds,
      categories: [],
      boost: need.categories.filter((c) => names.categories.includes(c)),
    };
  }
  const joined = joinedWords(request.text, known);
  const words = subjectWords.filter((w) => !joined.parts.has(w));
  if (words.length === 0) return { text: joined.text, anyOf: request.anyOf, categories: [], boost: [] };
  const { subject, dropped } = withoutFiller(words, isKnown);
  // In a sentence ("my desk chair is killing my back"), the words naming the shop's kinds are
  // what is sought; the others are its context: never read by meaning (the neighbours of
  // "killing" are no chairs), left out when the catalogue does not know them, and the last kind
  // word is the head.
  const context = contextWords(subject, vocabulary, names);
  const kindsOnly = subject.filter((w) => !context.has(w));
  const head = kindsOnly.at(-1) ?? "";
  const headKnown = isKnown(head);
  const boost = categoriesNamedBy(head, names);
  const learned = await learnedMeanings(deps);
  const vectors = wordVectors();
  const replaced: string[] = [...dropped];
  const meanings: string[] = [];
  const categories: string[] = [];
  for (const word of subject) {
    if (context.has(word)) {
      if (!isKnown(word)) replaced.push(word);
      continue;
    }
    if (isKnown(word)) continue;
    // A misspelling of one of the catalogue's words ("roler", "headphnes") is left to the search,
    // which corrects it: its word-vector neighbours would be other things.
    if (isMisspelling(word, vocabulary, vectors)) continue;
    // Only the head names a kind: "phone" of "phone accessories" is a modifier.
    const named = word === head ? categoriesNamedBy(word, names) : [];
    if (named.length > 0) {
      replaced.push(word);
      categories.push(...named);
      continue;
    }
    if (word !== head && headKnown) continue;
    // What the shop's own catalogue writes the word about comes first ("hiking" in the
    // descriptions of boots and backpacks); the general vectors only when it says nothing sure.
    const fromCatalogue = learnedOfWord(learned, word, compounds.get(word));
    if (fromCatalogue.kinds.length > 0 || fromCatalogue.category) {
      replaced.push(word);
      meanings.push(...fromCatalogue.kinds);
      const shop = fromCatalogue.categories.filter((c) => names.categories.includes(c));
      // A word the catalogue writes all over one category ("makeup" in Beauty) names it.
      if (fromCatalogue.category) categories.push(...shop);
      else boost.push(...shop);
      continue;
    }
    if (!vectors) continue;
    const near = nearestTerms(word, vectors, catalogueTerms(vocabulary, names, vectors));
    if (near.length === 0) continue;
    replaced.push(word);
    meanings.push(...near);
  }
  // A head read by meaning ("daily commute" -> bags) leaves its modifiers no kind to modify:
  // the shop's words for them ("daily" of a "Daily Tee") would then pick other things.
  if (replaced.includes(head) && (meanings.length > 0 || categories.length > 0))
    for (const word of subject) if (word !== head && !replaced.includes(word)) replaced.push(word);
  // Beside a word read by meaning, a word neither the catalogue nor any meaning knows ("makeup
  // every morning") could only leave nothing to show.
  if (meanings.length > 0 || categories.length > 0)
    for (const word of subject) if (!isKnown(word) && !replaced.includes(word)) replaced.push(word);
  return {
    text: joined.text
      .split(" ")
      .filter((w) => !replaced.includes(w))
      .join(" "),
    anyOf: [...new Set([...request.anyOf, ...meanings])],
    categories: [...new Set(categories)],
    boost: [...new Set(boost)],
  };
}

/**
 * Filler and times the catalogue does not write ("start", "every morning" of "start making
 * smoothies every morning") say nothing of the kind: never read by meaning, nor the head. They
 * are dropped unless nothing else is left.
 */
function withoutFiller(
  words: string[],
  isKnown: (w: string) => boolean,
): { subject: string[]; dropped: string[] } {
  const kept = words.filter((w) => isKnown(w) || !saysNoKind(w));
  if (kept.length === 0) return { subject: words, dropped: [] };
  return { subject: kept, dropped: words.filter((w) => !kept.includes(w)) };
}

/**
 * Subject words that neither the catalogue nor the word vectors know, written as one where the
 * catalogue writes two ("birdwatching": bird, watching; "birding" in a binoculars' tags): their
 * two words, read together by what the catalogue writes them about.
 */
function compoundsOf(
  subjectWords: readonly string[],
  known: ReadonlySet<string>,
  isKnown: (w: string) => boolean,
  vectors: WordVectors | null,
): Map<string, string[]> {
  const split = new Map<string, string[]>();
  let stems: Set<string> | null = null;
  for (const word of subjectWords) {
    if (!/^[a-z]{7,}$/.test(word) || isKnown(word) || (vectors && vectorOfWord(vectors, word))) continue;
    stems ??= new Set([...known].map(stemOf));
    const written = stems;
    const parts = compoundParts(word, (part) => isKnown(part) || written.has(stemOf(part)));
    if (parts) split.set(word, parts);
  }
  return split;
}

/** A new request's situation read by meaning (need-situations.ts), when it names no product. */
function situationOfRequest(
  request: ParsedShoppingRequest,
  message: string,
  vocabulary: SearchVocabulary,
  names: ShoppingCatalogNames,
): readonly string[] | null {
  if (request.anyOf.length > 0 || (request.turn !== "new" && request.turn !== "topic-change")) return null;
  return situationKinds(
    message,
    request.subjectWords,
    [...vocabulary.tags, ...names.categories],
    wordVectors(),
  );
}

/** A word this long or longer may be a misspelling (shorter ones are one edit from too many). */
const MIN_MISSPELLED = 5;

/**
 * Whether a word the catalogue lacks is a misspelling of one of its words: one edit from it, no
 * word of the language itself ("couch" is one edit from "pouch", and means a sofa: the word
 * vectors hold it), and not that word with an ending added or taken off ("rainy" of "rain",
 * "phone" of "phones").
 */
function isMisspelling(word: string, vocabulary: SearchVocabulary, vectors: WordVectors | null): boolean {
  if (word.length < MIN_MISSPELLED || !vectors || vectors.vectorOf(word) !== undefined) return false;
  return vocabulary.words.some(
    (w) =>
      w.length >= MIN_MISSPELLED - 1 &&
      !word.startsWith(w) &&
      !w.startsWith(word) &&
      editDistance(word, w, 1) <= 1,
  );
}

/** A need's general kinds the shop carries this many of are searched as they are. */
const NEED_KINDS_CARRIED = 2;

/**
 * A need's or an interest's kinds come from a small general table ("a rainy day" -> umbrella,
 * rain jacket, waterproof); a shop that carries few of them calls its things otherwise (a sports
 * shop's "hard shell" jackets). Then the kinds it lacks are read through what the shop's own
 * catalogue writes their words about ("rain", "waterproof" in its shells' descriptions), and
 * those kinds join the ones it carries.
 */
function needInShopWords(
  kinds: string[],
  learned: CatalogueAssociations | null,
  known: ReadonlySet<string>,
): { kinds: string[]; categories: string[] } {
  const carried = kinds.filter((k) =>
    k.split(/[\s-]+/).every((w) => wordForms(w).some((f) => known.has(f) || known.has(`${f}s`))),
  );
  if (!learned || carried.length >= NEED_KINDS_CARRIED) return { kinds, categories: [] };
  const lacking = kinds.filter((k) => !carried.includes(k)).flatMap((k) => k.split(/[\s-]+/));
  const found = learnedKinds(learned, lacking);
  return { kinds: [...new Set([...kinds, ...found.kinds])], categories: found.categories };
}

/**
 * What the catalogue writes a word about (learnedKinds); a compound's ("birdwatching") is what it
 * writes its first word about ("bird": binoculars), the one that makes the second word
 * ("watching") particular, else both words'.
 */
function learnedOfWord(learned: CatalogueAssociations | null, word: string, parts: string[] | undefined) {
  if (!parts) return learnedKinds(learned, word);
  const first = learnedKinds(learned, parts[0] ?? word);
  return first.kinds.length > 0 || first.category ? first : learnedKinds(learned, parts);
}

/** A learned meaning this strong is taken before the vectors' (see catalogue-associations.ts). */
const LEARNED_FLOOR = 0.3;
/** A category whose score is this many times the best kind's is what the word names. */
const CATEGORY_DOMINANCE = 2;

/**
 * The kinds the catalogue writes words about, surely enough to search for them, and the
 * categories they go with; `category` when one category outweighs every kind (the word is
 * written all over it: "makeup" of Beauty), so that the categories say what is meant.
 */
function learnedKinds(
  learned: CatalogueAssociations | null,
  words: string | string[],
): { kinds: string[]; categories: string[]; category: boolean } {
  const found = learned?.kindsOf(typeof words === "string" ? [words] : words) ?? [];
  const bestKind = found.find((k) => !k.category)?.score ?? 0;
  const bestCategory = found.find((k) => k.category)?.score ?? 0;
  if (Math.max(bestKind, bestCategory) < LEARNED_FLOOR) return { kinds: [], categories: [], category: false };
  const categories = found.filter((k) => k.category).map((k) => k.label);
  if (bestCategory >= bestKind * CATEGORY_DOMINANCE)
    return { kinds: [], categories: categories.slice(0, 1), category: true };
  const kinds = found.filter((k) => !k.category).map((k) => k.label.replace(/-/g, " "));
  return { kinds, categories, category: false };
}

/** A sentence's words around the kinds it names (see readByMeaning); none for a short request. */
const MIN_SENTENCE_WORDS = 3;

function contextWords(
  subject: string[],
  vocabulary: SearchVocabulary,
  names: ShoppingCatalogNames,
): Set<string> {
  if (subject.length < MIN_SENTENCE_WORDS) return new Set();
  const kindWords = new Set(
    [...[...vocabulary.tags], ...names.categories].flatMap((t) => t.toLowerCase().split(/[^a-z]+/)),
  );
  const namesKind = (w: string) =>
    wordForms(w).some((f) => kindWords.has(f) || kindWords.has(`${f}s`)) ||
    categoriesNamedBy(w, names).length > 0;
  const context = subject.filter((w) => !namesKind(w));
  return context.length < subject.length ? new Set(context) : new Set();
}

/**
 * Two words the catalogue writes as one ("sun glasses" -> sunglasses, "back pack" -> backpack,
 * "ear buds" -> earbuds): joined when the joined word (of six letters or more) is one of the
 * catalogue's. The parts are returned so that neither is read by meaning on its own.
 */
export function joinedWords(text: string, known: ReadonlySet<string>): { text: string; parts: Set<string> } {
  const words = text.split(" ").filter(Boolean);
  const out: string[] = [];
  const parts = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const a = words[i] ?? "";
    const b = words[i + 1] ?? "";
    const one = `${a}${b}`;
    const isWord = (w: string) => known.has(w) || known.has(w.replace(/s$/, "")) || known.has(`${w}s`);
    if (b && /^[a-z]{2,}$/.test(a) && /^[a-z]{2,}$/.test(b) && one.length >= 6 && isWord(one)) {
      out.push(one);
      parts.add(a);
      parts.add(b);
      i++;
    } else out.push(a);
  }
  return { text: out.join(" "), parts };
}

/**
 * "kitchen" within Home & Kitchen: every product of the category matches the word by its
 * category, so the ones whose own name or tags say it (a skillet tagged kitchen, not a candle)
 * come first. Stable otherwise.
 */
export function ownWordsFirst(found: Product[], plan: SearchPlan): Product[] {
  const inCategory = plan.text
    .split(" ")
    .filter((w) => w.length >= 3 && plan.filters.categories.some((c) => c.toLowerCase().includes(w)));
  if (inCategory.length === 0) return found;
  const own = (p: Product) =>
    inCategory.some((w) =>
      `${p.name} ${p.tags.join(" ")}`.toLowerCase().includes(w.replace(/(?:es|s)$/, "")),
    );
  return [...found.filter(own), ...found.filter((p) => !own(p))];
}

/** Filters with the categories a word named added: a product of any of them will do. */
export function withCategories<F extends { categories: string[] }>(filters: F, categories: string[]): F {
  if (categories.length === 0) return filters;
  return { ...filters, categories: [...new Set([...filters.categories, ...categories])] };
}
