/**
 * The vocabulary words near a typed word by trigrams, as pg_trgm's word similarity measures it
 * (`word <% text`): the typed word's trigrams (padded with two spaces before and one after)
 * against the best run of a vocabulary word's trigrams. Found in memory over the shop's small
 * vocabulary instead of trigram-matching every product name ("headphnes" -> "headphones",
 * then an ordinary indexed search for that word). An inverted index of the words' trigrams
 * keeps the look-up to the words sharing enough trigrams.
 */

/** A word's trigrams in order, as pg_trgm makes them ("ab" -> "  a", " ab", "ab "). */
export function trigramsOf(word: string): string[] {
  const padded = `  ${word} `;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

/**
 * pg_trgm's word_similarity of `typed` to one word: the greatest share of trigrams in common,
 * |common| / |typed's ∪ run's|, over the runs of consecutive trigrams of `word`.
 */
export function wordSimilarity(typed: string, word: string): number {
  const wanted = new Set(trigramsOf(typed));
  if (wanted.size === 0) return 0;
  const seq = trigramsOf(word);
  let best = 0;
  for (let start = 0; start < seq.length; start++) {
    const run = new Set<string>();
    let common = 0;
    for (let end = start; end < seq.length; end++) {
      const t = seq[end]!;
      if (!run.has(t)) {
        run.add(t);
        if (wanted.has(t)) common++;
      }
      const score = common / (wanted.size + run.size - common);
      if (score > best) best = score;
    }
  }
  return best;
}

/** The vocabulary's words by trigram, made once per vocabulary. */
export interface TrigramIndex {
  words: readonly string[];
  byTrigram: ReadonlyMap<string, readonly number[]>;
}

export function buildTrigramIndex(words: readonly string[]): TrigramIndex {
  const byTrigram = new Map<string, number[]>();
  words.forEach((word, k) => {
    for (const t of new Set(trigramsOf(word))) {
      const list = byTrigram.get(t);
      if (list) list.push(k);
      else byTrigram.set(t, [k]);
    }
  });
  return { words, byTrigram };
}

/**
 * The words whose word similarity to `typed` is at least `threshold`, the closest first (then
 * alphabetical), at most `max`. A word needs threshold x |typed's trigrams| of them in common to
 * qualify, so only those are scored.
 */
export function trigramNeighbours(
  index: TrigramIndex,
  typed: string,
  threshold: number,
  max: number,
): string[] {
  const wanted = new Set(trigramsOf(typed));
  const shared = new Map<number, number>();
  for (const t of wanted)
    for (const k of index.byTrigram.get(t) ?? []) shared.set(k, (shared.get(k) ?? 0) + 1);
  const needed = threshold * wanted.size;
  const scored: { word: string; score: number }[] = [];
  for (const [k, n] of shared) {
    if (n < needed) continue;
    const word = index.words[k]!;
    if (word === typed) continue;
    const score = wordSimilarity(typed, word);
    if (score >= threshold) scored.push({ word, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word))
    .slice(0, max)
    .map((s) => s.word);
}

/**
 * The vocabulary's words that contain `part` ("phone" -> "headphones", "phone", "smartphone"):
 * read from the posting list of `part`'s rarest inner trigram (every word containing `part`
 * has all of them), each checked. A part shorter than a trigram is compared with every word.
 */
export function wordsContaining(index: TrigramIndex, part: string): string[] {
  if (part.length < 3) return index.words.filter((w) => w.includes(part));
  let rarest: readonly number[] | undefined;
  for (let i = 0; i + 3 <= part.length; i++) {
    const list = index.byTrigram.get(part.slice(i, i + 3)) ?? [];
    if (!rarest || list.length < rarest.length) rarest = list;
    if (rarest.length === 0) return [];
  }
  return (rarest ?? []).map((k) => index.words[k]!).filter((w) => w.includes(part));
}
