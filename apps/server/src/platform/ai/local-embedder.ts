/**
 * The built-in local embedder ("haggle-local-v1"): turns a text into a 256-number vector with
 * no network and no model download, so "Initialize AI Search" and the vector leg of product
 * search work on a fresh install.
 *
 * What it is: feature hashing. A text is split into words (lower case, light English stemming,
 * stop words dropped); each word, each pair of neighbouring words, each character trigram of a
 * word ("^he", "hea", ...) and each concept of the synonym table below ("sneakers" and
 * "trainers" share one concept) becomes a feature; a feature's name is hashed to one of 256
 * slots with a +/- sign (a concept to two slots), repeated features are damped (1 + ln n), and
 * the vector is L2-normalised, so the dot product of two vectors is their cosine.
 * Deterministic: the same text gives the same vector on every machine and every run.
 *
 * What it is good for: texts that share words or stems ("running shoe" / "running shoes"),
 * typos (shared character trigrams: "headphnes" is closer to "headphones" than to other
 * products), and the synonyms listed in SYNONYMS. Ranking the seeded catalogue by this vector
 * alone scores a mean precision@5 of 0.91 on the labelled queries of
 * test/search-quality.test.ts (0.81 on the typos). What it is not: a language model. It knows
 * nothing the table does not say ("something to keep my drinks cold" does not find the
 * cooler), and with 256
 * slots unrelated texts still reach cosines of about 0.25 from hash collisions and shared
 * trigrams, so search counts a match by vector alone only above a similarity floor.
 * Configure AI_EMBEDDING_MODEL for real semantics.
 */

export const LOCAL_EMBEDDING_MODEL = "haggle-local-v1";
export const LOCAL_EMBEDDING_DIMENSIONS = 256;

/**
 * One line per concept. Every term of `terms` means the same thing (both ways, in the local
 * embedder and in search's query expansion); `expandsTo` are narrower things a shopper using
 * one of the terms usually also means, added one way by query expansion only ("sneakers" also
 * finds running shoes, "running shoes" does not find canvas sneakers).
 */
export interface SynonymEntry {
  terms: readonly string[];
  expandsTo?: readonly string[];
}

export const SYNONYMS: readonly SynonymEntry[] = [
  { terms: ["sneaker", "trainer", "kicks"], expandsTo: ["running shoe"] },
  { terms: ["headphones", "headset"] },
  { terms: ["earbuds", "earphones", "airpods"] },
  { terms: ["speaker", "boombox"] },
  { terms: ["tv", "television"] },
  { terms: ["phone", "smartphone", "cellphone", "iphone"] },
  { terms: ["smartwatch", "smart watch"], expandsTo: ["fitness tracker"] },
  { terms: ["fitness tracker", "activity tracker", "step counter"] },
  { terms: ["watch", "wristwatch", "timepiece"], expandsTo: ["smartwatch"] },
  { terms: ["jacket", "coat", "parka", "anorak"] },
  { terms: ["sweater", "jumper", "pullover"] },
  { terms: ["pants", "trousers", "slacks"] },
  { terms: ["tee", "tshirt"] },
  { terms: ["hoodie", "hoody", "sweatshirt"] },
  { terms: ["clothes", "clothing", "apparel", "garments"] },
  { terms: ["backpack", "rucksack", "knapsack"], expandsTo: ["daypack"] },
  { terms: ["handbag", "purse"], expandsTo: ["crossbody bag", "tote bag"] },
  { terms: ["bag"], expandsTo: ["backpack", "duffel", "tote"] },
  { terms: ["coffee maker", "coffee machine", "brewer"] },
  { terms: ["skillet", "frying pan", "fry pan"] },
  { terms: ["pressure cooker", "instant pot", "multicooker"] },
  { terms: ["vacuum", "hoover"] },
  { terms: ["blanket", "throw"] },
  { terms: ["duvet", "comforter", "quilt"] },
  { terms: ["mug", "cup"] },
  { terms: ["perfume", "fragrance", "cologne", "parfum"] },
  { terms: ["makeup", "cosmetics"] },
  { terms: ["moisturizer", "moisturiser", "lotion"] },
  { terms: ["sunscreen", "sunblock", "sun cream"] },
  { terms: ["hair dryer", "hairdryer", "blow dryer"] },
  { terms: ["flat iron", "hair straightener", "straightener"] },
  { terms: ["wallet", "billfold"] },
  { terms: ["sunglasses", "shades"] },
  { terms: ["jewelry", "jewellery"], expandsTo: ["necklace", "pendant"] },
  { terms: ["cooler", "ice chest"] },
  { terms: ["headlamp", "flashlight", "torch"] },
  { terms: ["bottle", "flask", "thermos"] },
  { terms: ["dumbbell", "free weights"] },
  { terms: ["exercise bike", "stationary bike", "spin bike"] },
  { terms: ["massage gun", "massager"] },
  { terms: ["jump rope", "skipping rope"] },
  { terms: ["toy", "plaything"] },
  { terms: ["lego", "bricks", "building blocks"], expandsTo: ["building set", "building kit"] },
  { terms: ["jigsaw", "puzzle"] },
  { terms: ["teddy", "stuffed animal", "soft toy"], expandsTo: ["plush"] },
  { terms: ["book", "novel", "paperback", "hardcover", "hardback"] },
  { terms: ["e-reader", "ereader", "kindle"] },
  { terms: ["tablet", "ipad"] },
  { terms: ["camera"], expandsTo: ["webcam"] },
  { terms: ["power bank", "battery pack", "portable charger"] },
  { terms: ["ssd", "hard drive", "external drive"] },
  { terms: ["monitor", "display", "screen"] },
  { terms: ["kids", "children", "child", "toddler"] },
  { terms: ["women", "womens", "ladies"] },
  { terms: ["waterproof", "water-resistant", "rainproof"] },
  { terms: ["wireless", "bluetooth", "cordless"] },
  { terms: ["noise cancelling", "noise canceling", "anc"] },
  { terms: ["hiking boot", "walking boot", "trekking boot"] },
  { terms: ["sandal", "flip flop", "slide"] },
  { terms: ["jogging", "jog"], expandsTo: ["running"] },
  { terms: ["cozy", "cosy"] },
];

