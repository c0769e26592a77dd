import type { CatalogMatchers } from "./catalog-names.ts";
import type { Scanner } from "./request-scanner.ts";
import type { MessageFacts, Word } from "./shopping-message-facts.ts";
import { ENOUGH_BEFORE, NEGATION_BEFORE, P, STOP_WORDS } from "./shopping-phrases.ts";

/**
 * The state of one message being read (read-shopping-message.ts), what a negation reaches, and the
 * last reading: the free words and the labels an exclusion names.
 */

const MAX_WORD_LENGTH = 40;

/** One message being read: what is left of its text, what was found, and where. */
export interface Reading {
  s: Scanner;
  facts: MessageFacts;
  matchers: CatalogMatchers;
  categoryAt: { name: string; at: number; weak: boolean; named: boolean }[];
  wordAt: { word: Word; at: number }[];
  /** Takes every match of `pattern` and runs `set` for each. */
  flag: (pattern: RegExp, set: () => void) => void;
  /** Where each excluded brand, category or word ends: a list after it is excluded too. */
  negatedEnds: number[];
}

/**
 * "not Nike or Adidas", "no tents, hammocks or stoves", "i already have a tent and a stove": each
 * of a list after a negation.
 */
const LIST_JOINER = /^\s*(?:,\s*(?:or\s+|nor\s+)?|or\s+|nor\s+|and\s+)(?:an?\s+)?$/u;

/** Whether the words at `at` (of `length`) are not wanted; remembers them for a list that follows. */
export function negated({ s, negatedEnds }: Reading, at: number, length: number): boolean {
  const before = s.original.slice(Math.max(0, at - 30), at);
  const no =
    NEGATION_BEFORE.test(before) ||
    ENOUGH_BEFORE.test(before) ||
    negatedEnds.some((end) => end <= at && LIST_JOINER.test(s.original.slice(end, at)));
  if (no) negatedEnds.push(at + length);
  return no;
}

/** Follow-up words, then what is left, minus stop words, is free text. */
export function readFreeWords(reading: Reading): void {
  const { s, facts, flag, wordAt } = reading;
  flag(P.also, () => {
    facts.also = true;
    facts.marker = true;
  });
  s.take(P.marker, () => {
    facts.marker = true;
    return false;
  });
  let lastExcluded: { word: string; end: number } | null = null;
  for (const m of s.text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'&+.-]*/gu)) {
    const word = m[0]
      .replace(/'s$|'$/, "")
      .replace(/[.'&+-]+$/, "")
      .slice(0, MAX_WORD_LENGTH);
    const at = m.index ?? 0;
    // "my dad's birthday" with "my dad" read as the recipient leaves "'s": not a word.
    if (word.length === 0 || STOP_WORDS.has(word) || (word.length === 1 && s.text[at - 1] === "'")) continue;
    if (lastExcluded && continuesExcludedLabel(reading, lastExcluded, word, at)) {
      // "not the noise cancelling ones": the shop's label "noise-cancelling" is what is not wanted.
      const label: string = `${lastExcluded.word} ${word}`;
      facts.excludedWords[facts.excludedWords.lastIndexOf(lastExcluded.word)] = label;
      lastExcluded = { word: label, end: at + word.length };
      reading.negatedEnds.push(at + word.length);
      continue;
    }
    lastExcluded = null;
    if (negated(reading, at, word.length)) {
      facts.excludedWords.push(word);
      lastExcluded = { word, end: at + word.length };
      continue;
    }
    wordAt.push({ word: { word, product: false }, at: m.index ?? 0 });
  }
}

/**
 * Whether a word right after an excluded one ("noise" of "no noise cancelling") makes with it a
 * label the shop tags its products with ("noise-cancelling"): then the label is what is excluded.
 */
function continuesExcludedLabel(
  { s, matchers }: Reading,
  last: { word: string; end: number },
  word: string,
  at: number,
): boolean {
  if (!/^[\s-]+$/u.test(s.text.slice(last.end, at))) return false;
  return matchers.categoriesTagged(`${last.word} ${word}`).length > 0;
}
