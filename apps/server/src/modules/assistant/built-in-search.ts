import type { Product } from "@haggle/contract/products";
import {
  type ParsedShoppingRequest,
  parseShoppingRequest,
  type ShoppingCatalogNames,
  searchOf,
} from "@haggle/domain/assistant/parse-shopping-request";
import { relaxations, type SearchPlan } from "@haggle/domain/assistant/relax-shopping-request";
import { GIFT_KINDS } from "@haggle/domain/assistant/shopping-needs";
import { EMPTY_FILTERS } from "@haggle/domain/assistant/shopping-request";
import { wordForms } from "@haggle/domain/assistant/word-meaning";
import {
  answerAboutProduct,
  mayNameShownProduct,
  shownAt,
  shownProductNamed,
} from "@haggle/domain/assistant/shown-product-questions";
import { askedWords, sayLacking } from "@haggle/domain/assistant/shop-lacks";
import { searchProducts } from "../catalog/index.ts";
import { lackingAsked } from "./assistant-lacks.ts";
import { giftSoftened, withGiftNote } from "./assistant-gift.ts";
import { ownTagPlan } from "./assistant-own-tags.ts";
import { holdsSubjectHead, isExcluded, isOfSubject, kindFirstByPrice } from "./assistant-product-match.ts";
import { ownWordsFirst, readByMeaning, withCategories } from "./assistant-meaning.ts";
import { closeByModifiers } from "./assistant-close-fill.ts";
import { plainSearchFill } from "./assistant-plain-search.ts";
import { relativePlans, sharedTags, withinRelative } from "./assistant-relative-price.ts";
import { rankByText, type TextRanking, textFirst, withTextRescue } from "./assistant-text-rank.ts";
import type { AssistantDeps } from "./assistant-types.ts";
import type { Cents } from "@haggle/domain/pricing/money";

/**
 * The built-in engine's search for one turn: what the conversation asks for, found in the shop
 * (in stock first, relaxing the softest constraints when nothing fits), or the shown product a
 * question is about. Each step is a function below, in the order `answer` runs them.
 */

/** A turn pointing at what was shown replays the earlier turns this deep at most. */
const MAX_REPLAY_DEPTH = 3;
/** Each search fetches this many times the products to show: exclusions and stock filter after. */
const OVERFETCH = 3;
/** Fewer products than this that match everything are followed by close ones (see fillsSafely). */
const FILL_TO = 4;
/**
 * "cheaper ones" below the top pick shown needs this many to be worth showing alone; fewer are
 * followed by those below the middle and the dearest price shown (still cheaper than before).
 */
const MIN_RELATIVE = 3;

export interface Answer {
  request: ParsedShoppingRequest;
  /** The search that found the products (a relaxed one, when nothing fitted everything). */
  plan: SearchPlan | null;
  products: Product[];
  relaxed: string[];
  outOfStock: boolean;
  /** A sentence that replaces the usual opening (a question about a shown product). */
  said: string | null;
  /** Products of the subject were found, but every one of them was of an excluded brand or kind. */
  onlyExcluded: boolean;
  /** Some products matched everything; `relaxed` was relaxed only for those after them. */
  filled: boolean;
}

/** One turn being answered: the conversation so far, its reading, and how deep in a replay. */
interface Turn {
  deps: AssistantDeps;
  userMessages: string[];
  names: ShoppingCatalogNames;
  request: ParsedShoppingRequest;
  depth: number;
}

/** What the turns before this one showed, replayed: the same reading and searches give the same products. */
async function shownBefore({ deps, userMessages, names, depth }: Turn): Promise<Product[]> {
  // Talk in between ("thanks!", "who are you?") showed nothing: what was shown is from before it.
  let earlier = userMessages.slice(0, -1);
  while (earlier.length > 0 && parseShoppingRequest(earlier, names).turn === "chit-chat")
    earlier = earlier.slice(0, -1);
  if (earlier.length === 0 || depth >= MAX_REPLAY_DEPTH) return [];
  return (await answer(deps, earlier, names, depth + 1)).products;
}

