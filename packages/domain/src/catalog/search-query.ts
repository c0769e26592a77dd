/**
 * What product search looks for, from what a shopper typed: the query split into word groups
 * (stop words dropped; a phrase of the synonym table is one group, with its synonyms as
 * alternatives), the tags the words may be stored as, and how many groups a product must cover
 * to count as relevant. Pure: the word splitting, stemming and synonym table come in as a
 * SearchLexicon (the server's is the local embedder's, so that search and embeddings agree).
 */

/** A line of the synonym table: `terms` mean the same; `expandsTo` are narrower things also meant. */
export interface LexiconEntry {
  terms: readonly string[];
  expandsTo?: readonly string[] | undefined;
}

/** A synonym-table term found in a list of stems. */
export interface LexiconMatch {
  /** Position of the first stem and how many stems the term spans. */
  start: number;
  length: number;
  entry: LexiconEntry;
  /** The entry's number: two matches of one concept are synonyms of each other. */
  concept: number;
}

export interface SearchLexicon {
  /** Lower-case words and numbers of a text; punctuation (hyphens included) separates words. */
  splitWords(text: string): string[];
  /** A light stem ("shoes" -> "shoe"), so that plurals and -ing forms meet. */
  stemWord(word: string): string;
  /** Words a search ignores ("the", "for", "something"). */
  stopWords: ReadonlySet<string>;
  /** A term's key: its content stems joined by spaces ("T-Shirts" -> "shirt"). */
  termKey(term: string): string;
  /** The synonym-table terms in a list of stems, longest first, non-overlapping. */
  findTerms(stems: readonly string[]): LexiconMatch[];
}

/** One part of a query: a word, or a phrase of the synonym table, with its alternatives. */
export interface QueryGroup {
  /** What the shopper typed ("headphnes", "running shoes"), lower case; typed synonyms share a group. */
  typed: string[];
  /** Synonyms and narrower terms from the table ("sneakers" -> "trainer", "kicks", "running shoe"). */
  alternatives: string[];
  /** Words of product names a typed word is a typo of (filled by typo correction, not by expandQuery). */
  corrections: string[];
  /** Hyphenated tags the typed words may form with their neighbours ("home gym" -> "home-gym"). */
  tagPhrases: string[];
}

/** At most this many word groups are searched; a longer text is a sentence, not a search. */
export const MAX_GROUPS = 8;

function contentWords(text: string, lexicon: SearchLexicon): string[] {
  return [
    ...new Set(
      lexicon.splitWords(text).filter((w) => !lexicon.stopWords.has(w) && (w.length > 1 || /\d/.test(w))),
    ),
  ];
}

/**
 * Splits a query into word groups and adds synonyms from the lexicon's table:
 * "comfy sneakers" -> [{comfy}, {sneakers | trainer, kicks, running shoe}]. Stop words and
 * repeated words are dropped; two typed words of one synonym line make one group ("wireless
 * bluetooth speaker" is two groups, not three, so a wireless mouse does not cover two thirds).
 */
export function expandQuery(text: string, lexicon: SearchLexicon): QueryGroup[] {
  const words = contentWords(text, lexicon);
  const stems = words.map((w) => lexicon.stemWord(w));
  const matches = lexicon.findTerms(stems);
  const groups: QueryGroup[] = [];
  const byConcept = new Map<number, QueryGroup>();
  let i = 0;
  while (i < words.length) {
    const match = matches.find((m) => m.start === i);
    if (!match) {
      groups.push({ typed: [words[i] ?? ""], alternatives: [], corrections: [], tagPhrases: [] });
      i++;
      continue;
    }
    const phrase = words.slice(i, i + match.length).join(" ");
    i += match.length;
    const same = byConcept.get(match.concept);
    if (same) {
      same.typed.push(phrase);
      same.alternatives = same.alternatives.filter((t) => lexicon.termKey(t) !== lexicon.termKey(phrase));
      continue;
    }
    const own = lexicon.termKey(phrase);
    const alternatives = [...match.entry.terms, ...(match.entry.expandsTo ?? [])].filter(
      (t) => lexicon.termKey(t) !== own,
    );
    const group: QueryGroup = {
      typed: [phrase],
      alternatives: [...new Set(alternatives)],
      corrections: [],
      tagPhrases: [],
    };
    byConcept.set(match.concept, group);
    groups.push(group);
  }
  // Runs of two or three neighbouring words, stop words included, as tags ("work-from-home").
  const groupOf = new Map<string, QueryGroup>();
  for (const group of groups)
    for (const t of group.typed) for (const w of lexicon.splitWords(t)) groupOf.set(w, group);
  const raw = lexicon.splitWords(text);
  for (let start = 0; start < raw.length; start++) {
    for (let length = 2; length <= 3 && start + length <= raw.length; length++) {
      const run = raw.slice(start, start + length);
      const owners = new Set(run.map((w) => groupOf.get(w)).filter((g): g is QueryGroup => g !== undefined));
      if (owners.size < 2) continue;
      for (const owner of owners) owner.tagPhrases.push(run.join("-"));
    }
  }
  return groups.slice(0, MAX_GROUPS);
}

/**
 * How many of n word groups a product must cover to be relevant: all of one or two words,
 * then two thirds ("waterproof trail running shoes" needs 3 of 4); when no product covers that
 * many, half will do (`relaxedCoverage`), so a long request still finds its closest products,
 * while "protein powder" (nothing covers both) finds nothing rather than powder-coated kettlebells.
 */
export function requiredCoverage(n: number): number {
  return n <= 2 ? n : Math.ceil((2 * n) / 3);
}

export function relaxedCoverage(n: number): number {
  return n <= 2 ? n : Math.ceil(n / 2);
}

/**
 * The tags a term may be stored as: tags are lower-case words or hyphenated phrases, singular or
 * plural as the catalogue chose ("shoes", "noise-cancelling", "sleeping-bag").
 */
export function tagForms(terms: readonly string[], lexicon: SearchLexicon): string[] {
  const forms = new Set<string>();
  for (const term of terms) {
    const words = lexicon.splitWords(term);
    if (words.length === 0) continue;
    const last = words.length - 1;
    const stem = lexicon.stemWord(words[last] ?? "");
    for (const end of [
      words[last] ?? "",
      stem,
      `${stem}s`,
      stem.endsWith("y") ? `${stem.slice(0, -1)}ies` : "",
    ]) {
      if (!end) continue;
      const form = [...words.slice(0, last), end];
      forms.add(form.join("-"));
      if (form.length > 1) forms.add(form.join(""));
    }
  }
  return [...forms];
}
