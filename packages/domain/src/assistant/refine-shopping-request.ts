import type { Cents } from "../pricing/money.ts";
import { aroundBounds, clampPrice } from "./read-price-bounds.ts";
import type { RecipientGender } from "./recipient-gender.ts";
import type { MessageFacts, Word } from "./read-shopping-message.ts";
import { unique } from "./request-scanner.ts";
import { kindsOfInterest } from "./shopping-needs.ts";
import { DEFAULT_LIMIT, type SearchSort } from "./shopping-request.ts";

/**
 * Folding a conversation into one request: whether a message refines the request so far (a
 * follow-up) or starts a new one, and how a follow-up changes it. The rules are documented at
 * the top of parse-shopping-request.ts.
 */

/** "cheaper ones?" lowers the previous maxPrice to 70% of it. */
export const CHEAPER_FACTOR = 0.7;
/** "more expensive" re-centres an "around $X" request on 130% of X. */
export const PRICIER_FACTOR = 1.3;

/** The request so far. */
export interface RequestState {
  words: Word[];
  categories: string[];
  /** Of `categories`, the ones named as such: the rest only rank first. */
  namedCategories: string[];
  /** Categories whose products carry the product words as tags: they only rank first. */
  learnedCategories: string[];
  brands: string[];
  minPrice: Cents | null;
  maxPrice: Cents | null;
  targetPrice: Cents | null;
  onSale: boolean;
  inStockOnly: boolean;
  minRating: number | null;
  tags: string[];
  sort: SearchSort;
  limit: number;
  /** Kinds and words not wanted; they carry into refinements only. */
  excludedWords: string[];
  excludedBrands: string[];
  /** Kinds of product a need asks for ("rainy day" -> umbrella, rain jacket): any of them will do. */
  anyOf: string[];
  /** Who the things are for, by the people named ("sister"): another person is another request. */
  recipients: string[];
  /** Whether the people are men or women (recipient-gender.ts): the other's things are not shown. */
  recipientGender: RecipientGender | null;
}

export function isEmpty(state: RequestState): boolean {
  return (
    state.words.length === 0 &&
    state.categories.length === 0 &&
    state.brands.length === 0 &&
    state.minPrice === null &&
    state.maxPrice === null &&
    !state.onSale &&
    !state.inStockOnly &&
    state.minRating === null &&
    state.tags.length === 0 &&
    state.sort === "relevance" &&
    state.limit === DEFAULT_LIMIT &&
    state.anyOf.length === 0
  );
}

function hasRefinement(f: MessageFacts): boolean {
  return (
    f.brands.length > 0 ||
    f.excludedBrands.length > 0 ||
    f.clearBrands ||
    f.minPrice !== null ||
    f.maxPrice !== null ||
    f.clearPrice ||
    f.onSale ||
    f.inStock ||
    f.minRating !== null ||
    f.sort !== null ||
    f.limit !== null ||
    f.gift ||
    f.marker ||
    f.notShown ||
    f.excludedWords.length > 0
  );
}

/** "for X" with no product or gift after a request with a subject: X narrows what is shown. */
export function isNarrowing(f: MessageFacts, previous: RequestState): boolean {
  const subject = previous.categories.length > 0 || previous.words.length > 0 || previous.anyOf.length > 0;
  return f.leadingFor && !f.hasProduct && !f.gift && !f.instead && !f.wholeShop && subject;
}

/** Whether a message refines the request so far rather than starting a new one. */
export function isFollowUp(f: MessageFacts, previous: RequestState | null): previous is RequestState {
  if (previous === null || isEmpty(previous)) return false;
  const namesSubject =
    f.hasProduct || f.categories.length > 0 || f.needKinds.length > 0 || f.interest || f.words.length > 0;
  // "... something for camping instead": a new subject replaces the request so far.
  if (f.instead && namesSubject && !f.also) return false;
  // "something for my little sister" after a gift for my dad: another person, another request.
  if (
    f.recipients.length > 0 &&
    previous.recipients.length > 0 &&
    !f.recipients.some((r) => previous.recipients.includes(r))
  )
    return false;
  // "noise cancelling" after headphones: a trait of the products shown narrows them.
  if (f.attributesOnly && !f.interest && (previous.categories.length > 0 || previous.words.length > 0))
    return true;
  // "for cooking" after camping gear, "something for travelling" after bags: what the things
  // shown are for narrows them (the service starts afresh when nothing shown fits).
  if (isNarrowing(f, previous)) return true;
  // A need names its own subject ("something for a rainy day"), unless tied to what is shown.
  if (f.needKinds.length > 0 && !f.hasProduct && !f.marker && !f.also) return false;
  const refinement = hasRefinement(f);
  if (!refinement && !f.hasProduct && f.categories.length === 0 && f.words.length === 0) return false;
  // A new topic without product words: "What's on sale?", "gifts under $50", "gift for a runner".
  if (!f.hasProduct && !f.marker && !f.also && (f.wholeShop || f.giftTopic)) return false;
  // A request of filters only ("What's on sale?", "Gifts under $100") is narrowed by what follows.
  if (previous.categories.length === 0 && previous.words.length === 0) return true;
  if (!refinement) return false;
  if (!f.hasProduct) return true;
  return f.categories.length > 0 && f.categories.every((c) => previous.categories.includes(c));
}