function nothingFor(request: ParsedShoppingRequest): Answer {
  return {
    request,
    plan: null,
    products: [],
    relaxed: [],
    outOfStock: false,
    said: null,
    onlyExcluded: false,
    filled: false,
  };
}

/**
 * A question naming a shown product by a word of its name ("how much is the grinder?" after
 * coffee things): read as a new request, it would search for grinders instead of answering.
 */
async function questionNamingShown(turn: Turn): Promise<Answer | null> {
  const { userMessages, request } = turn;
  const last = userMessages.at(-1) ?? "";
  if (userMessages.length < 2 || request.turn === "question" || !mayNameShownProduct(last)) return null;
  const product = shownProductNamed(last, await shownBefore(turn));
  if (!product) return null;
  return {
    ...nothingFor({ ...request, turn: "question" }),
    products: [product],
    said: answerAboutProduct(product, last),
  };
}

/** "is the second one waterproof?" answered from its record; "more like the second one" searched. */
async function aboutShown(turn: Turn): Promise<Answer> {
  const { deps, userMessages, request } = turn;
  const none = nothingFor(request);
  const shown = await shownBefore(turn);
  const product = shownAt(shown, request.ordinal);
  if (!product) return { ...none, said: "I'm not sure which product you mean; could you name it?" };
  if (request.turn === "question")
    return { ...none, products: [product], said: answerAboutProduct(product, userMessages.at(-1) ?? "") };
  // Its kind (the name's last word) in its category, nearest in price; the category alone
  // when that finds too few (a name's last word is not always its kind: "CK One").
  const kind = /\p{L}{3,}/u.exec(product.name.split(/\s+/).at(-1) ?? "")?.[0] ?? "";
  const near = (text: string) =>
    searchProducts(deps, {
      text,
      filters: { ...EMPTY_FILTERS, categories: [product.category] },
      sort: "relevance",
      limit: request.limit * OVERFETCH,
      targetPrice: product.price,
    });
  let like = kind ? (await near(kind)).items.filter((p) => p.id !== product.id) : [];
  if (like.length < 2) like = (await near("")).items.filter((p) => p.id !== product.id);
  const inStock = like.filter((p) => p.inStock);
  return {
    ...none,
    products: (inStock.length > 0 ? inStock : like).slice(0, request.limit),
    said: `More like the ${product.name}:`,
  };
}

/** The first search for a request: its words (read by meaning), filters, boosts and kinds. */
async function firstPlan({ deps, request, names, userMessages }: Turn): Promise<SearchPlan> {
  const meaning = await readByMeaning(deps, request, names, userMessages.at(-1) ?? request.text);
  const searched = searchOf(request, request.boostCategories);
  const base: SearchPlan = {
    ...searched,
    // A word that is one of the kinds ("cooking" of a cook's kinds) is searched among them.
    text: meaning.text
      .split(" ")
      .filter((w) => !meaning.anyOf.includes(w))
      .join(" "),
    anyOf: meaning.anyOf,
    filters: withCategories(searched.filters, meaning.categories),
    boostCategories: [...new Set([...searched.boostCategories, ...meaning.boost])],
  };
  // Without words, the categories are all that says what to show: they filter.
  if (!base.text && base.anyOf.length === 0)
    return { ...base, filters: withCategories(request.filters, meaning.categories), boostCategories: [] };
  return base;
}

/**
 * "cheaper ones", "more expensive": prices relative to what was shown, as plans to try in turn.
 * Cheaper means below the top pick shown (the first: what "a cheaper one" is compared with), else
 * below the middle price shown, else below the dearest, cheapest first; a lower bound said in the
 * same message wins.
 */
async function relativeToShown(
  turn: Turn,
  base: SearchPlan,
): Promise<{ bases: SearchPlan[]; kindTags: string[] }> {
  const { request } = turn;
  if (request.turn !== "relative-price" || !request.relative) return { bases: [base], kindTags: [] };
  const shown = await shownBefore(turn);
  if (shown.length === 0) return { bases: [base], kindTags: [] };
  return {
    bases: relativePlans(request, base, shown, (p) => holdsSubjectHead(p, request)),
    kindTags: sharedTags(shown, request),
  };
}

