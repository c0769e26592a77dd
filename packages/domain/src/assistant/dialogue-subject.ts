import type { CatalogMatchers, ShoppingCatalogNames } from "./catalog-names.ts";
import type { MessageFacts, Word } from "./read-shopping-message.ts";
import type { RequestState } from "./refine-shopping-request.ts";
import { nameKey, unique } from "./request-scanner.ts";
import { vocabularyEntryOf } from "./shopping-vocabulary.ts";

/**
 * What a follow-up is about, read through the shop's own labels (its category names and tags)
 * rather than listed phrases: whether its words name a kind of this shop that the request so far
 * is not (a change of topic), or a trait of what is shown (a refinement); whether a need it
 * states asks for other kinds of things than those shown.
 */

/** "ones", "them", "those": words that tie a message to the products shown. */
const SAID_OF_SHOWN = /(?<![\p{L}'])(?:ones?|them|those|these|it|they)(?![\p{L}'])/u;

/** A plural noun ("dresses", "earrings"), not an adjective ending in s ("wireless", "glass", "plus"). */
const PLURAL = /^\p{L}{2,}[^su\W]s$|^\p{L}+(?:ches|shes|sses|xes)$/u;

/**
 * A word shaped as a trait ("stylish", "colourful", "washable", "durable"), not as a kind; one in
 * -y ("sporty", "comfy") only after "something", "more", "too" ... ("candy" alone is a kind).
 */
const TRAIT_SHAPED = /^\p{L}{3,}(?:ish|ful|less|able|ible|ive|ous|proof)$/u;
const TRAIT_SHAPED_AFTER_LEAD = /^\p{L}{3,}[^aeiour]y$/u;
const TRAIT_LEAD =
  /(?<![\p{L}'])(?:something|anything|more|less|bit|kinda|too|very|really|not so|bit more)(?![\p{L}'])/u;

function traitShaped(word: string, message: string): boolean {
  return TRAIT_SHAPED.test(word) || (TRAIT_SHAPED_AFTER_LEAD.test(word) && TRAIT_LEAD.test(message));
}

/** Words of a label ("kitchen" of "Kitchen Accessories", "phone" of "phone accessories"), plural or not. */
function labelHolds(label: string, word: string): boolean {
  const stem = word.toLowerCase().replace(/(?:es|s)$/u, "");
  if (stem.length < 3) return false;
  return label
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .some((w) => w === stem || w === `${stem}s` || w === `${stem}es`);
}

/** Whether a category name or tag of the shop holds the word ("polish" of "nail polish"). */
function heldByLabel(word: string, catalog: ShoppingCatalogNames): boolean {
  return (
    (catalog.categories ?? []).some((c) => labelHolds(c, word)) ||
    Object.keys(catalog.tagCategories ?? {}).some((t) => labelHolds(t, word))
  );
}

/**
 * The shop's categories the request so far is about: those it asked for or learned from its
 * product words, else those whose name or tags hold its words ("kitchen knife": Kitchen
 * Accessories). Empty when nothing ties it to a category.
 */
function subjectCategories(before: RequestState, catalog: ShoppingCatalogNames): string[] {
  const asked = [...before.categories, ...before.learnedCategories];
  if (asked.length > 0) return asked;
  const words = before.words.map((w) => w.word);
  const out = (catalog.categories ?? []).filter((c) => words.some((w) => labelHolds(c, w)));
  for (const [tag, categories] of Object.entries(catalog.tagCategories ?? {}))
    if (words.some((w) => labelHolds(tag, w))) out.push(...categories);
  return unique(out);
}

/**
 * "mens" after tees, "womens" after shoes: every word is in the name of a category the request
 * is about ("Men's Tees", "Women's Shoes"), so it says which of them, not what else.
 */
function inNamesOfAsked(words: string[], before: RequestState, catalog: ShoppingCatalogNames): boolean {
  const asked = subjectCategories(before, catalog);
  return asked.length > 0 && words.every((w) => asked.some((c) => labelHolds(c, w)));
}

/** A message of the shop's labels read as a kind of its own (a new subject), of the categories tagged so. */
function asKind(facts: MessageFacts, tagged: string[]): MessageFacts {
  return {
    ...facts,
    attributesOnly: false,
    hasProduct: true,
    words: facts.words.map((w) => ({ ...w, product: true })),
    learnedCategories: unique([...facts.learnedCategories, ...tagged]),
  };
}

/** A tag as its words ("noise-cancelling" -> "noise cancelling"). */
const labelKey = (tag: string) => nameKey(tag.replace(/-/gu, " "));

/**
 * The labels of several words of a sample of the shop's products, each with the other tags of
 * the products that carry it: what the catalogue says goes together ("noise-cancelling" with
 * "headphones"; "nail polish" with nothing a lipstick carries).
 */
export function tagsTogetherOf(
  products: Iterable<{ tags: readonly string[] }>,
  maxLabels = MAX_LABELS,
): Record<string, string[]> {
  const together = new Map<string, Set<string>>();
  for (const product of products) {
    for (const tag of product.tags) {
      const key = labelKey(tag);
      if (!key.includes(" ")) continue;
      let others = together.get(key);
      if (!others) {
        if (together.size >= maxLabels) continue;
        others = new Set();
        together.set(key, others);
      }
      for (const other of product.tags)
        if (labelKey(other) !== key && others.size < MAX_TOGETHER) others.add(other);
    }
  }
  return Object.fromEntries([...together].map(([key, others]) => [key, [...others]]));
}

/** At most this many labels, each with at most this many other tags, are kept. */
const MAX_LABELS = 5_000;
const MAX_TOGETHER = 200;

