import { UNIT_WORDS } from "../text/number-words.ts";
import { type CatalogMatchers, matchKey } from "./catalog-names.ts";
import { readPriceBounds } from "./read-price-bounds.ts";
import { genderOfMessage } from "./recipient-gender.ts";
import { alternativesOf, nameKey, Scanner, unique } from "./request-scanner.ts";
import {
  COUNT_LEADERS,
  COUNT_PRECEDERS,
  COUNT_WORDS,
  NOT_MONEY_AFTER,
  ORDINALS,
  P,
  STOP_WORDS,
  recipientOf,
  SAYS_A_GIFT,
} from "./shopping-phrases.ts";
import { childAsPerson, needTraitOfProducts, ownedThingsAreContext } from "./message-context.ts";
import { negated, type Reading, readFreeWords } from "./message-reading.ts";
import { normalizeMessage } from "./normalize-message.ts";
import type { MessageFacts } from "./shopping-message-facts.ts";
import { DEFAULT_LIMIT, MAX_LIMIT } from "./shopping-request.ts";
import { ANY_NEED, GIFT_PASTIME, kindsOfGiftPastime, kindsOfNeed, NEED_PHRASE } from "./shopping-needs.ts";
import { ANY_PRODUCT_WORD, vocabularyEntryOf } from "./shopping-vocabulary.ts";

/** "best rated" / "top rated" / "five star". */
export const BEST_RATING = 4.5;

export type { MessageFacts, Word } from "./shopping-message-facts.ts";
export { MAX_MESSAGE_LENGTH } from "./normalize-message.ts";

/**
 * "any in red?", "got it in black", "do they come in blue": a colour or finish of what is shown,
 * asked with no product named (a short message ending in "in" and a word or two).
 */
const IN_A_VARIANT = /(?:^|\s)(?:comes?\s+)?in\s+\p{L}+(?:\s+\p{L}+)?\s*[?!.]*$/u;
const MAX_VARIANT_WORDS = 6;

/** A count of products to show, within 1..MAX_LIMIT. */
export function clampLimit(n: number): number {
  if (!Number.isFinite(n)) return DEFAULT_LIMIT;
  return Math.min(MAX_LIMIT, Math.max(1, Math.round(n)));
}

function countOf(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : (COUNT_WORDS[text.toLowerCase()] ?? DEFAULT_LIMIT);
}

/** Brands first, so that no other pattern eats a brand name ("Top Shelf", "Solace"). */
function readBrands(reading: Reading): void {
  const { s, facts, matchers } = reading;
  if (!matchers.brandNames) return;
  s.take(matchers.brandNames, (m, at) => {
    const brand = matchers.brandByKey.get(matchKey(m[0]));
    if (!brand) return false;
    if (negated(reading, at, m[0].length)) facts.excludedBrands.push(brand);
    else if (!facts.brands.includes(brand)) facts.brands.push(brand);
    return true;
  });
}

/**
 * Figures that are no prices, before prices read their numbers: a discount ("50% off" means on
 * sale), stars and ratings, sizes (which cannot be filtered on) and a child's age (kids' products).
 */
function readFiguresThatAreNotPrices({ s, facts, wordAt, flag }: Reading): void {
  flag(P.percentOff, () => {
    facts.onSale = true;
  });
  for (const pattern of [P.starsNumeric, P.ratedNumeric]) {
    s.take(pattern, (m) => {
      const raw = m[1] ?? "";
      const value = /^\d/.test(raw) ? Number(raw) : (UNIT_WORDS[raw] ?? 0);
      if (!Number.isFinite(value)) return false;
      if (value >= 5) {
        facts.minRating = BEST_RATING;
        facts.sort = "rating";
      } else facts.minRating = Math.max(0, Math.round(value * 10) / 10);
      return true;
    });
  }
  flag(P.size, () => undefined);
  s.take(P.age, (m, at) => {
    if (Number(m[1] ?? m[2] ?? m[3]) < 13) wordAt.push({ word: { word: "kids", product: false }, at });
    // "my nephew is 6": the person is a recipient, as "my nephew" alone would be.
    const child = CHILD_RECIPIENT.exec(m[0]);
    if (child && /(?:my|our|for)\s*$/u.test(s.original.slice(Math.max(0, at - 8), at))) {
      facts.gift = true;
      facts.recipients.push(child[0]);
    }
    return true;
  });
}

/** "smaller", "something warmer": compared with what is shown, so about it ("warm" jackets). */
function readComparisons({ s, facts, wordAt }: Reading): void {
  s.take(P.compared, (m, at) => {
    facts.marker = true;
    const trait = m[1] ?? m[2];
    if (trait) wordAt.push({ word: { word: trait, product: false }, at });
    return true;
  });
}