interface Step {
  plan: SearchPlan;
  relaxed: string[];
  /** Tried only when those before it found fewer than MIN_RELATIVE products. */
  fallbackOnly?: boolean;
  /** The products with the most of these tags first (in the plan's order otherwise). */
  byTags?: string[];
}

/** The plans to try in order: the request, then relaxations that keep the subject. */
function plansFor(
  request: ParsedShoppingRequest,
  { bases, kindTags }: { bases: SearchPlan[]; kindTags: string[] },
): Step[] {
  const base = bases.at(-1) ?? bases[0]!;
  const plans: Step[] = bases.map((plan, i) => ({ plan, relaxed: [], fallbackOnly: i > 0 }));
  const subject =
    base.text !== "" ||
    base.anyOf.length > 0 ||
    base.filters.categories.length > 0 ||
    base.filters.brands.length > 0;
  const relative = request.turn === "relative-price";
  for (const r of relaxations(request, base)) {
    const widensPrice = r.relaxed.some((p) => p.startsWith("the price"));
    // "cheaper" is relative to what was shown: widening the price back would show the same.
    if (relative && widensPrice) continue;
    // Without a subject, dropping a tag or sale would list half the shop: only the price widens.
    if (subject || r.relaxed.every((p) => p.startsWith("the price"))) plans.push(r);
  }
  // A gift naming no product nor interest, in a shop whose products carry no gift tag: what
  // people commonly give, within the same prices.
  if (!subject && base.filters.tags.includes("gift"))
    plans.push({
      plan: { ...base, anyOf: [...GIFT_KINDS], filters: { ...base.filters, tags: [] } },
      relaxed: ["the gift tag"],
    });
  // Too little cheaper of the kind: of the kind's category, what the things shown have in
  // common ("kitchen" of cookware), still cheaper than what was shown.
  const categories = [...base.filters.categories, ...base.boostCategories];
  if (relative && categories.length > 0 && (base.text !== "" || base.anyOf.length > 0)) {
    const last = plans.at(-1) ?? plans[0]!;
    const like = `${(kindTags.length > 0 ? kindTags.slice(0, 2) : categories).join(" or ")} things`;
    // Below the lowest cap tried (the top pick's or the middle price shown): other things that
    // follow a cheaper one must not bring the typical price back up.
    const caps = bases.flatMap((b) => (b.filters.maxPrice === null ? [] : [b.filters.maxPrice]));
    const maxPrice = caps.length > 0 ? Math.min(...caps) : last.plan.filters.maxPrice;
    plans.push({
      plan: {
        ...last.plan,
        text: kindTags.join(" "),
        anyOf: [],
        filters: { ...last.plan.filters, categories, maxPrice: maxPrice as Cents | null },
        boostCategories: [],
      },
      relaxed: [...last.relaxed, `the kind (other ${like})`],
      fallbackOnly: true,
      byTags: kindTags,
    });
  }
  return plans;
}

/** "for night time" after skincare narrows it; when nothing shown fits, it is a new request. */
async function narrowingThatFitsNothing(turn: Turn, base: SearchPlan): Promise<Answer | null> {
  const { deps, userMessages, names, request, depth } = turn;
  if (!request.narrowing || depth >= MAX_REPLAY_DEPTH) return null;
  const strict = await searchProducts(deps, { ...base, limit: Math.min(base.limit * OVERFETCH, 36) });
  if (strict.items.some((p) => p.inStock && !isExcluded(p, request))) return null;
  const before = parseShoppingRequest(userMessages.slice(0, -1), names);
  const fresh = await answer(deps, userMessages.slice(-1), names, depth + 1);
  const subjectBefore = before.subjectWords.join(" ") || before.filters.categories.join(" or ");
  return {
    ...fresh,
    request: { ...fresh.request, turn: "topic-change", dropped: subjectBefore ? [subjectBefore] : [] },
  };
}

