import { type Cents, formatMoney } from "../pricing/money.ts";
import { detectSmallTalk } from "./assistant-reply.ts";
import { catalogMatchers, type ShoppingCatalogNames } from "./catalog-names.ts";
import { BEST_RATING, clampLimit, type MessageFacts, readShoppingMessage } from "./read-shopping-message.ts";
import {
  EMPTY_STATE,
  isEmpty,
  isFollowUp,
  isNarrowing,
  isWidening,
  type RequestState,
  refineRequest,
  sanePrices,
  startRequest,
} from "./refine-shopping-request.ts";
import { unique } from "./request-scanner.ts";
import { kindsOfGender, type RecipientGender } from "./recipient-gender.ts";
import { needOfAnotherSubject, withTraitOfKind } from "./dialogue-subject.ts";
import {
  DEFAULT_LIMIT,
  type ProductSearchFilters,
  type SearchSort,
  type ShoppingRequest,
} from "./shopping-request.ts";

// The parser's public names, kept here for its callers.
export type { ShoppingCatalogNames } from "./catalog-names.ts";
export { DEFAULT_LIMIT, MAX_LIMIT } from "./shopping-request.ts";

/**
 * The built-in shopping assistant's reading of a chat, without any LLM: the shopper's messages
 * become one structured search (free-text words + filters + sort + how many to show).
 *
 * Each message is read on its own (brands, prices, sale, stock, ratings, gifts, quantities,
 * categories and product words are taken out in that order; what is left, minus stop words,
 * is free text), then the messages are folded oldest first: each one either refines the request
 * so far (a follow-up) or starts a new one.
 *
 * Follow-up or new request (the last message decides `refined`):
 * - A message naming a category or product type ("headphones", "books", "a cookbook") starts a
 *   new request, unless all its categories are already in the previous request and it also
 *   carries a refinement ("what about sneakers?" after running shoes keeps the price bounds).
 *   Activity and people words ("for hiking", "a gift for a gamer") are not product words: they
 *   give a category only to a message that names no product, and never replace the categories
 *   of the request they refine.
 * - A new request keeps the previous price bounds, on-sale, in-stock, rating floor and gift tag
 *   only when it says "also" / "too" / "as well" ("headphones too?"); otherwise it starts over.
 * - A message without product words is a follow-up when it carries a refinement: a brand, a
 *   price bound, sale, stock, rating, sort or price-direction word, a quantity, a gift word, or a
 *   follow-up word (ones, them, more, other, else, different, instead, only, just, also, what
 *   about...). Anything else (only free words, e.g. "asdf qwerty") is a new request; a message
 *   with nothing in it ("thanks") is a new, empty request.
 * - A new topic without product words starts over: a question about the whole shop ("What's
 *   on sale?") or a gift as what is sought ("gifts under $50", "gift for a runner"; not "as a
 *   gift"), unless a follow-up word or "also" ties it to the request so far ("on sale ones").
 * - A request of filters only ("What's on sale?", "Gifts under $100") is narrowed by any next
 *   message with something in it: "headphones" then means headphones on sale.
 * - A follow-up of an empty request is read as a new request.
 *
 * Refinement rules (documented choices; the engine does not know prices):
 * - "cheaper" / "less expensive" / "too expensive": sort price-low and, when the request had a
 *   maxPrice, lower it by 30% (a floor above the new cap is dropped); an "around $X" request is
 *   re-centred on 70% of X. An explicit bound in the same message wins over the 30% rule.
 * - "more expensive" / "pricier" / "fancier": sort price-high; the old cap becomes the floor
 *   (and the cap goes); an "around $X" request is re-centred on 130% of X.
 * - A new bound replaces the same bound and drops the other one if they would cross; bounds
 *   derived from "around $X" are dropped by any explicit bound.
 * - Brands in a follow-up replace the previous brands ("only Nike"), or are added with "also"
 *   / "too"; "not Nike" removes a brand; "other brands" / "any brand" clears them.
 * - Free words of a follow-up are added to the text; product words replace the previous ones.
 *
 * Categories: a word that names a category ("shoes", "books", the shop's own category name)
 * filters; a product word ("headphones" -> Audio) only ranks its category first
 * (boostCategories), with the shop's categories whose products carry the word as a tag, so a
 * shop that files headphones under "electronics" still shows them (searchOf).
 *
 * Never throws; long input is cut, only the last messages are read.
 *
 * Where each part lives: read-shopping-message.ts reads one message (normalize-message.ts makes it
 * ready, message-context.ts reads what it says around what it seeks; with read-price-bounds.ts,
 * shopping-phrases.ts, shopping-vocabulary.ts and catalog-names.ts); refine-shopping-request.ts
 * folds the messages; this file runs the fold and writes the result.
 */

