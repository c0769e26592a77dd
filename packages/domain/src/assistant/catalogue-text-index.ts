import { contentStems, stemOf } from "./catalogue-associations.ts";

/**
 * The shop's own products ranked by the words of a whole message: a BM25 index over each
 * product's name, tags, category and description, built when the catalogue is learned (the same
 * sample as catalogue-associations.ts). A word counts where the catalogue writes it — "plaid" in
 * a shirt's description, "over-ear" in headphones', "dishwasher" in a storage set's — and counts
 * for more the fewer products say it (its idf), so a sentence finds the products whose words it
 * shares meaningfully, not the ones that share its common words.
 *
 * Fields are weighted (a name's word says more than a description's), words are stemmed
 * (catalogue-associations.ts `stemOf`: "waterproof"/"waterproofing", "runs"/"running"), and two
 * adjacent words are also one term ("over ear" and "over-ear", "non stick" and "non-stick",
 * "blue light"), since a pair says what neither word does alone. The caller may add terms the
 * catalogue does not write (the nearest catalogue words by meaning), each with a weight.
 *
 * Pure and in memory: a few hundred bytes per product (a catalogue of 10,000 is a few MB).
 */

/** What the index reads of a product. */
export interface IndexedProduct {
  id: string;
  name: string;
  description: string;
  category: string;
  tags: readonly string[];
}

/** A term of a query, with how much it counts (1 for a word as typed). */
export interface QueryTerm {
  term: string;
  weight: number;
}

/** How much a word counts in each field (a description's word counts once). */
const FIELD_WEIGHT = { name: 3, tags: 2.5, category: 1.5, description: 1 } as const;
/** BM25's saturation and length normalisation. */
const K1 = 1.2;
const B = 0.6;
/** Only the start of a description is read: it says what the thing is; the rest is care and sizes. */
const DESCRIPTION_CHARS = 600;
/** A pair of words is a term only when at least one of them is this long (not "of the"). */
const MIN_PAIR_WORD = 3;
/** Words that never make a pair: they join anything to anything. */
const PAIR_STOP = new Set(
  "the a an and or of to in on at for with from by as is are it its this that your our you my".split(" "),
);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z#0-9]+;/g, " ")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2);
}

/** A pair term: two adjacent words' stems joined ("over ear" -> "over_ear"). */
function pairsOf(list: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < list.length; i++) {
    const a = list[i]!;
    const b = list[i + 1]!;
    if (PAIR_STOP.has(a) || PAIR_STOP.has(b)) continue;
    if (a.length < MIN_PAIR_WORD && b.length < MIN_PAIR_WORD) continue;
    if (/^\d+$/.test(a) && /^\d+$/.test(b)) continue;
    out.push(`${stemOf(a)}_${stemOf(b)}`);
  }
  return out;
}

/** The terms of a text: its content words' stems and its adjacent pairs (each as often as said). */
export function termsOf(text: string): string[] {
  const list = words(text);
  const singles = list.flatMap((w) => contentStems(w));
  return [...singles, ...pairsOf(list)];
}

/** The products ranked by a query's terms. */
export class CatalogueTextIndex {
  private constructor(
    private readonly ids: readonly string[],
    /** The products' names, lower case: a tie in score is broken by name, never by id. */
    private readonly names: readonly string[],
    /** term -> [product index, weighted term frequency] pairs. */
    private readonly postings: ReadonlyMap<string, Float32Array>,
    private readonly lengths: Float32Array,
    private readonly averageLength: number,
    /** The catalogue's words as written (letters only, three or more), for reading others by meaning. */
    readonly vocabulary: readonly string[],
  ) {}

  static build(products: Iterable<IndexedProduct>): CatalogueTextIndex {
    const ids: string[] = [];
    const names: string[] = [];
    const lists = new Map<string, number[]>();
    const lengths: number[] = [];
    const vocabulary = new Set<string>();
    for (const p of products) {
      const at = ids.length;
      ids.push(p.id);
      names.push(p.name.toLowerCase());
      const tf = new Map<string, number>();
      const count = (text: string, weight: number) => {
        for (const t of termsOf(text)) tf.set(t, (tf.get(t) ?? 0) + weight);
        for (const w of words(text)) if (/^[a-z]{3,}$/.test(w)) vocabulary.add(w);
      };
      count(p.name, FIELD_WEIGHT.name);
      for (const tag of p.tags) count(tag, FIELD_WEIGHT.tags);
      count(p.category, FIELD_WEIGHT.category);
      count(p.description.slice(0, DESCRIPTION_CHARS), FIELD_WEIGHT.description);
      let length = 0;
      for (const [term, f] of tf) {
        length += f;
        let list = lists.get(term);
        if (!list) {
          list = [];
          lists.set(term, list);
        }
        list.push(at, f);
      }
      lengths.push(length);
    }
    const postings = new Map<string, Float32Array>();
    for (const [term, list] of lists) postings.set(term, Float32Array.from(list));
    const total = lengths.reduce((s, l) => s + l, 0);
    return new CatalogueTextIndex(
      ids,
      names,
      postings,
      Float32Array.from(lengths),
      ids.length > 0 ? total / ids.length : 1,
      [...vocabulary],
    );
  }