/**
 * The plans searched in order: in-stock products of the first plan that finds any, then (when
 * fewer than FILL_TO) its sold-out ones, then close ones of plans that only drop the gift tag or
 * the rating floor. Sold-out products lead only when nothing in stock fits.
 */
async function searchInOrder(
  deps: AssistantDeps,
  request: ParsedShoppingRequest,
  plans: Step[],
  ranking: TextRanking | null,
) {
  const shown: Product[] = [];
  let relaxedUsed: string[] = [];
  /** How many products shown matched everything. */
  let exact = 0;
  let soldOut: Product[] = [];
  let outOfStockOnly: { products: Product[]; relaxed: string[]; plan: SearchPlan } | null = null;
  let usedPlan: SearchPlan | null = null;
  let excludedSeen = false;
  let wantedSeen = false;
  const limitOf = (plan: SearchPlan) => Math.min(FILL_TO, plan.limit);
  const narrowsShownKind = request.turn === "refinement" && request.subjectWords.length > 0;
  const offKind: Product[] = [];
  for (const { plan, relaxed, fallbackOnly, byTags = [] } of plans) {
    if (shown.length > 0 && fallbackOnly && shown.length >= MIN_RELATIVE) break;
    // A short answer is filled only by plans that keep what matters (see fillsSafely); a later
    // one may (the kind's modifiers at the price asked come after the price's widenings).
    if (shown.length > 0 && !fallbackOnly && !relaxed.every((phrase) => fillsSafely(phrase, request)))
      continue;
    const found = await searchProducts(deps, { ...plan, limit: Math.min(plan.limit * OVERFETCH, 36) });
    const shared = (p: Product) => byTags.filter((t) => p.tags.includes(t)).length;
    const wanted = kindFirstByPrice(
      ownWordsFirst(
        textFirst(
          found.items.filter((p) => !isExcluded(p, request)),
          ranking,
        ),
        plan,
      ).sort((a, b) => shared(b) - shared(a)),
      request,
    );
    if (found.items.some((p) => isOfSubject(p, request) && isExcluded(p, request))) excludedSeen = true;
    if (wanted.some((p) => isOfSubject(p, request))) wantedSeen = true;
    // Filling by the kind's head ("winter jacket": other jackets), only what is named so: a
    // dry bag may join sleeping bags, a kayak whose description says "bag" may not.
    const head = request.subjectWords.at(-1)?.replace(/(?:es|s)$/, "") ?? "";
    // Filling with the traits relaxed ("the classic kind" of watches), only things of the kind:
    // a charging stand whose description says "watch" is none.
    const traits = request.attributeWords.map((w) => `"${w}"`).join(", ");
    const named = (p: Product) =>
      shown.length === 0 ||
      (relaxed.some(isModifierStep)
        ? p.name.toLowerCase().includes(head)
        : !relaxed.includes(traits) || request.subjectWords.length === 0 || isOfSubject(p, request));
    const fresh = wanted.filter((p) => p.inStock && !shown.some((s) => s.id === p.id) && named(p));
    // A refinement narrows the kind shown: the search's looser finds of other kinds ("waterproof"
    // earbuds after running shoes) wait until no plan finds more of the kind.
    const inStock = narrowsShownKind ? fresh.filter((p) => holdsSubjectHead(p, request)) : fresh;
    if (narrowsShownKind) offKind.push(...fresh.filter((p) => !inStock.includes(p) && !offKind.includes(p)));
    if (inStock.length > 0) {
      if (shown.length === 0) soldOut = wanted.filter((p) => !p.inStock);
      if (shown.length === 0 || relaxed.length > 0) relaxedUsed = relaxed;
      const added = inStock.slice(0, plan.limit - shown.length);
      shown.push(...added);
      if (relaxed.length === 0) exact += added.length;
      usedPlan ??= plan;
    } else if (wanted.length > 0 && !outOfStockOnly && shown.length === 0)
      outOfStockOnly = { products: wanted.slice(0, plan.limit), relaxed, plan };
    if (shown.length >= limitOf(plan)) break;
    // In stock first, not in stock only: a short answer shows the sold-out ones that fit next.
    if (shown.length > 0 && soldOut.length > 0) {
      shown.push(...soldOut.slice(0, limitOf(plan) - shown.length));
      soldOut = [];
      if (shown.length >= limitOf(plan)) break;
    }
  }
  const room = (usedPlan?.limit ?? request.limit) - shown.length;
  if (room > 0 && offKind.length > 0) {
    shown.push(...offKind.slice(0, room));
    usedPlan ??= plans[0]?.plan ?? null;
  }
  return { shown, relaxedUsed, exact, outOfStockOnly, usedPlan, excludedOnly: excludedSeen && !wantedSeen };
}