/** PostgreSQL's English stop words (the ones text search drops), plus a few shopping fillers. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between " +
    "both but by can did do does doing don down during each few for from further had has have having he her here " +
    "hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of " +
    "off on once only or other our ours ourselves out over own s same she should so some such t than that the " +
    "their theirs them themselves then there these they this those through to too under until up very was we were " +
    "what when where which while who whom why will with you your yours yourself yourselves " +
    "want need looking look find show something anything please get buy gear stuff thing things equipment " +
    "item items product products"
  ).split(" "),
);

/** Lower-case words and numbers; punctuation (hyphens included) separates words. */
export function splitWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/**
 * A light English stemmer, enough to make plurals and -ing forms meet ("shoes" -> "shoe",
 * "running" -> "run", "batteries" -> "battery"). Deliberately conservative: it never merges
 * two different words the shop sells.
 */
export function stemWord(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(ches|shes|sses|xes|zes)$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith("ing")) {
    w = w.slice(0, -3);
    if (/([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1);
  }
  return w;
}

/** The content words of a text, stemmed: no stop words, no single letters. */
export function contentStems(text: string): string[] {
  return splitWords(text)
    .filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w)))
    .map(stemWord);
}

/** Lexicon key of a term: its content stems joined by spaces ("T-Shirts" -> "shirt"). */
export function termKey(term: string): string {
  return contentStems(term).join(" ");
}

/** Every term's key -> the index of its SYNONYMS entry. */
const CONCEPT_BY_KEY: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>();
  SYNONYMS.forEach((entry, index) => {
    for (const term of entry.terms) {
      const key = termKey(term);
      if (key && !map.has(key)) map.set(key, index);
    }
  });
  return map;
})();

const LONGEST_TERM = Math.max(...[...CONCEPT_BY_KEY.keys()].map((k) => k.split(" ").length));

export interface LexiconMatch {
  /** Position of the first stem and how many stems the term spans. */
  start: number;
  length: number;
  entry: SynonymEntry;
  concept: number;
}

/** The synonym-table terms found in a list of stems, longest first, non-overlapping. */
export function findLexiconTerms(stems: readonly string[]): LexiconMatch[] {
  const found: LexiconMatch[] = [];
  let i = 0;
  while (i < stems.length) {
    let matched = false;
    for (let n = Math.min(LONGEST_TERM, stems.length - i); n >= 1; n--) {
      const concept = CONCEPT_BY_KEY.get(stems.slice(i, i + n).join(" "));
      if (concept === undefined) continue;
      const entry = SYNONYMS[concept];
      if (!entry) continue;
      found.push({ start: i, length: n, entry, concept });
      i += n;
      matched = true;
      break;
    }
    if (!matched) i++;
  }
  return found;
}

/** FNV-1a, then murmur3's finaliser so that low bits (the slot) and the top bit (the sign) are independent. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const WORD_WEIGHT = 1;
const PAIR_WEIGHT = 0.6;
const CONCEPT_WEIGHT = 2;
/** The trigrams of one word together weigh this much (L2), whatever the word's length. */
const TRIGRAMS_WEIGHT = 1.4;

function trigrams(word: string): string[] {
  const padded = `^${word}$`;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

/** One text -> a unit vector of LOCAL_EMBEDDING_DIMENSIONS numbers (all zeros for a text with no content words). */
export function embedLocal(text: string): number[] {
  const features = new Map<string, number>();
  const add = (name: string, weight: number) => features.set(name, (features.get(name) ?? 0) + weight);

  const words = splitWords(text).filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w)));
  const stems = words.map(stemWord);
  stems.forEach((stem, i) => {
    add(`w:${stem}`, WORD_WEIGHT);
    const next = stems[i + 1];
    if (next !== undefined) add(`p:${stem} ${next}`, PAIR_WEIGHT);
    const raw = words[i] ?? stem;
    if (raw.length >= 3 && !/^\d+$/.test(raw)) {
      const grams = trigrams(raw);
      const each = TRIGRAMS_WEIGHT / Math.sqrt(grams.length);
      for (const gram of grams) add(`t:${gram}`, each);
    }
  });
  for (const match of findLexiconTerms(stems)) {
    // Two slots: one collision cannot cancel what the synonym table says.
    add(`c:${match.concept}`, CONCEPT_WEIGHT / Math.SQRT2);
    add(`d:${match.concept}`, CONCEPT_WEIGHT / Math.SQRT2);
  }

  const vector = new Array<number>(LOCAL_EMBEDDING_DIMENSIONS).fill(0);
  for (const [name, total] of features) {
    // Repeats count, but sublinearly: a word said five times is not five times as relevant.
    const weight = total > 1 ? 1 + Math.log(total) : total;
    const h = hash32(name);
    const slot = h % LOCAL_EMBEDDING_DIMENSIONS;
    vector[slot] = (vector[slot] ?? 0) + (h >>> 31 ? -weight : weight);
  }
  return normalise(vector);
}

/** Scales to unit length (returns the zero vector unchanged). */
export function normalise(vector: number[]): number[] {
  let sum = 0;
  for (const v of vector) sum += v * v;
  if (sum === 0) return vector;
  const norm = Math.sqrt(sum);
  return vector.map((v) => v / norm);
}