/** "is the first one cheaper than the second?", "which is cheaper": a question about what is shown. */
const WHICH_OF_SHOWN = /^\s*(?:(?:is|are|was) (?:the|that|this|it)\b|which\b)/u;

/** A child named by who they are to the shopper, at the start of an age ("nephew is 6"). */
const CHILD_RECIPIENT = /^(?:nephew|niece|son|daughter|grandson|granddaughter)\b/u;

/** Quantities with an explicit count or a quantity word ("top 5", "4 options", "a few"). */
function readQuantities({ s, facts, flag }: Reading): void {
  s.take(P.topN, (m) => {
    facts.limit = clampLimit(countOf(m[2] ?? ""));
    if (m[1] === "best") facts.sort = "rating";
    return true;
  });
  s.take(P.countNoun, (m) => {
    facts.limit = clampLimit(countOf(m[1] ?? ""));
    return true;
  });
  for (const [pattern, n] of [
    [P.one, 1],
    [P.halfDozen, 6],
    [P.dozen, 12],
    [P.couple, 2],
    [P.few, 3],
    [P.handful, 5],
  ] as const) {
    flag(pattern, () => {
      facts.limit = n;
    });
  }
}

/** Whether a message says more than a person (at `at`, `length` long): words of its own. */
function saysMore(text: string, at: number, length: number): boolean {
  const rest = `${text.slice(0, at)} ${text.slice(at + length)}`;
  return (rest.match(/\p{L}{3,}/gu) ?? []).some((w) => !STOP_WORDS.has(w));
}

/** Gifts, sale, stock, ratings, sort and price direction, and "other brands". */
function readWishes({ s, facts, flag }: Reading): void {
  flag(P.wholeShop, () => {
    facts.wholeShop = true;
    facts.onSale = true;
  });
  flag(P.giftModifier, () => {
    facts.gift = true;
  });
  s.take(P.recipient, (m, at) => {
    // "my partner snores": a person in a situation, taken out of the words but no recipient.
    if (/^(?:my|our) /u.test(m[0]) && !SAYS_A_GIFT.test(s.original) && saysMore(s.text, at, m[0].length))
      return true;
    facts.gift = true;
    const person = recipientOf(m[0]);
    if (person) facts.recipients.push(person);
    return true;
  });
  // An occasion is a gift, and some say what kind of gift ("housewarming", "baby shower").
  s.take(P.occasion, (m) => {
    facts.gift = true;
    facts.needKinds.push(...kindsOfNeed(m[0]));
    return true;
  });
  flag(P.gift, () => {
    facts.gift = true;
    facts.giftTopic = true;
  });
  flag(P.sale, () => {
    facts.onSale = true;
  });
  flag(P.stock, () => {
    facts.inStock = true;
  });
  flag(P.bestRated, () => {
    facts.sort = "rating";
    facts.minRating = Math.max(facts.minRating ?? 0, BEST_RATING);
  });
  for (const pattern of [P.highRated, P.best]) {
    flag(pattern, () => {
      facts.sort = "rating";
    });
  }
  flag(P.cheaper, () => {
    facts.cheaper = true;
    facts.sort = "price-low";
  });
  flag(P.pricier, () => {
    facts.pricier = true;
    facts.sort = "price-high";
  });
  flag(P.cheap, () => {
    facts.sort = "price-low";
  });
  flag(P.premium, () => {
    facts.sort = "price-high";
  });
  flag(P.clearBrands, () => {
    facts.clearBrands = true;
  });
}

/**
 * Categories by their catalogue names, then product and people words. Returns the spans of
 * product words, which tell a count ("3 headphones") from a model number.
 */