/** The relaxation of a kind's modifiers ('"running" (any shoe)'). */
function isModifierStep(phrase: string): boolean {
  return /^".+" \(any [^)]+\)$/.test(phrase);
}

/**
 * Relaxations that may fill a short answer, after what matched everything: they keep the kind,
 * the price and a sale. The gift tag and the rating floor; a category a product word was filed
 * by, never one the shopper named (the words still say the kind); the words beside the kind ("the classic kind" of watches:
 * the one classic watch, then other watches; "stay warm on my walk to work": the need's kinds,
 * "walk" and "work" only context; never a purpose the last message narrowed to); the kind's
 * modifiers ("winter jacket": other jackets).
 * The reply says that those after the first ones were relaxed (see `filled`).
 */
function fillsSafely(phrase: string, request: ParsedShoppingRequest): boolean {
  if (phrase === "the gift tag" || phrase.startsWith("rated ")) return true;
  if (isModifierStep(phrase)) return true;
  const kind = request.subjectWords.length > 0 || request.anyOf.length > 0;
  // A category the shopper named ("audio noise cancelling headphones") still filters.
  if (phrase.startsWith("the category "))
    return (
      request.subjectWords.length > 0 &&
      request.filters.categories.every((c) => request.boostCategories.includes(c) || !phrase.includes(c))
    );
  // "for cooking" after camping gear asks for nothing but that purpose: it is never relaxed.
  return kind && !request.narrowing && phrase === request.attributeWords.map((w) => `"${w}"`).join(", ");
}

/** A search turn: plans tried in order, close ones and the plain search's finds filling a short answer. */
async function searchTurn(turn: Turn): Promise<Answer> {
  const { deps, userMessages, request } = turn;
  const none = nothingFor(request);
  const base = await firstPlan(turn);
  const relative = await relativeToShown(turn, base);
  const gift = giftSoftened(request, base, plansFor(request, relative));
  const plans = gift.plans;
  const tagged = await ownTagPlan(deps, request, userMessages.at(-1) ?? "", base);
  if (tagged) plans.unshift({ plan: tagged, relaxed: [] });
  const fresh = await narrowingThatFitsNothing(turn, base);
  if (fresh) return fresh;
  const ranking = await rankByText(deps, request, userMessages.at(-1) ?? "", base);
  const found = await searchInOrder(deps, request, plans, ranking);
  const onlyExcluded = found.excludedOnly;
  const close = await closeByModifiers(deps, request, base, found.shown, (p) => isExcluded(p, request));
  found.shown.push(...close.products);
  if (close.relaxed) found.relaxedUsed = [...found.relaxedUsed, close.relaxed];
  // What the shop's search box finds for the same words is never left out (see plainSearchFill).
  const literal = await plainSearchFill(deps, request, userMessages.at(-1) ?? "", found.shown, (p) =>
    isExcluded(p, request),
  );
  // What the shop's own words describe best leads a weak answer and fills a short one.
  const text = await withTextRescue(deps, request, ranking, found.shown, literal, (p) =>
    isExcluded(p, request),
  );
  if (found.shown.length === 0 && text.length > 0) return { ...none, products: text, onlyExcluded };
  found.shown = text.filter(withinRelative(request, relative.bases));
  if (found.shown.length > 0)
    return {
      ...none,
      plan: found.usedPlan,
      products: found.shown,
      relaxed: withGiftNote(found.relaxedUsed, gift.soft, found.shown),
      onlyExcluded,
      filled: found.exact > 0 && found.relaxedUsed.length > 0,
    };
  if (found.outOfStockOnly) return { ...none, ...found.outOfStockOnly, outOfStock: true, onlyExcluded };
  return { ...none, onlyExcluded };
}

