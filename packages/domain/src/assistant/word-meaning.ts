/**
 * Reading a shopper's word by its meaning: which of the catalogue's own words (its tags,
 * categories and the words of its product names) are nearest to it in a space of word vectors.
 * "runner" finds "running", "rainy" finds "rain", "picnic" finds "camping", on any catalogue,
 * with no table of synonyms. Pure: the vectors come in as a lookup (the server ships a compact
 * int8 copy of general-purpose English vectors).
 */

/** Word vectors by word (lower case); any scale, cosine only. */
export interface WordVectors {
  readonly dimensions: number;
  vectorOf(word: string): ArrayLike<number> | undefined;
}

/** The catalogue's words with their unit vectors, ready to compare (build once per vocabulary). */
export interface TermIndex {
  terms: string[];
  /** terms.length x dimensions, each row of unit length. */
  unit: Float32Array;
  dimensions: number;
}

/** How near a catalogue word must be to count as meant (cosine of the shipped vectors). */
export const MEANING_FLOOR = 0.55;
/** Words after the best one count only this close to it. */
const MEANING_MARGIN = 0.08;
const MAX_MEANINGS = 3;

/** The forms a word may be listed under: itself, then lighter forms ("hikers" -> "hiker" -> "hike"). */
export function wordForms(word: string): string[] {
  const forms = [word];
  const add = (f: string) => {
    if (f.length >= 3 && !forms.includes(f)) forms.push(f);
  };
  if (word.endsWith("ies")) add(`${word.slice(0, -3)}y`);
  if (word.endsWith("es")) add(word.slice(0, -2));
  if (word.endsWith("s")) add(word.slice(0, -1));
  const single = forms.at(-1) ?? word;
  if (single.endsWith("er")) {
    add(single.slice(0, -2));
    add(single.slice(0, -1));
  }
  if (single.endsWith("ing")) {
    add(single.slice(0, -3));
    add(`${single.slice(0, -3)}e`);
  }
  return forms;
}

function unitOf(vector: ArrayLike<number>, dimensions: number, into: Float32Array, at: number): boolean {
  let sum = 0;
  for (let k = 0; k < dimensions; k++) sum += (vector[k] ?? 0) ** 2;
  if (sum === 0) return false;
  const scale = 1 / Math.sqrt(sum);
  for (let k = 0; k < dimensions; k++) into[at + k] = (vector[k] ?? 0) * scale;
  return true;
}

export function vectorOfWord(vectors: WordVectors, word: string): ArrayLike<number> | undefined {
  for (const form of wordForms(word)) {
    const v = vectors.vectorOf(form);
    if (v) return v;
  }
  return undefined;
}

/** The catalogue words that have a vector, as an index. */
export function indexTerms(terms: Iterable<string>, vectors: WordVectors): TermIndex {
  const d = vectors.dimensions;
  const kept: string[] = [];
  const rows: ArrayLike<number>[] = [];
  for (const term of new Set(terms)) {
    if (!/^[a-z][a-z-]*[a-z]$/.test(term)) continue;
    // A hyphenated tag ("work-from-home") is read by its last word's meaning only when listed whole.
    const v = vectors.vectorOf(term) ?? (term.includes("-") ? undefined : vectorOfWord(vectors, term));
    if (!v) continue;
    kept.push(term);
    rows.push(v);
  }
  const unit = new Float32Array(kept.length * d);
  rows.forEach((v, i) => {
    unitOf(v, d, unit, i * d);
  });
  return { terms: kept, unit, dimensions: d };
}

/**
 * The catalogue words nearest in meaning to `word` (best first), at least MEANING_FLOOR and
 * within MEANING_MARGIN of the best; none when the word has no vector.
 */
export function nearestTerms(
  word: string,
  vectors: WordVectors,
  index: TermIndex,
  floor = MEANING_FLOOR,
): string[] {
  return nearestScored(word, vectors, index, floor).map((s) => s.term);
}

/** nearestTerms with each term's cosine. */
export function nearestScored(
  word: string,
  vectors: WordVectors,
  index: TermIndex,
  floor = MEANING_FLOOR,
  most = MAX_MEANINGS,
): { term: string; cos: number }[] {
  const v = vectorOfWord(vectors, word);
  if (!v || index.terms.length === 0) return [];
  const d = index.dimensions;
  const q = new Float32Array(d);
  if (!unitOf(v, d, q, 0)) return [];
  const scored: { term: string; cos: number }[] = [];
  for (let i = 0; i < index.terms.length; i++) {
    let dot = 0;
    const at = i * d;
    for (let k = 0; k < d; k++) dot += (q[k] ?? 0) * (index.unit[at + k] ?? 0);
    if (dot >= floor) scored.push({ term: index.terms[i] ?? "", cos: dot });
  }
  scored.sort((a, b) => b.cos - a.cos);
  const best = scored[0]?.cos ?? 0;
  return scored.filter((s) => s.cos >= best - MEANING_MARGIN && s.term !== word).slice(0, most);
}

/** Each part of a compound read apart is at least this long ("bird" + "watching"). */
const MIN_COMPOUND_PART = 3;

/**
 * A word written as one that the catalogue writes as two ("birdwatching" -> bird, watching;
 * "stargazing" -> star, gazing): the split whose parts are both known (`known`), the longer
 * first part first; null when none is. For a word the catalogue and the word vectors lack,
 * which nothing else can read.
 */
export function compoundParts(word: string, known: (part: string) => boolean): [string, string] | null {
  for (let at = word.length - MIN_COMPOUND_PART; at >= MIN_COMPOUND_PART; at--) {
    const first = word.slice(0, at);
    const second = word.slice(at);
    if (known(first) && known(second)) return [first, second];
  }
  return null;
}
