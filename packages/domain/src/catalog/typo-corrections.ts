import { expandQuery, type QueryGroup, type SearchLexicon, tagForms } from "./search-query.ts";

/**
 * Typo tolerance of product search: a typed word that the shop's vocabulary does not know, and
 * that no product matches, is compared with the vocabulary, and the words within a small edit
 * distance become its corrections ("headphnes" -> "headphones"), bringing their synonyms.
 * "blorp" is 2 edits from "block" and stays uncorrected, so nonsense does not turn into yoga
 * blocks. The database decides which suspects no product matches; this file does the rest.
 */

/** The words of the shop's visible product names, brands and categories, and its tags. */
export interface SearchVocabulary {
  words: string[];
  tags: ReadonlySet<string>;
}

/** Words shorter than this are not corrected ("tv", "mat" have too many neighbours). */
export const MIN_TYPO_WORD = 4;
/** At most this many corrections per word, the closest first. */
const MAX_CORRECTIONS = 3;

/** Edits (insert, delete, substitute, swap two neighbours) a typo may be away from the word it means. */
export function allowedEdits(word: string): number {
  return word.length >= 7 ? 2 : 1;
}

/**
 * Optimal string alignment distance (Damerau-Levenshtein without repeated edits of one
 * substring); anything above `max` may be reported as max + 1 early.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(
        d[(i - 1) * cols + j]! + 1,
        d[i * cols + j - 1]! + 1,
        d[(i - 1) * cols + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = v;
    }
  }
  return d[rows * cols - 1]!;
}

/** A word group that may hold a typo: its position in the query and the word typed. */
export interface TypoSuspect {
  index: number;
  word: string;
}

/**
 * The groups of one typed word (letters only, long enough) that neither the vocabulary nor the
 * tags know: typos, unless some product matches them anyway (the caller asks the database).
 */
export function typoSuspects(
  groups: readonly QueryGroup[],
  vocabulary: SearchVocabulary,
  lexicon: SearchLexicon,
): TypoSuspect[] {
  const words = new Set(vocabulary.words);
  return groups
    .map((g, index) => ({ index, word: g.typed.length === 1 ? (g.typed[0] ?? "") : "" }))
    .filter(
      ({ word }) =>
        word.length >= MIN_TYPO_WORD &&
        /^\p{L}+$/u.test(word) &&
        !words.has(word) &&
        !tagForms([word], lexicon).some((t) => vocabulary.tags.has(t)),
    );
}

/** The vocabulary words a typo may mean: within allowedEdits, closest first, then alphabetical. */
export function correctionsFor(word: string, vocabulary: SearchVocabulary): string[] {
  const max = allowedEdits(word);
  return vocabulary.words
    .map((candidate) => ({ candidate, distance: editDistance(word, candidate, max) }))
    .filter((c) => c.distance <= max)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, MAX_CORRECTIONS)
    .map((c) => c.candidate);
}

/** The groups with corrections (and the corrections' synonyms) for the words no product matched. */
export function withCorrections(
  groups: readonly QueryGroup[],
  misspelled: readonly TypoSuspect[],
  vocabulary: SearchVocabulary,
  lexicon: SearchLexicon,
): QueryGroup[] {
  return groups.map((group, index) => {
    const word = misspelled.find((m) => m.index === index)?.word;
    if (word === undefined) return group;
    const corrections = correctionsFor(word, vocabulary);
    if (corrections.length === 0) return group;
    const synonyms = corrections.flatMap((c) => expandQuery(c, lexicon).flatMap((g) => g.alternatives));
    return { ...group, corrections, alternatives: [...new Set([...group.alternatives, ...synonyms])] };
  });
}