function scaled(cents: Cents, factor: number): Cents {
  return clampPrice(cents * factor);
}

function withoutBrands(brands: string[], excluded: string[]): string[] {
  return brands.filter((b) => !excluded.includes(b));
}

/**
 * "new apartment, the kitchen is empty", "shoes for a rainy day": a need said of one of the shop's
 * categories, naming no kind of product, is the need's kinds within that category.
 */
function isNeedInCategory(f: MessageFacts): boolean {
  return (
    f.needKinds.length > 0 &&
    f.namedCategories.length > 0 &&
    f.namedCategories.length === f.categories.length &&
    !f.words.some((w) => w.product)
  );
}

/** A new request from a message; "also" / "too" keeps the previous bounds, sale, stock, rating and gift. */
export function startRequest(f: MessageFacts, previous: RequestState | null): RequestState {
  const state: RequestState = {
    // The kinds of "X or Y" are searched as any of them, not as words all of which must match.
    words:
      f.alternatives.length > 1
        ? f.words.filter((w) => !(w.product && f.alternatives.some((k) => k.split(" ").includes(w.word))))
        : f.words,
    categories: f.categories,
    namedCategories: f.namedCategories,
    learnedCategories: f.learnedCategories,
    brands: withoutBrands(f.brands, f.excludedBrands),
    minPrice: f.minPrice,
    maxPrice: f.maxPrice,
    targetPrice: f.targetPrice,
    onSale: f.onSale,
    inStockOnly: f.inStock,
    minRating: f.minRating,
    tags: f.gift ? ["gift"] : [],
    sort: f.sort ?? "relevance",
    limit: f.limit ?? DEFAULT_LIMIT,
    excludedWords: f.excludedWords,
    excludedBrands: f.excludedBrands,
    // "fitness trackers or smartwatches": either kind will do.
    anyOf:
      f.alternatives.length > 1 ? f.alternatives : f.hasProduct && !isNeedInCategory(f) ? [] : f.needKinds,
    recipients: f.recipients,
    recipientGender: f.recipientGender,
  };
  // "for my mom who loves cooking": the interest's kinds of product are what is sought.
  if (!f.hasProduct && f.needKinds.length === 0) {
    const kinds = unique(f.interestWords.flatMap((w) => [...kindsOfInterest(w)]));
    // The interest's own word stays in the text; a search reads it as one of the kinds.
    if (kinds.length > 0) state.anyOf = kinds;
  }
  if (f.also && previous) {
    if (state.minPrice === null && state.maxPrice === null && !f.clearPrice) {
      state.minPrice = previous.minPrice;
      state.maxPrice = previous.maxPrice;
      state.targetPrice = previous.targetPrice;
    }
    state.onSale ||= previous.onSale;
    state.inStockOnly ||= previous.inStockOnly;
    state.minRating ??= previous.minRating;
    if (previous.tags.includes("gift")) state.tags = unique([...state.tags, "gift"]);
  }
  return state;
}

