/**
 * What a message says around what it seeks: a child said as the person a gift is for, a need said
 * of a product as its trait, the shopper's own things as a need's context. Each works on the
 * reading of one message (message-reading.ts) after its products are read.
 */
import type { Reading } from "./message-reading.ts";
import { saysNoKind } from "./need-situations.ts";
import { unique } from "./request-scanner.ts";
import { STOP_WORDS } from "./shopping-phrases.ts";
import { vocabularyEntryOf } from "./shopping-vocabulary.ts";

/** "my kid", "our kids", "the little ones": a child said as a person, by a word that points at them. */
const PERSON_BEFORE =
  /(?:^|[^\p{L}])(?:my|our|the|his|her|their|your)\s+(?:(?:little|young|youngest|oldest|eldest|two|three)\s+)?$/u;

/**
 * Whether a child's word ("kid") names the person a message is about rather than what is sought:
 * said as someone ("my kid", "our kids") in a message that names one of the shop's own kinds
 * besides ("wants to learn baseball", "plays football every day"). Otherwise ("something for my
 * kid", "the kids will be climbing the walls") it is the interest: things for children.
 */
export function childAsPerson(reading: Reading, text: string, at: number, length: number): boolean {
  const { s, matchers } = reading;
  if (text !== "kids" || !PERSON_BEFORE.test(s.original.slice(Math.max(0, at - 30), at))) return false;
  const rest = `${s.text.slice(0, at)} ${s.text.slice(at + length)}`.match(/\p{L}{3,}/gu) ?? [];
  return rest.some((w) => !STOP_WORDS.has(w) && !saysNoKind(w) && matchers.categoriesTagged(w).length > 0);
}

/**
 * "a speaker i can take in the shower", "earbuds that won't die in the rain": a need said of a
 * product sought asks for a trait of it. The first of the need's kinds that is no product of its
 * own and that the shop's products of the named kind carry as a tag ("waterproof" of its audio
 * things) is searched beside the product, as if the shopper had said it.
 */
export function needTraitOfProducts(reading: Reading): void {
  const { facts, matchers, wordAt } = reading;
  if (!facts.hasProduct || facts.needKinds.length === 0 || facts.gift) return;
  const products = wordAt.filter((w) => w.word.product);
  const categories = unique([...reading.categoryAt.map((c) => c.name), ...facts.learnedCategories]);
  if (products.length === 0 || categories.length === 0) return;
  // A kind of the product itself ("waterproof speaker" at the beach) says its trait first.
  const named = products.map((w) => w.word.word.replace(/s$/u, ""));
  const ofProduct = facts.needKinds
    .map((k) => k.split(" "))
    .filter((ws) => ws.length > 1 && ws.some((w) => named.includes(w.replace(/s$/u, ""))))
    .flatMap((ws) => ws.filter((w) => !named.includes(w.replace(/s$/u, ""))));
  const trait = [...ofProduct, ...facts.needKinds].find(
    (k) =>
      /^[a-z-]+$/u.test(k) &&
      vocabularyEntryOf(k)?.category == null &&
      matchers.categoriesTagged(k).some((c) => categories.includes(c)),
  );
  if (!trait || wordAt.some((w) => w.word.word === trait)) return;
  wordAt.push({ word: { word: trait, product: false }, at: Math.min(...products.map((w) => w.at)) });
}

/** A thing the shopper says is theirs: "my phone", "our old car", "my phone speaker". */
const OWNED_BEFORE = /(?:^|[^\p{L}])(?:my|our)\s+(?:[\p{L}'-]+\s+)?$/u;

/**
 * "my phone always dies on long trips": when a message says a need and every product it names is
 * one the shopper already has, those products are the need's context, not what is sought; they
 * leave the words and categories, and the need's kinds are searched ("on long trips": a power
 * bank). A product not said as theirs ("a charger for my phone") is still sought.
 */
export function ownedThingsAreContext(reading: Reading): void {
  const { s, facts } = reading;
  if (!facts.hasProduct || facts.needKinds.length === 0 || facts.gift) return;
  const owned = (at: number) => OWNED_BEFORE.test(s.original.slice(Math.max(0, at - 30), at));
  const starts = [
    ...reading.wordAt.filter((w) => w.word.product).map((w) => w.at),
    ...reading.categoryAt.filter((c) => !c.weak).map((c) => c.at),
  ];
  if (starts.length === 0 || !starts.every(owned)) return;
  facts.hasProduct = false;
  facts.learnedCategories = [];
  reading.categoryAt = reading.categoryAt.filter((c) => !starts.includes(c.at));
  reading.wordAt = reading.wordAt.filter((w) => !starts.includes(w.at));
}