/**
 * "do you carry Nike?" in a shop without Nike: an honest no naming it. With words the shop has
 * ("nike shoes" where shoes exist), those are searched and shown as what the shop has instead;
 * with none, the shop's categories are named and no product is presented as the answer.
 */
async function lackingAnswer(turn: Turn, lacking: string[]): Promise<Answer> {
  const { request, names } = turn;
  // The reading may hold a lighter form of a lacking word ("tent" of "tents").
  const isLacking = (w: string) => lacking.some((l) => wordForms(l).includes(w));
  // What is left of the ask is what the shopper asked for besides it ("jackets" of "patagonia
  // jackets"), never the words around the ask ("do you guys sell").
  const typed = askedWords(turn.userMessages.at(-1) ?? "").filter((w) => !isLacking(w));
  const rest = request.subjectWords.filter((w) => typed.some((t) => wordForms(t).includes(w)));
  const kept: ParsedShoppingRequest = {
    ...request,
    text: request.text
      .split(" ")
      .filter((w) => typed.some((t) => wordForms(t).includes(w)) || request.attributeWords.includes(w))
      .join(" "),
    subjectWords: rest,
    understood: request.understood.filter((p) => !lacking.some((w) => p.toLowerCase().includes(w))),
  };
  const what = typed.join(" ") || rest.join(" ") || kept.filters.categories.join(" or ");
  if (rest.length > 0 || kept.filters.categories.length > 0) {
    const found = await searchTurn({ ...turn, request: kept });
    if (found.products.length > 0)
      // The no comes first; how the search for the rest was widened is no news to the shopper.
      return {
        ...found,
        request: kept,
        relaxed: [],
        said: sayLacking(lacking, [], `are the ${what} we have`),
      };
  }
  return { ...nothingFor(request), said: sayLacking(lacking, names.categories, null) };
}

/** Whether the reading found anything to search for. */
function asksForSomething(request: ParsedShoppingRequest): boolean {
  return request.text.trim() !== "" || request.understood.length > 0 || request.anyOf.length > 0;
}

/**
 * One turn of the built-in engine, without streaming: read the conversation; let talk wait;
 * answer a question about a shown product; or search (relative to what was shown, relaxing when
 * nothing fits).
 */
export async function answer(
  deps: AssistantDeps,
  userMessages: string[],
  names: ShoppingCatalogNames,
  depth = 0,
): Promise<Answer> {
  const request = parseShoppingRequest(userMessages, names);
  const turn: Turn = { deps, userMessages, names, request, depth };
  // Talk asks for nothing: the request so far waits for the next turn.
  if (request.turn === "chit-chat") return nothingFor(request);
  if (request.turn === "question" || request.turn === "more-like") return aboutShown(turn);
  const named = await questionNamingShown(turn);
  if (named) return named;
  const lacking = await lackingAsked(deps, userMessages.at(-1) ?? "", request, names);
  if (lacking.length > 0) return lackingAnswer(turn, lacking);
  if (!asksForSomething(request)) return nothingFor(request);
  if (request.notShown) return withoutShown(turn);
  return searchTurn(turn);
}

/** "not that one", "nah not the second one": the same search without that shown product (the top pick when none is named). */
async function withoutShown(turn: Turn): Promise<Answer> {
  const unwanted = shownAt(await shownBefore(turn), turn.request.ordinal);
  if (!unwanted) return searchTurn(turn);
  const found = await searchTurn({ ...turn, request: { ...turn.request, limit: turn.request.limit + 1 } });
  const products = found.products.filter((p) => p.id !== unwanted.id).slice(0, turn.request.limit);
  return { ...found, request: turn.request, products: products.length > 0 ? products : found.products };
}
