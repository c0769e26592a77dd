import type { Product } from "@haggle/contract/products";
import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";
import { detectSmallTalk, writeAssistantReply } from "@haggle/domain/assistant/assistant-reply";
import {
  describeFilters,
  type ParsedShoppingRequest,
  parseShoppingRequest,
  type ShoppingCatalogNames,
  searchOf,
} from "@haggle/domain/assistant/parse-shopping-request";
import {
  describeChanges,
  relaxations,
  type SearchPlan,
} from "@haggle/domain/assistant/relax-shopping-request";
import { GIFT_KINDS } from "@haggle/domain/assistant/shopping-needs";
import { STOP_WORDS } from "@haggle/domain/assistant/shopping-phrases";
import { EMPTY_FILTERS } from "@haggle/domain/assistant/shopping-request";
import { type Cents, formatUsd } from "@haggle/domain/pricing/money";
import type { Db } from "../../platform/db/client.ts";
import { loadCatalogNames, loadTagCategories, searchProducts } from "../catalog/index.ts";
import { ownWordsFirst, readByMeaning, withCategories } from "./assistant-meaning.ts";
import { plainSearchFill } from "./assistant-plain-search.ts";
import type { AssistantDeps, AssistantEvent, AssistantMessage as Message } from "./assistant-types.ts";

/** The built-in engine reads only the shopper's last messages. */
const BUILT_IN_MESSAGES = 8;
/** Category and brand names are reloaded after a minute: they rarely change. */
const CATALOG_NAMES_TTL_MS = 60_000;

const catalogNamesCache = new WeakMap<Db, { at: number; value: Promise<ShoppingCatalogNames> }>();

/** The shop's categories, brands and tags (with their categories), for reading requests. */
function catalogNames(db: Db) {
  const cached = catalogNamesCache.get(db);
  if (cached && Date.now() - cached.at < CATALOG_NAMES_TTL_MS) return cached.value;
  const value = Promise.all([loadCatalogNames(db), loadTagCategories(db)]).then(([names, tagCategories]) => ({
    ...names,
    tagCategories,
  }));
  catalogNamesCache.set(db, { at: Date.now(), value });
  value.catch(() => catalogNamesCache.delete(db));
  return value;
}

/** A turn pointing at what was shown replays the earlier turns this deep at most. */
const MAX_REPLAY_DEPTH = 3;
/** Each search fetches this many times the products to show: exclusions and stock filter after. */
const OVERFETCH = 3;
/** Fewer products than this that match everything are followed by close ones (see fillsSafely). */
const FILL_TO = 4;

function stemOf(word: string): string {
  return word.toLowerCase().replace(/(?:es|s)$/, "");
}

/** Whether a product is one the shopper said they do not want. */
function isExcluded(product: Product, request: ParsedShoppingRequest): boolean {
  if (request.excludedBrands.some((b) => b.toLowerCase() === product.brand.toLowerCase())) return true;
  if (request.excludedWords.length === 0) return false;
  const haystack = `${product.name} ${product.category} ${product.tags.join(" ")}`.toLowerCase();
  return request.excludedWords.some((w) => {
    const stem = stemOf(w);
    return (
      stem.length >= 3 && new RegExp(`(?<![a-z])${stem.replace(/[^a-z0-9 -]/g, "")}`, "u").test(haystack)
    );
  });
}

interface Answer {
  request: ParsedShoppingRequest;
  /** The search that found the products (a relaxed one, when nothing fitted everything). */
  plan: SearchPlan | null;
  products: Product[];
  relaxed: string[];
  outOfStock: boolean;
  /** A sentence that replaces the usual opening (a question about a shown product). */
  said: string | null;
}

/** What the earlier turns showed, replayed: the same reading and searches give the same products. */
async function shownBefore(
  deps: AssistantDeps,
  userMessages: string[],
  names: ShoppingCatalogNames,
  depth: number,
): Promise<Product[]> {
  if (userMessages.length === 0 || depth >= MAX_REPLAY_DEPTH) return [];
  return (await answer(deps, userMessages, names, depth + 1)).products;
}