/** The request so far, refined by a follow-up message. */
export function refineRequest(previous: RequestState, f: MessageFacts): RequestState {
  const state: RequestState = { ...previous };
  if (f.categories.length > 0 && (!f.weakCategories || previous.categories.length === 0)) {
    state.categories = f.categories;
    state.namedCategories = f.namedCategories;
  }
  if (f.words.some((w) => w.product)) state.learnedCategories = f.learnedCategories;
  state.words = f.words.some((w) => w.product)
    ? [...previous.words.filter((w) => !w.product), ...f.words]
    : [...previous.words, ...f.words];
  // "for cooking" after camping gear narrows the camping gear to cooking.
  if (
    (f.weakCategories || isNarrowing(f, previous)) &&
    previous.categories.length + previous.words.length > 0
  )
    state.words = [...state.words, ...f.interestWords.map((word) => ({ word, product: false }))];

  let brands = f.clearBrands ? [] : previous.brands;
  if (f.brands.length > 0) brands = f.also ? unique([...brands, ...f.brands]) : f.brands;
  state.brands = withoutBrands(brands, f.excludedBrands);

  if (f.clearPrice) {
    state.minPrice = null;
    state.maxPrice = null;
    state.targetPrice = null;
  }
  if (f.targetPrice !== null) {
    Object.assign(state, aroundBounds(f.targetPrice));
  } else if (f.minPrice !== null || f.maxPrice !== null) {
    if (state.targetPrice !== null) {
      state.minPrice = null;
      state.maxPrice = null;
      state.targetPrice = null;
    }
    if (f.maxPrice !== null) {
      state.maxPrice = f.maxPrice;
      if (f.minPrice === null && state.minPrice !== null && state.minPrice > f.maxPrice)
        state.minPrice = null;
    }
    if (f.minPrice !== null) {
      state.minPrice = f.minPrice;
      if (f.maxPrice === null && state.maxPrice !== null && state.maxPrice < f.minPrice)
        state.maxPrice = null;
    }
  } else if (f.cheaper) {
    if (state.targetPrice !== null)
      Object.assign(state, aroundBounds(scaled(state.targetPrice, CHEAPER_FACTOR)));
    else if (state.maxPrice !== null) {
      state.maxPrice = scaled(state.maxPrice, CHEAPER_FACTOR);
      if (state.minPrice !== null && state.minPrice > state.maxPrice) state.minPrice = null;
    }
  } else if (f.pricier) {
    if (state.targetPrice !== null)
      Object.assign(state, aroundBounds(scaled(state.targetPrice, PRICIER_FACTOR)));
    else if (state.maxPrice !== null) {
      state.minPrice = state.maxPrice;
      state.maxPrice = null;
    }
  }

  state.recipients = unique([...previous.recipients, ...f.recipients]);
  state.recipientGender = f.recipientGender ?? previous.recipientGender;
  state.onSale = previous.onSale || f.onSale;
  state.inStockOnly = previous.inStockOnly || f.inStock;
  state.minRating = f.minRating ?? previous.minRating;
  if (f.gift) state.tags = unique([...previous.tags, "gift"]);
  state.sort = f.sort ?? previous.sort;
  state.limit = f.limit ?? previous.limit;
  state.excludedWords = unique([...previous.excludedWords, ...f.excludedWords]);
  state.excludedBrands = unique([...previous.excludedBrands, ...f.excludedBrands]).filter(
    (b) => !f.brands.includes(b) && !f.clearBrands,
  );
  if (isWidening(f)) return widened(state, previous, f);
  if (f.needKinds.length > 0 && !f.hasProduct && isNarrowing(f, previous)) {
    // "something for travelling" after bags: bags for travel (the need's kinds of the subject's
    // own kind say which, else its first kind is a trait).
    const traits = traitsOfSubjectIn(f.needKinds, previous);
    const said = traits.length > 0 ? traits : [f.needKinds[0] ?? ""];
    state.words = [...state.words, ...said.map((word) => ({ word, product: false }))];
  } else if (f.needKinds.length > 0 && !f.hasProduct) {
    // "a small one for the beach" after speakers: of the need's kinds, the speaker's ("waterproof
    // speaker") says what to look for in what is shown; a need of other kinds replaces the subject.
    const traits = traitsOfSubjectIn(f.needKinds, previous);
    if (traits.length > 0)
      state.words = [...state.words, ...traits.map((word) => ({ word, product: false }))];
    else state.anyOf = f.needKinds;
  } else if (f.words.some((w) => w.product) || (f.categories.length > 0 && !f.weakCategories))
    state.anyOf = [];
  return state;
}

/** The other words of the kinds that name the request's product ("waterproof" of "waterproof speaker"). */
function traitsOfSubjectIn(kinds: string[], previous: RequestState): string[] {
  const subject = previous.words.filter((w) => w.product).map((w) => w.word.replace(/s$/u, ""));
  if (subject.length === 0) return [];
  const ofSubject = kinds
    .map((k) => k.split(/\s+/u))
    .filter((words) => words.some((w) => subject.includes(w.replace(/s$/u, ""))));
  return unique(ofSubject.flatMap((words) => words.filter((w) => !subject.includes(w.replace(/s$/u, "")))));
}

/** "anything else for kids?" after kids' headphones: other kinds, for what the message says. */
export function isWidening(f: MessageFacts): boolean {
  return f.widen && !f.hasProduct && f.words.length + f.interestWords.length > 0;
}

/** The request beyond its kind: its traits and the message's words, without its products or categories. */
function widened(state: RequestState, previous: RequestState, f: MessageFacts): RequestState {
  const words = [
    ...previous.words.filter((w) => !w.product),
    ...f.words,
    ...f.interestWords.map((word) => ({ word, product: false })),
  ];
  return {
    ...state,
    words: words.filter((w, i) => words.findIndex((o) => o.word === w.word) === i),
    categories: [],
    namedCategories: [],
    learnedCategories: [],
    anyOf: [],
  };
}

/** Integers, non-negative, capped, floor never above the cap. */
export function sanePrices(state: RequestState): RequestState {
  const fix = (cents: Cents | null) => (cents === null || !Number.isFinite(cents) ? null : clampPrice(cents));
  let minPrice = fix(state.minPrice);
  let maxPrice = fix(state.maxPrice);
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  return { ...state, minPrice, maxPrice, targetPrice: fix(state.targetPrice) };
}

export const EMPTY_STATE: RequestState = {
  words: [],
  categories: [],
  namedCategories: [],
  learnedCategories: [],
  brands: [],
  minPrice: null,
  maxPrice: null,
  targetPrice: null,
  onSale: false,
  inStockOnly: false,
  minRating: null,
  tags: [],
  sort: "relevance",
  limit: DEFAULT_LIMIT,
  excludedWords: [],
  excludedBrands: [],
  anyOf: [],
  recipients: [],
  recipientGender: null,
};