export type ParsedShoppingRequest = ShoppingRequest & {
  /** The last message refined the previous request instead of starting a new one. */
  refined: boolean;
  /** Short phrases of what was understood, for the reply ("Footwear", "under $100.00", ...). */
  understood: string[];
  /** The phrases of `understood` that restrict what matches (not the order nor how many). */
  constraints: string[];
  /**
   * The filters the last message itself set (all of them for a new request; for a follow-up
   * only what it changed, "only Nike" -> the brand). A fallback search may drop older
   * constraints, never these.
   */
  stated: ProductSearchFilters;
  /**
   * Categories that only rank first, never filter: those read from a product word
   * ("headphones" -> Audio) rather than named ("shoes", the shop's own category name), and the
   * shop's categories whose products carry the word as a tag. A shop may file headphones under
   * "electronics"; naming a category still filters (see searchOf).
   */
  boostCategories: string[];
  /** What kind of turn the last message was (see TurnKind). */
  turn: TurnKind;
  /** Kinds and words not wanted, and brands not wanted: no product shown may have them. */
  excludedWords: string[];
  excludedBrands: string[];
  /** Kinds of product any of which answers a need ("a rainy day" -> umbrella, rain jacket). */
  anyOf: string[];
  /**
   * Things for men or for women ("my dad", "she loves yoga", "i'm a guy", "women's"): the other's
   * things are not shown.
   */
  forGender: RecipientGender | null;
  /** The shop's tags of the other gender's kinds (kindsOfGender): their products are not shown either. */
  otherGenderKinds: string[];
  /** The words that say what is sought; the other words of `text` are attributes. */
  subjectWords: string[];
  attributeWords: string[];
  /** A shown product the last message points at (1-based; -1 the last one). */
  ordinal: number | null;
  /** "not that one", "not the second one": the shown product at `ordinal` (else the first) is left out. */
  notShown: boolean;
  moreLike: boolean;
  /** "cheaper" / "more expensive" than what was shown. */
  relative: "cheaper" | "pricier" | null;
  /** On a change of topic: what the previous request had that this one drops. */
  dropped: string[];
  /**
   * The last message narrowed the request by what the things are for ("for night time" after
   * skincare); when nothing fits, it is read as a new request instead (the service decides).
   */
  narrowing: boolean;
  /** On a refinement: the traits the last message added to what is shown ("sporty", "waterproof"). */
  narrowedBy: string[];
};

/**
 * What a shopper's last message does to the conversation: a new request (the first, or one with
 * nothing before it), a change of topic (a new subject, recipient or "instead" while something
 * was asked before), a refinement (narrow, widen, an attribute, a brand), a relative price
 * ("cheaper ones"), an exclusion ("not Sony", "no sneakers"), "more like the second one", a
 * question about a shown product, or chit-chat (nothing to search for).
 */
export type TurnKind =
  | "new"
  | "topic-change"
  | "refinement"
  | "relative-price"
  | "exclusion"
  | "more-like"
  | "question"
  | "chit-chat";