/**
 * "nail polish" after lipstick, in a shop that files both under Beauty: a label of several words
 * of the same category as what is shown, that no product of the shown kind carries (by the tags
 * the catalogue puts together), is another kind of it, not a trait ("noise cancelling" after
 * headphones is carried by headphones). Unless said of what is shown or of what they are for.
 */
function siblingKind(
  words: string[],
  before: RequestState,
  catalog: ShoppingCatalogNames,
  message: string,
): boolean {
  const together = catalog.tagsTogether;
  if (!together || words.length < 2 || SAID_OF_SHOWN.test(message.toLowerCase())) return false;
  if (/(?:^|\s)(?:for|with)\s/u.test(message.toLowerCase())) return false;
  const others = together[labelKey(words.join(" "))];
  // The kind shown is its last product word ("shoe" of "running shoe"): "running" says which.
  const kind = before.words.filter((w) => w.product).at(-1)?.word;
  if (!others || !kind || words.some((w) => labelHolds(w, kind))) return false;
  return !others.some((tag) => labelHolds(tag, kind));
}

/**
 * Whether a message of traits only is one of what is shown: "leather" after bags, "luxury" after
 * watches (words that, put before the kind asked for, name a kind the catalogue has: its tags
 * "leather bags", "luxury watches") are; "dog food" after tablets is not, though a tag of the
 * catalogue: none of the products carrying it are in the categories asked for.
 */
export function withTraitOfKind(
  facts: MessageFacts,
  before: RequestState | null,
  matchers: CatalogMatchers,
  catalog: ShoppingCatalogNames,
  message: string,
): MessageFacts {
  if (!before || facts.hasProduct || facts.words.length === 0) return facts;
  const words = facts.words.map((w) => w.word);
  if (facts.attributesOnly) {
    const asked = subjectCategories(before, catalog);
    const tagged = [words.join("-"), ...words].flatMap((w) => matchers.categoriesTagged(w));
    // "womens" after jackets: a word of the category's own name ("Women's Jackets") is one of its traits.
    const named = (catalog.categories ?? []).filter((c) => words.some((w) => labelHolds(c, w)));
    if (asked.length === 0) return facts;
    if (tagged.some((c) => asked.includes(c)))
      return siblingKind(words, before, catalog, message) ? asKind(facts, tagged) : facts;
    if (named.some((c) => asked.includes(c))) return { ...facts, interest: false };
    // "got any dresses?" after a kitchen knife: a kind of thing (a plural, or a label of several
    // words: "dog food") that none of the things asked for is, so a new subject, unless said of
    // what is shown ("any waterproof ones?") or of what they are for ("for travel"). A trait
    // ("waterproof" after jackets) refines them; the search relaxes it when none has it.
    const label = words.join(" ");
    const kind =
      !facts.leadingFor &&
      !SAID_OF_SHOWN.test(message.toLowerCase()) &&
      (PLURAL.test(words.at(-1) ?? "") || (words.length > 1 && matchers.categoriesTagged(label).length > 0));
    return kind ? asKind(facts, tagged) : facts;
  }
  const names = (kind: Word) =>
    kind.product && matchers.categoriesTagged(`${words.join(" ")} ${kind.word}`).length > 0;
  if (inNamesOfAsked(words, before, catalog)) return { ...facts, attributesOnly: true, interest: false };
  // "something sporty" after watches: a word shaped as a trait, that no label of the shop holds,
  // says how the things shown should be (relaxed, and said so, when none is), not what else.
  if (
    words.length <= 2 &&
    words.every((w) => traitShaped(w, message.toLowerCase()) && !heldByLabel(w, catalog)) &&
    subjectCategories(before, catalog).length > 0
  )
    return { ...facts, attributesOnly: true, interest: false };
  return before.words.some(names) ? { ...facts, attributesOnly: true } : facts;
}

/**
 * The shop's categories a kind belongs to: by its tags, its category names, or the vocabulary (a
 * kind of several words by its own entry or its last word's: "waterproof speaker" of "speaker").
 */
function categoriesOfKind(kind: string, matchers: CatalogMatchers, catalog: ShoppingCatalogNames): string[] {
  const words = kind.split(/\s+/u).filter(Boolean);
  const named = (catalog.categories ?? []).filter((c) => words.every((w) => labelHolds(c, w)));
  const entry = vocabularyEntryOf(kind) ?? vocabularyEntryOf(words.at(-1) ?? "");
  const filed = entry?.category ? matchers.categoryByKey.get(nameKey(entry.category)) : undefined;
  return unique([...matchers.categoriesTagged(kind), ...named, ...(filed ? [filed] : [])]);
}

/**
 * "ok what about something to keep me warm outside" after headphones, "my sister just had a
 * baby" after a coffee maker: a need (no product named, nor what the things shown are for) whose
 * kinds of things the shop files in none of the categories asked for starts another subject,
 * whatever follow-up word it holds. A need of the same categories ("for a rainy day" after
 * jackets) still refines them.
 */
export function needOfAnotherSubject(
  facts: MessageFacts,
  before: RequestState | null,
  matchers: CatalogMatchers,
  catalog: ShoppingCatalogNames,
  message: string,
): boolean {
  if (!before || facts.needKinds.length === 0 || facts.hasProduct || facts.leadingFor) return false;
  if (SAID_OF_SHOWN.test(message.toLowerCase())) return false;
  if (facts.ordinal !== null || facts.moreLike || facts.cheaper || facts.pricier) return false;
  const asked = subjectCategories(before, catalog);
  if (asked.length === 0) return false;
  const needed = unique(facts.needKinds.flatMap((k) => categoriesOfKind(k, matchers, catalog)));
  return needed.length > 0 && !needed.some((c) => asked.includes(c));
}