  get size(): number {
    return this.ids.length;
  }

  /** How many products carry the term (0 when none). */
  productsWith(term: string): number {
    return (this.postings.get(term)?.length ?? 0) / 2;
  }

  /** The term's idf: higher the fewer products say it. */
  idf(term: string): number {
    const n = this.productsWith(term);
    return n === 0 ? 0 : Math.log(1 + (this.ids.length - n + 0.5) / (n + 0.5));
  }

  /** Each product's score for the query (only products with some term), best first. */
  rank(query: readonly QueryTerm[]): { id: string; score: number }[] {
    const scores = new Map<number, number>();
    const merged = new Map<string, number>();
    for (const { term, weight } of query) merged.set(term, Math.max(merged.get(term) ?? 0, weight));
    for (const [term, weight] of merged) {
      const list = this.postings.get(term);
      if (!list || weight <= 0) continue;
      const idf = this.idf(term);
      for (let i = 0; i < list.length; i += 2) {
        const doc = list[i]!;
        const f = list[i + 1]!;
        const norm = K1 * (1 - B + (B * (this.lengths[doc] ?? 0)) / this.averageLength);
        scores.set(doc, (scores.get(doc) ?? 0) + weight * idf * ((f * (K1 + 1)) / (f + norm)));
      }
    }
    const byName = (a: number, b: number) => {
      const [x, y] = [this.names[a]!, this.names[b]!];
      return x < y ? -1 : x > y ? 1 : this.ids[a]! < this.ids[b]! ? -1 : 1;
    };
    return [...scores]
      .sort(([a, x], [b, y]) => y - x || byName(a, b))
      .map(([doc, score]) => ({ id: this.ids[doc]!, score }));
  }
}

/** Words of a message that ask, never describe (a gift, a price, a person): no terms of the query. */
const ASKING = new Set(
  `gift gifts present presents birthday christmas xmas anniversary occasion cheap cheaper cheapest
  expensive pricey budget affordable mom mum dad mother father sister brother grandma grandpa aunt
  uncle nephew niece boyfriend girlfriend partner wife husband coworker boss`.split(/\s+/),
);

/**
 * A message's query: the stems of its words that describe (not the shopping talk of
 * `stopWords`, nor a gift's or price's words), each once at weight 1, and its adjacent pairs
 * ("over ear", "non stick") at weight 1. A word the catalogue never writes is read through
 * `near` (the catalogue's words nearest to it in meaning, with their cosines), at that weight
 * times NEAR_WEIGHT. Words of `drop` (excluded kinds and brands) are left out.
 */
export function queryOf(
  message: string,
  index: CatalogueTextIndex,
  stopWords: ReadonlySet<string>,
  drop: readonly string[] = [],
  near: (word: string) => readonly { term: string; cos: number }[] = () => [],
): QueryTerm[] {
  const dropped = new Set(drop.flatMap((d) => words(d)).map(stemOf));
  const list = words(message).filter((w) => !ASKING.has(w) && !dropped.has(stemOf(w)));
  const terms: QueryTerm[] = [];
  for (const word of new Set(list)) {
    if (stopWords.has(word) || word.length < 3 || /^\d+$/.test(word)) continue;
    for (const stem of contentStems(word)) {
      if (index.productsWith(stem) > 0) terms.push({ term: stem, weight: 1 });
      else
        for (const n of near(word))
          for (const s of contentStems(n.term)) terms.push({ term: s, weight: n.cos * NEAR_WEIGHT });
    }
  }
  for (const pair of pairsOf(list)) if (index.productsWith(pair) > 0) terms.push({ term: pair, weight: 1 });
  return terms;
}

/** A word read by meaning counts this share of its cosine (a word as typed counts 1). */
const NEAR_WEIGHT = 0.6;

/** A product shown shares the message's words this little (share of the best score): weakly. */
export const WEAK_SHARE = 0.4;

/**
 * Whether the products a shopper looks at hardly share the message's words: fewer than half of
 * them score WEAK_SHARE of the catalogue's best. One word in common each ("day", "work" of "staring
 * at screens all day at work is frying my eyes": a sweater, a shoe, a book) is weak beside a
 * product that shares several ("screens" and "eyes" of blue light glasses).
 */
export function sharesTooLittle(lookedScores: readonly number[], best: number): boolean {
  if (best <= 0 || lookedScores.length === 0) return false;
  const sharing = lookedScores.filter((score) => score >= best * WEAK_SHARE).length;
  return sharing * 2 < lookedScores.length;
}