function readProducts(reading: Reading): { start: number; end: number }[] {
  const { s, facts, matchers, categoryAt, wordAt } = reading;
  if (matchers.categoryNames) {
    s.take(matchers.categoryNames, (m, at) => {
      const key = matchKey(m[0]);
      const name = matchers.categoryByKey.get(key) ?? matchers.categoryByKey.get(`${key}s`);
      if (!name) return false;
      if (negated(reading, at, m[0].length)) {
        facts.excludedWords.push(name);
        return true;
      }
      categoryAt.push({ name, at, weak: false, named: true });
      facts.hasProduct = true;
      // "kitchen" of "Home & Kitchen" is also the tag its kitchen things carry: search it too.
      const word = m[0].toLowerCase();
      if (/^[a-z]+$/.test(word) && key !== nameKey(name) && matchers.categoriesTagged(word).includes(name))
        wordAt.push({ word: { word, product: false }, at });
      return true;
    });
  }
  const productSpans: { start: number; end: number }[] = [];
  s.take(NEED_PHRASE, (m) => {
    facts.needKinds.push(...kindsOfNeed(m[0]));
    return true;
  });
  // In a gift, what the person does ("she runs marathons") is their interest; a product named
  // after the verb ("running shoes") is still a product.
  if (facts.gift)
    s.take(GIFT_PASTIME, (m) => {
      const said = m[0].split(/[\s-]+/);
      const object = said.length > 1 ? (said.at(-1) ?? "") : "";
      // An interest the vocabulary reads itself ("who loves cooking") is left to it.
      if (vocabularyEntryOf(said[0] ?? "")) return false;
      if (object && (vocabularyEntryOf(object) || vocabularyEntryOf(object.replace(/s$/, "")))) return false;
      facts.needKinds.push(...kindsOfGiftPastime(m[0]));
      return true;
    });
  s.take(ANY_PRODUCT_WORD, (m, at) => {
    const entry = vocabularyEntryOf(m[0]);
    if (!entry) return false;
    if (negated(reading, at, m[0].length)) {
      facts.excludedWords.push(entry.text || (entry.category ?? m[0]));
      return true;
    }
    // "my kid wants to learn baseball": a child said as a person is who things are for, not the interest.
    if (childAsPerson(reading, entry.text, at, m[0].length)) {
      wordAt.push({ word: { word: entry.text, product: false }, at });
      return true;
    }
    if (entry.category === null || entry.weak) facts.interest = true;
    if (entry.weak || entry.category === null) facts.interestWords.push(entry.text || m[0].replace(/s$/, ""));
    if (entry.category !== null) {
      if (!entry.weak) facts.hasProduct = true;
      productSpans.push({ start: at, end: at + m[0].length });
      const name = matchers.categoryByKey.get(nameKey(entry.category));
      // "shoes" names the category; "headphones" a product, which a shop may file elsewhere.
      if (name) categoryAt.push({ name, at, weak: entry.weak, named: entry.text === "" });
      if (entry.text !== "") facts.learnedCategories.push(...matchers.categoriesTagged(entry.text));
      // A word naming a category this shop does not have ("kitchen", "jewellery" in a shop
      // of "Kitchen Accessories" and "Women's Jewellery") is searched for as it was written.
      if (entry.text === "" && !name) {
        for (const word of m[0].split(/[\s-]+/).filter((w) => !STOP_WORDS.has(w)))
          wordAt.push({ word: { word, product: !entry.weak }, at });
      }
      // "kitchen" names the category and is also a trait its kitchen things carry as a tag.
      if (
        entry.text === "" &&
        name &&
        !entry.weak &&
        /^[a-z]+$/.test(m[0]) &&
        !name.toLowerCase().startsWith(m[0])
      ) {
        if (matchers.categoriesTagged(m[0]).includes(name))
          wordAt.push({ word: { word: m[0], product: false }, at });
      }
    }
    for (const word of entry.text.split(" ").filter(Boolean)) {
      wordAt.push({ word: { word, product: entry.category !== null && !entry.weak }, at });
    }
    return true;
  });
  // A need's single word ("soaked", "winter") is less sure than a need's phrase read in the same
  // message ("i sweat a ton ... my shirts get soaked": sweat, not rain): it then says no kinds.
  const phraseRead = facts.needKinds.length > 0;
  s.take(ANY_NEED, (m) => {
    if (!phraseRead) facts.needKinds.push(...kindsOfNeed(m[0]));
    return true;
  });
  ownedThingsAreContext(reading);
  needTraitOfProducts(reading);
  return productSpans;
}

/** References to the products shown: "the second one", "more like that", "is it waterproof?". */
function readReferences({ s, facts, flag }: Reading): void {
  flag(P.notShown, () => {
    facts.notShown = true;
  });
  flag(P.moreLike, () => {
    facts.moreLike = true;
  });
  s.take(P.ordinal, (m, at) => {
    // "first 5", "the first three" are how many to show, not which one.
    if (/^\s+(?:\d|two|three|four|five|six|seven|eight|nine|ten|dozen)/.test(s.text.slice(at + m[0].length)))
      return false;
    const word = m[1] ?? m[2] ?? m[3] ?? m[4] ?? "";
    facts.ordinal = ORDINALS[word] ?? (/^\d$/.test(word) ? Number(word) : null);
    return facts.ordinal !== null;
  });
  if (P.aboutShown.test(s.original)) facts.question = true;
  P.aboutShown.lastIndex = 0;
  flag(P.instead, () => {
    facts.instead = true;
  });
  flag(P.widen, () => {
    facts.widen = true;
    facts.marker = true;
  });
}

/**
 * "3 headphones", "show me 4 cheap ones": a small number after "show me" / "top", or at the
 * start or after "want" and right before a product word; not a model number ("Airstride 5").
 */