/** The search for a request: only named categories filter, the others rank first. */
export function searchOf(
  request: ShoppingRequest,
  boostCategories: string[],
): ShoppingRequest & { boostCategories: string[] } {
  return {
    ...request,
    filters: {
      ...request.filters,
      categories: request.filters.categories.filter((c) => !boostCategories.includes(c)),
    },
    boostCategories,
  };
}

/** Only the most recent messages are folded. */
export const MAX_MESSAGES = 12;
const MAX_TEXT_WORDS = 12;

function orList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** What restricts a search, as phrases ("Footwear", "under $100.00", "on sale", "Nike"). */
export function describeFilters(
  filters: ProductSearchFilters,
  targetPrice: Cents | null = null,
  sort: SearchSort = "relevance",
): string[] {
  const out: string[] = [];
  if (filters.categories.length > 0) out.push(orList(filters.categories));
  if (targetPrice !== null) out.push(`around ${formatMoney(targetPrice)}`);
  else if (filters.minPrice !== null && filters.maxPrice !== null)
    out.push(`${formatMoney(filters.minPrice)} to ${formatMoney(filters.maxPrice)}`);
  else if (filters.maxPrice !== null) out.push(`under ${formatMoney(filters.maxPrice)}`);
  else if (filters.minPrice !== null) out.push(`${formatMoney(filters.minPrice)} and up`);
  if (filters.onSale) out.push("on sale");
  if (filters.inStockOnly) out.push("in stock");
  for (const tag of filters.tags) out.push(tag === "gift" ? "gifts" : tag);
  if (filters.brands.length > 0) out.push(orList(filters.brands));
  if (filters.minRating !== null && !(sort === "rating" && filters.minRating >= BEST_RATING)) {
    out.push(`rated ${filters.minRating}+`);
  }
  return out;
}

function describeConstraints(state: RequestState): string[] {
  return describeFilters(filtersOf(state), state.targetPrice, state.sort);
}

function describeRequest(state: RequestState): string[] {
  const out = describeConstraints(state);
  if (state.sort === "rating") {
    const ratedAt = out.findIndex((phrase) => phrase.startsWith("rated "));
    out.splice(ratedAt >= 0 ? ratedAt : out.length, 0, "best rated");
  }
  if (state.sort === "price-low") out.push("lowest price first");
  if (state.sort === "price-high") out.push("highest price first");
  if (state.limit !== DEFAULT_LIMIT) out.push(state.limit === 1 ? "1 result" : `${state.limit} results`);
  return out;
}