function shownAt(shown: Product[], ordinal: number | null): Product | undefined {
  if (ordinal === null) return shown[0];
  return ordinal < 0 ? shown.at(ordinal) : shown[ordinal - 1];
}

/** A question about a shown product, answered from its own record. */
function answerAbout(product: Product, question: string): string {
  const words = question
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter(
      (w) =>
        w.length > 2 && !STOP_WORDS.has(w) && !/^(?:first|second|third|fourth|fifth|sixth|last)$/.test(w),
    );
  const record = `${product.name} ${product.description} ${product.tags.join(" ")}`.toLowerCase();
  const asked = words.filter((w) => !/^(?:tell|details|info|more|about)$/.test(w));
  const stock = product.inStock ? "in stock" : "out of stock right now";
  const facts = `${product.name} by ${product.brand} is ${formatUsd(product.price)}${product.price < product.listPrice ? ` (down from ${formatUsd(product.listPrice)})` : ""}, ${stock}.`;
  const first = product.description.split(/(?<=\.)\s/)[0] ?? "";
  if (asked.length === 0) return `${facts} ${first}`.trim();
  const yes = asked.filter((w) => record.includes(stemOf(w)));
  const no = asked.filter((w) => !record.includes(stemOf(w)));
  const answer =
    no.length === 0
      ? `Yes: it says ${yes.join(", ")}.`
      : yes.length === 0
        ? `Its description doesn't mention ${no.join(" or ")}.`
        : `It mentions ${yes.join(", ")}, not ${no.join(" or ")}.`;
  return `${answer} ${facts} ${first}`.trim();
}

/**
 * One turn of the built-in engine, without streaming: read the conversation, search (in stock
 * first, relaxing the softest constraints when nothing fits), and say what changed.
 */