function readCounts({ s, facts }: Reading, productSpans: { start: number; end: number }[]): void {
  s.take(P.digitCount, (m, at) => {
    const after = at + m[0].length;
    const gap = /^\s+/.exec(s.text.slice(after))?.[0].length ?? -1;
    const beforeProduct = gap > 0 && productSpans.some((span) => span.start === after + gap);
    const before = s.wordBefore(at);
    const counts = COUNT_LEADERS.has(before) || (beforeProduct && COUNT_PRECEDERS.has(before));
    if (!counts || NOT_MONEY_AFTER.test(s.text.slice(after))) return false;
    facts.limit = clampLimit(Number(m[1]));
    return true;
  });
  s.take(P.countWord, (m) => {
    facts.limit = clampLimit(countOf(m[1] ?? ""));
    return true;
  });
}

/**
 * What one message says. Its parts are taken out in this order, each masking what it read:
 * brands, figures that are not prices, prices, quantities, wishes (gift, sale, stock, rating,
 * sort), categories and product words, counts before product words, follow-up words; what is
 * left, minus stop words, is free text. Categories and words keep the order of the message.
 */
export function readShoppingMessage(message: unknown, matchers: CatalogMatchers): MessageFacts {
  const s = new Scanner(normalizeMessage(message));
  const facts: MessageFacts = {
    words: [],
    categories: [],
    hasProduct: false,
    weakCategories: false,
    namedCategories: [],
    learnedCategories: [],
    brands: [],
    excludedBrands: [],
    clearBrands: false,
    minPrice: null,
    maxPrice: null,
    targetPrice: null,
    clearPrice: false,
    onSale: false,
    inStock: false,
    minRating: null,
    sort: null,
    cheaper: false,
    pricier: false,
    limit: null,
    gift: false,
    giftTopic: false,
    recipients: [],
    recipientGender: null,
    interest: false,
    wholeShop: false,
    marker: P.leadingMarker.test(s.text),
    also: false,
    excludedWords: [],
    attributesOnly: false,
    leadingFor: /^\s*(?:and |but |maybe |ideally )?(?:for|good for|suitable for|something for) /u.test(
      s.text,
    ),
    interestWords: [],
    needKinds: [],
    instead: false,
    ordinal: null,
    moreLike: false,
    question: false,
    widen: false,
    notShown: false,
    alternatives: [],
  };
  const reading: Reading = {
    s,
    facts,
    matchers,
    categoryAt: [],
    wordAt: [],
    negatedEnds: [],
    flag: (pattern, set) =>
      s.take(pattern, () => {
        set();
        return true;
      }),
  };

  readBrands(reading);
  readReferences(reading);
  readComparisons(reading);
  readFiguresThatAreNotPrices(reading);
  readPriceBounds(s, facts);
  readQuantities(reading);
  readWishes(reading);
  const productSpans = readProducts(reading);
  readCounts(reading, productSpans);
  readFreeWords(reading);

  const { categoryAt, wordAt } = reading;
  facts.alternatives = alternativesOf(s.original, productSpans, wordAt);
  const strong = categoryAt.filter((c) => !c.weak);
  facts.weakCategories = strong.length === 0 && categoryAt.length > 0;
  const chosen = (facts.weakCategories ? categoryAt : strong).sort((a, b) => a.at - b.at);
  facts.categories = unique(chosen.map((c) => c.name));
  facts.namedCategories = unique(chosen.filter((c) => c.named).map((c) => c.name));
  facts.learnedCategories = unique(facts.learnedCategories);
  facts.words = wordAt.sort((a, b) => a.at - b.at).map((w) => w.word);
  facts.excludedWords = unique(facts.excludedWords);
  const free = facts.words.map((w) => w.word);
  facts.attributesOnly =
    !facts.hasProduct &&
    free.length > 0 &&
    (matchers.categoriesTagged(free.join("-")).length > 0 ||
      free.every((w) => matchers.categoriesTagged(w).length > 0));
  facts.needKinds = unique(facts.needKinds);
  facts.recipients = unique(facts.recipients);
  facts.recipientGender = genderOfMessage(facts.gift, facts.recipients, s.original);
  if (
    !facts.hasProduct &&
    facts.needKinds.length === 0 &&
    s.original.split(/\s+/).length <= MAX_VARIANT_WORDS &&
    IN_A_VARIANT.test(s.original)
  )
    facts.marker = true;
  facts.question ||= asksAboutShown(facts, s.original);
  return facts;
}

/**
 * A question or "more like" about a shown product says what it is about, not a new wish; a price
 * compared with it ("cheaper than the first one") asks for other things below its price, and "not
 * the second one" for the others.
 */
function asksAboutShown(facts: MessageFacts, message: string): boolean {
  const comparedPrice = (facts.cheaper || facts.pricier) && !WHICH_OF_SHOWN.test(message);
  return facts.ordinal !== null && !facts.moreLike && !comparedPrice && !facts.notShown;
}