function filtersOf(state: RequestState): ProductSearchFilters {
  return {
    categories: [...state.categories],
    brands: [...state.brands],
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
    onSale: state.onSale,
    inStockOnly: state.inStockOnly,
    minRating: state.minRating,
    tags: [...state.tags],
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The filters a follow-up changed (the categories are the request's topic, never "stated"). */
function statedBy(previous: RequestState | null, next: RequestState): ProductSearchFilters {
  const now = filtersOf(next);
  if (previous === null) return { ...now, categories: [] };
  const before = filtersOf(previous);
  const prices = !same([before.minPrice, before.maxPrice], [now.minPrice, now.maxPrice]);
  return {
    categories: [],
    brands: same(before.brands, now.brands) ? [] : now.brands,
    minPrice: prices ? now.minPrice : null,
    maxPrice: prices ? now.maxPrice : null,
    onSale: now.onSale && !before.onSale,
    inStockOnly: now.inStockOnly && !before.inStockOnly,
    minRating: now.minRating === before.minRating ? null : now.minRating,
    tags: now.tags.filter((t) => !before.tags.includes(t)),
  };
}

/** The subject of a request in a few words ("headphones", "Audio", "umbrella or rain jacket"). */
export function subjectOf(state: RequestState): string {
  const product = unique(state.words.filter((w) => w.product).map((w) => w.word));
  if (product.length > 0) return product.join(" ");
  if (state.anyOf.length > 0) return orList(state.anyOf.slice(0, 3));
  if (state.categories.length > 0) return orList(state.categories);
  return unique(state.words.map((w) => w.word)).join(" ");
}

/** What a new request drops of the one before it: its subject and constraints no longer asked. */
function droppedBy(previous: RequestState, next: RequestState): string[] {
  const before = subjectOf(previous);
  const out = before && before !== subjectOf(next) ? [before] : [];
  const now = new Set(describeConstraints(next));
  for (const phrase of describeConstraints(previous)) {
    if (!now.has(phrase) && !previous.categories.includes(phrase)) out.push(phrase);
  }
  return out;
}

/** The trait words a refinement added to the request ("sporty" after watches). */
function addedTraits(before: RequestState, after: RequestState): string[] {
  const had = new Set(before.words.map((w) => w.word));
  return unique(after.words.filter((w) => !w.product && !had.has(w.word)).map((w) => w.word));
}

function toResult(
  state: RequestState,
  refined: boolean,
  stated: ProductSearchFilters = filtersOf(state),
  turn: {
    kind: TurnKind;
    facts: MessageFacts | null;
    dropped: string[];
    narrowing?: boolean;
    narrowedBy?: string[];
  } = {
    kind: "new",
    facts: null,
    dropped: [],
  },
): ParsedShoppingRequest {
  const filters = filtersOf(state);
  const subjectWords = unique(state.words.filter((w) => w.product).map((w) => w.word));
  const allWords = unique(state.words.map((w) => w.word)).slice(0, MAX_TEXT_WORDS);
  const f = turn.facts;
  return {
    turn: turn.kind,
    excludedWords: [...state.excludedWords],
    excludedBrands: [...state.excludedBrands],
    anyOf: [...state.anyOf],
    forGender: state.recipientGender,
    otherGenderKinds: [],
    subjectWords:
      subjectWords.length > 0 || state.anyOf.length > 0 || state.categories.length > 0
        ? subjectWords
        : allWords,
    attributeWords:
      subjectWords.length > 0 || state.anyOf.length > 0 || state.categories.length > 0
        ? allWords.filter((w) => !subjectWords.includes(w))
        : [],
    ordinal: f?.ordinal ?? null,
    notShown: turn.kind === "exclusion" && (f?.notShown ?? false),
    moreLike: f?.moreLike ?? false,
    relative: f?.cheaper ? "cheaper" : f?.pricier ? "pricier" : null,
    dropped: turn.dropped,
    narrowing: turn.narrowing ?? false,
    narrowedBy: turn.kind === "refinement" ? (turn.narrowedBy ?? []) : [],
    text: unique(state.words.map((w) => w.word))
      .slice(0, MAX_TEXT_WORDS)
      .join(" "),
    filters,
    sort: state.sort,
    limit: clampLimit(state.limit),
    targetPrice: state.targetPrice,
    refined,
    understood: describeRequest(state),
    constraints: describeConstraints(state),
    stated: { ...stated, categories: [] },
    boostCategories: unique([...state.categories, ...state.learnedCategories]).filter(
      (c) => !state.namedCategories.includes(c),
    ),
  };
}

/**
 * "no noise cancelling" after noise cancelling headphones: the words now excluded are no longer
 * sought (the kind's other words stay: headphones).
 */
function withoutNewlyExcluded(state: RequestState, facts: MessageFacts): RequestState {
  const gone = new Set(facts.excludedWords.flatMap((w) => w.toLowerCase().split(/[\s-]+/u)));
  const words = state.words.filter((w) => !gone.has(w.word.toLowerCase()));
  return words.length > 0 && words.length < state.words.length ? { ...state, words } : state;
}

/** A message that neither refines the request so far nor starts one of its own: talk. */
function isTalkOnly(facts: MessageFacts, before: RequestState): boolean {
  return !isFollowUp(facts, before) && isEmpty(startRequest(facts, before));
}

/**
 * A turn that leaves the request so far as it is: about what is shown ("the second one", "is it
 * waterproof?", "more like that"), or talk ("thanks", "who am I talking to?", "can I return
 * it?"), which asks for nothing: the request stays for the turns after it ("cheaper ones" still
 * means the tents). Talk the engine answers as such is talk whatever words it holds.
 */
function turnKeepingRequest(message: unknown, facts: MessageFacts, before: RequestState): TurnKind | null {
  if (typeof message === "string" && detectSmallTalk(message) !== null) return "chit-chat";
  if (facts.ordinal !== null && (facts.question || facts.moreLike))
    return facts.moreLike ? "more-like" : "question";
  if (facts.question && !facts.hasProduct) return "question";
  if (isTalkOnly(facts, before)) return "chit-chat";
  return null;
}

/**
 * The structured search for the shopper's messages (oldest first; the last one is the new
 * request), using the catalogue's category and brand names exactly as given.
 */
export function parseShoppingRequest(
  userMessages: string[],
  catalog: ShoppingCatalogNames,
): ParsedShoppingRequest {
  try {
    const matchers = catalogMatchers(catalog);
    const messages = Array.isArray(userMessages) ? userMessages.slice(-MAX_MESSAGES) : [];
    let state: RequestState | null = null;
    let refined = false;
    let previous: RequestState | null = null;
    let kind: TurnKind = "new";
    let lastFacts: MessageFacts | null = null;
    let dropped: string[] = [];
    let narrowing = false;
    let narrowedBy: string[] = [];
    for (const message of messages) {
      const facts = withTraitOfKind(
        readShoppingMessage(message, matchers),
        state,
        matchers,
        catalog,
        typeof message === "string" ? message : "",
      );
      lastFacts = facts;
      const before = state;
      const kept = before && !isEmpty(before) ? turnKeepingRequest(message, facts, before) : null;
      if (kept) {
        kind = kept;
        refined = kept !== "chit-chat";
        previous = before;
        dropped = [];
        narrowing = false;
        narrowedBy = [];
        continue;
      }
      refined =
        isFollowUp(facts, state) && !needOfAnotherSubject(facts, state, matchers, catalog, String(message));
      narrowing = refined && state !== null && isNarrowing(facts, state);
      previous = refined ? state : null;
      state = sanePrices(refined && state ? refineRequest(state, facts) : startRequest(facts, state));
      if (refined) state = withoutNewlyExcluded(state, facts);
      // "anything else for kids?" leaves the kind shown: the reply says what it dropped.
      dropped = refined && before && isWidening(facts) ? droppedBy(before, state) : [];
      narrowedBy = refined && before ? addedTraits(before, state) : [];
      if (refined) {
        kind =
          facts.excludedWords.length > 0 || facts.excludedBrands.length > 0
            ? "exclusion"
            : facts.cheaper || facts.pricier
              ? "relative-price"
              : facts.notShown
                ? "exclusion"
                : "refinement";
      } else if (before && !isEmpty(before) && !isEmpty(state)) {
        kind = "topic-change";
        dropped = droppedBy(before, state);
      } else kind = isEmpty(state) ? "chit-chat" : "new";
    }
    const final = state ?? EMPTY_STATE;
    const result = toResult(final, refined, statedBy(previous, final), {
      kind,
      facts: lastFacts,
      dropped,
      narrowing,
      narrowedBy,
    });
    const other = result.forGender === "men" ? "women" : result.forGender === "women" ? "men" : null;
    return other ? { ...result, otherGenderKinds: kindsOfGender(catalog?.tagCategories, other) } : result;
  } catch {
    // Defensive only: every step above is total, but a shopper must never see a crash.
    return toResult(EMPTY_STATE, false);
  }
}