async function answer(
  deps: AssistantDeps,
  userMessages: string[],
  names: ShoppingCatalogNames,
  depth = 0,
): Promise<Answer> {
  const request = parseShoppingRequest(userMessages, names);
  const none: Answer = { request, plan: null, products: [], relaxed: [], outOfStock: false, said: null };

  if (request.turn === "question" || request.turn === "more-like") {
    const shown = await shownBefore(deps, userMessages.slice(0, -1), names, depth);
    const product = shownAt(shown, request.ordinal);
    if (!product) return { ...none, said: "I'm not sure which product you mean; could you name it?" };
    if (request.turn === "question")
      return { ...none, products: [product], said: answerAbout(product, userMessages.at(-1) ?? "") };
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

  const hasQuery = request.text.trim() !== "" || request.understood.length > 0 || request.anyOf.length > 0;
  if (!hasQuery) return none;

  const meaning = await readByMeaning(deps, request, names);
  const searched = searchOf(request, request.boostCategories);
  let base: SearchPlan = {
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
    base = { ...base, filters: withCategories(request.filters, meaning.categories), boostCategories: [] };

  if (request.turn === "relative-price" && request.relative) {
    const shown = await shownBefore(deps, userMessages.slice(0, -1), names, depth);
    if (shown.length > 0) {
      const prices = shown.map((p) => p.price);
      const filters = { ...base.filters };
      if (request.relative === "cheaper") {
        // Cheaper than the dearest shown, cheapest first: the shopper sees lower prices.
        filters.maxPrice = Math.max(0, Math.max(...prices) - 1) as Cents;
        // "something cheaper, under $60": the bound said wins when it is lower.
        if (request.stated.maxPrice !== null && request.stated.maxPrice < filters.maxPrice)
          filters.maxPrice = request.stated.maxPrice;
        if (filters.minPrice !== null && filters.minPrice > filters.maxPrice) filters.minPrice = null;
      } else {
        filters.minPrice = (Math.min(...prices) + 1) as Cents;
        filters.maxPrice = null;
      }
      base = { ...base, filters, targetPrice: null };
    }
  }

  const plans = [{ plan: base, relaxed: [] as string[] }];
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
  // Nothing cheaper of the kind: the kind's category, still cheaper than what was shown.
  const categories = [...base.filters.categories, ...base.boostCategories];
  if (relative && categories.length > 0 && (base.text !== "" || base.anyOf.length > 0)) {
    const last = plans.at(-1) ?? plans[0]!;
    plans.push({
      plan: {
        ...last.plan,
        text: "",
        anyOf: [],
        filters: { ...last.plan.filters, categories },
        boostCategories: [],
      },
      relaxed: [...last.relaxed, `the kind (other ${categories.join(" or ")} things)`],
    });
  }
  // "for night time" after skincare narrows it; when nothing shown fits, it is a new request.
  if (request.narrowing && depth < MAX_REPLAY_DEPTH) {
    const strict = await searchProducts(deps, { ...base, limit: Math.min(base.limit * OVERFETCH, 36) });
    if (!strict.items.some((p) => p.inStock && !isExcluded(p, request))) {
      const before = parseShoppingRequest(userMessages.slice(0, -1), names);
      const fresh = await answer(deps, userMessages.slice(-1), names, depth + 1);
      const subjectBefore = before.subjectWords.join(" ") || before.filters.categories.join(" or ");
      return {
        ...fresh,
        request: { ...fresh.request, turn: "topic-change", dropped: subjectBefore ? [subjectBefore] : [] },
      };
    }
  }
  const shown: Product[] = [];
  let relaxedUsed: string[] = [];
  let outOfStockOnly: { products: Product[]; relaxed: string[]; plan: SearchPlan } | null = null;
  let usedPlan: SearchPlan | null = null;
  for (const { plan, relaxed } of plans) {
    // With some products found, looser plans only fill up to FILL_TO, and only by dropping the
    // gift tag or the rating floor: never past a price, a sale, an attribute or the kind.
    if (shown.length > 0 && !relaxed.every((phrase) => fillsSafely(phrase, request))) break;
    const found = await searchProducts(deps, { ...plan, limit: Math.min(plan.limit * OVERFETCH, 36) });
    const wanted = ownWordsFirst(
      found.items.filter((p) => !isExcluded(p, request)),
      plan,
    );
    // Filling by the kind's head ("winter jacket": other jackets), only what is named so: a
    // dry bag may join sleeping bags, a kayak whose description says "bag" may not.
    const head = request.subjectWords.at(-1)?.replace(/(?:es|s)$/, "") ?? "";
    const named = (p: Product) =>
      shown.length === 0 || !relaxed.some(isModifierStep) || p.name.toLowerCase().includes(head);
    const inStock = wanted.filter((p) => p.inStock && !shown.some((s) => s.id === p.id) && named(p));
    if (inStock.length > 0) {
      if (shown.length === 0 || relaxed.length > 0) relaxedUsed = relaxed;
      shown.push(...inStock.slice(0, plan.limit - shown.length));
      usedPlan ??= plan;
    } else if (wanted.length > 0 && !outOfStockOnly && shown.length === 0)
      outOfStockOnly = { products: wanted.slice(0, plan.limit), relaxed, plan };
    if (shown.length >= Math.min(FILL_TO, plan.limit)) break;
  }
  // "yoga mats" with one mat: other yoga things of its category fill the answer.
  const modifiers = request.subjectWords.slice(0, -1);
  if (shown.length > 0 && shown.length < FILL_TO && modifiers.length > 0 && request.relative === null) {
    const filters = { ...base.filters, categories: [...new Set(shown.map((p) => p.category))] };
    const close = await searchProducts(deps, { ...base, text: modifiers.join(" "), anyOf: [], filters });
    const more = close.items.filter(
      (p) => p.inStock && !isExcluded(p, request) && !shown.some((s) => s.id === p.id),
    );
    if (more.length > 0) {
      relaxedUsed = [
        ...relaxedUsed,
        `"${request.subjectWords.at(-1)}" (other ${modifiers.join(" ")} things)`,
      ];
      shown.push(...more.slice(0, base.limit - shown.length));
    }
  }
  // What the shop's search box finds for the same words is never left out (see plainSearchFill).
  const literal = await plainSearchFill(deps, request, userMessages.at(-1) ?? "", shown, (p) =>
    isExcluded(p, request),
  );
  if (shown.length === 0 && literal.length > 0)
    return { ...none, plan: null, products: literal, relaxed: [], outOfStock: false };
  shown.push(...literal);
  if (shown.length > 0)
    return { ...none, plan: usedPlan, products: shown, relaxed: relaxedUsed, outOfStock: false };
  if (outOfStockOnly) return { ...none, ...outOfStockOnly, outOfStock: true };
  return none;
}

/** The relaxation of a kind's modifiers ('"running" (any shoe)'). */
function isModifierStep(phrase: string): boolean {
  return /^".+" \(any [^)]+\)$/.test(phrase);
}

/**
 * Relaxations that may fill a short answer: they keep the price, a sale and the traits asked for.
 * The gift tag and the rating floor; the kind's modifiers ("winter jacket": other jackets); and,
 * for a need, the words around it ("stay warm on my walk to work": the need's kinds are what is
 * sought, "walk" and "work" only context).
 */
function fillsSafely(phrase: string, request: ParsedShoppingRequest): boolean {
  if (phrase === "the gift tag" || phrase.startsWith("rated ")) return true;
  if (isModifierStep(phrase)) return true;
  const need = request.anyOf.length > 0 && request.subjectWords.length === 0;
  return need && phrase === request.attributeWords.map((w) => `"${w}"`).join(", ");
}

/** The built-in engine: read the conversation, search, answer honestly and say what changed. */
export async function* builtInTurn(deps: AssistantDeps, messages: Message[]): AsyncGenerator<AssistantEvent> {
  const userMessages = messages
    .filter((m) => m.role === "user")
    .map((m) => m.content)
    .slice(-BUILT_IN_MESSAGES);
  const last = userMessages.at(-1) ?? "";
  const names = await catalogNames(deps.db);
  const seed = userMessages.length;
  const smallTalk = detectSmallTalk(last);
  // A question about the assistant or delivery is answered, never searched for.
  const aboutTheShop = smallTalk === "help" || smallTalk === "shipping";
  const found = aboutTheShop ? null : await answer(deps, userMessages, names);
  if (
    smallTalk &&
    (!found ||
      ((found.request.turn === "chit-chat" || !found.request.understood.length) &&
        found.products.length === 0))
  ) {
    yield {
      type: "text",
      text: writeAssistantReply({
        assistantName: ASSISTANT_NAME,
        understood: [],
        refined: false,
        products: [],
        alternatives: false,
        smallTalk,
        seed,
      }),
    };
    return;
  }
  if (!found) return;
  const { request } = found;
  // After relaxing, say what the products match now, not what was asked.
  const plan = found.plan;
  const asked = describeFilters(request.filters, request.targetPrice, request.sort);
  const now = plan ? describeFilters(plan.filters, plan.targetPrice, plan.sort) : asked;
  const gone = found.relaxed.length > 0 ? asked.filter((p) => !now.includes(p)) : [];
  const added = found.relaxed.length > 0 ? now.filter((p) => !asked.includes(p)) : [];
  const understood = [
    ...(request.anyOf.length > 0 && request.subjectWords.length === 0
      ? [request.anyOf.slice(0, 3).join(" or ")]
      : []),
    ...(request.understood.length > 0
      ? request.understood
      : request.text
        ? [`"${request.text}"`]
        : []
    ).filter((p) => !gone.includes(p)),
    ...added,
  ];
  const subject =
    request.subjectWords.join(" ") ||
    request.anyOf.slice(0, 3).join(" or ") ||
    request.filters.categories.join(" or ");
  const notes = describeChanges({
    subject,
    dropped: request.turn === "topic-change" ? request.dropped : [],
    relaxed: found.relaxed,
    excluded: [...request.excludedWords, ...request.excludedBrands],
    outOfStock: found.outOfStock,
  });
  const reply =
    found.said ??
    writeAssistantReply({
      assistantName: ASSISTANT_NAME,
      understood,
      refined: request.refined,
      products: found.products.map((p) => ({
        name: p.name,
        brand: p.brand,
        price: p.price,
        listPrice: p.listPrice,
        rating: p.rating,
        reviewCount: p.reviewCount,
      })),
      alternatives: false,
      smallTalk: null,
      seed,
    });
  yield { type: "text", text: notes ? `${notes} ${reply}` : reply };
  if (found.products.length > 0) yield { type: "products", products: found.products };
}
