import { stemOf } from "./catalogue-associations.ts";
import { vectorOfWord, type WordVectors } from "./word-meaning.ts";

/**
 * Everyday situations a shopper describes instead of naming a product ("my knees are sore after
 * my runs", "the floors are always covered in dog hair", "i keep being late"), read by meaning:
 * each situation is a handful of plain words that say it (its anchors) and the general kinds of
 * product that answer it. A message's words meet the anchors by their stem or, through the word
 * vectors, by their meaning ("shivering" near "cold", "snoring" near "snores"), and the
 * situations are scored by the message as a whole (the sum over its words), so two words of one
 * situation outweigh a stray word of another. Kinds are plain words of what things are, never one
 * shop's products: the search looks each up in the catalogue's own words, and a shop without one
 * simply has none of it. Small and general, like the NEEDS table (shopping-needs.ts), whose
 * phrases are read first; this reads the sentences its phrases do not cover.
 */
export interface Situation {
  readonly anchors: readonly string[];
  readonly kinds: readonly string[];
}

export const SITUATIONS: readonly Situation[] = [
  {
    anchors: ["thirsty", "thirst", "dehydrated", "hydrate", "hydrated"],
    kinds: ["water bottle", "bottle", "hydration", "tumbler"],
  },
  {
    anchors: ["cold", "chilly", "freezing", "shivering", "frozen", "draughty", "drafty"],
    kinds: ["blanket", "sweater", "fleece", "wool", "socks", "slippers", "beanie", "scarf", "insulated"],
  },
  {
    anchors: ["sore", "aching", "achy", "stiff", "stiffness", "knees", "joints", "cramps", "soreness"],
    kinds: ["recovery", "massage", "foam roller"],
  },
  {
    anchors: ["stretch", "stretching", "stiff", "stiffness", "flexible", "flexibility", "mobility", "limber"],
    kinds: ["yoga", "mobility", "pilates", "stretching", "yoga mat", "resistance band"],
  },
  {
    anchors: ["posture", "backache", "slouching", "hunched", "sitting"],
    kinds: ["ergonomic", "office chair", "cushion", "laptop stand", "massage"],
  },
  {
    anchors: ["snores", "snoring", "insomnia", "sleepless", "asleep", "noisy", "neighbours", "neighbors"],
    kinds: ["sleep", "earplugs", "noise cancelling", "pillow"],
  },
  {
    anchors: ["floors", "floor", "carpet", "carpets", "dust", "dusty", "crumbs", "fur"],
    kinds: ["vacuum", "cleaning", "mop", "broom"],
  },
  {
    anchors: ["greasy", "oily", "acne", "spots", "pimples", "breakouts", "wrinkles", "complexion"],
    kinds: ["skincare", "cleanser", "moisturizer", "serum", "face wash"],
  },
  {
    anchors: ["late", "punctual", "oversleep", "oversleeping", "clock"],
    kinds: ["watch", "smartwatch", "alarm clock"],
  },
  {
    anchors: ["trek", "trekking", "hike", "hiking", "ramble", "hillwalking", "mountains", "hills"],
    kinds: ["hiking", "backpack", "hiking boot", "rain jacket", "trekking poles"],
  },
  {
    anchors: ["pockets", "pocket", "keys", "cards", "loose"],
    kinds: ["wallet", "bag", "tote", "backpack", "handbag"],
  },
  {
    anchors: ["pale", "lips", "makeup", "glam", "blush", "lashes"],
    kinds: ["makeup", "lipstick", "mascara", "eyeshadow"],
  },
  {
    anchors: ["bright", "glare", "squinting", "sunny", "sunshine", "dazzling"],
    kinds: ["sunglasses", "sunscreen", "hat", "cap"],
  },
  {
    anchors: ["dirty", "grubby", "grime", "filthy", "smelly"],
    kinds: ["hand soap", "soap", "body wash", "hand wash"],
  },
  {
    anchors: ["commute", "commuting", "bus", "traffic", "faster"],
    kinds: ["scooter", "motorcycle", "bike", "bicycle"],
  },
  {
    anchors: ["weak", "muscle", "muscles", "skinny", "gains", "bulk"],
    kinds: ["protein", "dumbbell", "kettlebell", "weights", "strength"],
  },
  {
    anchors: ["park", "ball", "catch", "kick"],
    kinds: ["ball", "sports equipment", "football", "frisbee"],
  },
  {
    anchors: ["cosy", "cozy", "cosier", "cozier", "homey", "bare", "drab", "dull"],
    kinds: ["home decor", "decor", "lamp", "cushion", "candle", "throw", "plant", "frame"],
  },
  {
    anchors: ["hair", "frizzy", "frizz", "blowdry"],
    kinds: ["hair dryer", "haircare", "hair straightener", "dryer", "flat iron"],
  },
  {
    anchors: ["bread", "dough", "sourdough", "loaf", "bake", "cake"],
    kinds: ["baking", "flour", "mixer", "cookbook", "rolling pin", "whisk"],
  },
  {
    anchors: ["party", "partying", "clubbing", "date", "night out"],
    kinds: ["dress", "heels", "makeup", "perfume", "party"],
  },
  {
    anchors: ["spices", "clutter", "cluttered", "messy", "organise", "organize", "tidy"],
    kinds: ["organization", "storage", "rack", "organizer"],
  },
  {
    anchors: ["dark", "darkness", "dim", "gloomy", "unlit"],
    kinds: ["lamp", "lighting", "light", "headlamp", "flashlight"],
  },
  {
    anchors: ["cat", "kitten", "dog", "puppy", "meowing", "barking", "pet"],
    kinds: ["pet food", "pet supplies", "cat food", "dog food"],
  },
];

/** A message word this near an anchor (cosine of the shipped vectors) counts, by its nearness. */
export const ANCHOR_FLOOR = 0.75;
/** A situation must score this much (one word of its own, or two near ones) to be what is meant. */
export const SITUATION_FLOOR = 1;
/** Words that say nothing of a situation (the anchors' stems are compared, not these). */
const FILLER = new Set(
  `the and but for with from that this these those what when where who how all always never keep keeps keeping
  just really very some something anything thing things want wanna need needs get got going gonna after before
  like can cant don dont does did have has had will would should could too also about into over out every day
  days lot lots much more most any its his her their our your mine been being are was were is am you now which
  than less one two first second next week weeks month months year years make making made take takes taking
  start starting started long new good kind show instead having know thought around world job home work time
  being`.split(/\s+/),
);

/**
 * Words that say when or how often ("every morning", "tonight", "at the weekend"): the time of a
 * situation, never a kind of product.
 */
const TIMES = new Set(
  `morning mornings evening evenings night nights afternoon afternoons today tonight tomorrow yesterday
  weekend weekends daily weekly nightly lately recently soon often sometimes usually everyday`.split(/\s+/),
);

/**
 * Whether a word says nothing of what is sought: filler ("start", "every", "really") or a time
 * ("every morning"). Read by its meaning, such a word only finds unrelated things (the
 * catalogue's words nearest to "morning" are watches).
 */
export function saysNoKind(word: string): boolean {
  return FILLER.has(word) || TIMES.has(word);
}

const anchorUnits = new WeakMap<WordVectors, Map<string, Float32Array | null>>();

function unitVector(vectors: WordVectors, word: string): Float32Array | null {
  let kept = anchorUnits.get(vectors);
  if (!kept) {
    kept = new Map();
    anchorUnits.set(vectors, kept);
  }
  const cached = kept.get(word);
  if (cached !== undefined) return cached;
  const v = vectorOfWord(vectors, word);
  let unit: Float32Array | null = null;
  if (v) {
    let sum = 0;
    for (let k = 0; k < vectors.dimensions; k++) sum += (v[k] ?? 0) ** 2;
    if (sum > 0) {
      const scale = 1 / Math.sqrt(sum);
      unit = new Float32Array(vectors.dimensions);
      for (let k = 0; k < vectors.dimensions; k++) unit[k] = (v[k] ?? 0) * scale;
    }
  }
  if (kept.size > 5_000) kept.clear();
  kept.set(word, unit);
  return unit;
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let k = 0; k < a.length; k++) dot += (a[k] ?? 0) * (b[k] ?? 0);
  return dot;
}

/** How near a message word is to a situation: 1 for an anchor's stem, else its best nearness. */
function nearness(word: string, situation: Situation, vectors: WordVectors | null): number {
  const stem = stemOf(word);
  if (situation.anchors.some((a) => stemOf(a) === stem)) return 1;
  if (!vectors) return 0;
  const w = unitVector(vectors, word);
  if (!w) return 0;
  let best = 0;
  for (const anchor of situation.anchors) {
    const a = unitVector(vectors, anchor);
    if (a) best = Math.max(best, cosine(w, a));
  }
  return best >= ANCHOR_FLOOR ? best : 0;
}

/** The content words of a message, lower case, once each. */
export function situationWords(message: string): string[] {
  const out: string[] = [];
  for (const raw of message.toLowerCase().split(/[^a-z']+/)) {
    const word = raw.replace(/'.*$/, "");
    if (word.length >= 3 && !FILLER.has(word) && !out.includes(word)) out.push(word);
  }
  return out;
}

/**
 * The situation a message describes, scored by all of its words together, with the words that
 * said it; null when none reaches SITUATION_FLOOR or two situations score the same.
 */
export function situationOf(
  message: string,
  vectors: WordVectors | null,
): { kinds: readonly string[]; score: number; words: string[]; exact: boolean } | null {
  const words = situationWords(message);
  let best: { kinds: readonly string[]; score: number; words: string[]; exact: boolean } | null = null;
  let tie = false;
  for (const situation of SITUATIONS) {
    let exact = false;
    let score = 0;
    const said: string[] = [];
    for (const word of words) {
      const n = nearness(word, situation, vectors);
      if (n > 0) {
        score += n;
        if (n === 1) exact = true;
        said.push(word);
      }
    }
    if (score < SITUATION_FLOOR) continue;
    if (!best || score > best.score + 1e-6) {
      best = { kinds: situation.kinds, score, words: said, exact };
      tie = false;
    } else if (Math.abs(score - best.score) <= 1e-6) tie = true;
  }
  return tie ? null : best;
}

/** Whether a word (or its plural or singular) is a single-word label or heads one ("cat food": food). */
function headsALabel(word: string, labels: Iterable<string>): boolean {
  const forms = new Set([word, `${word}s`, word.replace(/(?:es|s)$/, "")]);
  for (const label of labels) {
    const head = label
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean)
      .at(-1);
    if (head && forms.has(head)) return true;
  }
  return false;
}

/** A situation is read only from a sentence of at least this many content words... */
export const MIN_SITUATION_WORDS = 2;
/** ...or of this many words in all ("i keep being late": one word of the situation in a sentence). */
export const MIN_SENTENCE_WORDS = 5;
/** A situation read by nearness alone (no word of its own) needs this many content words. */
export const MIN_NEAR_ONLY_WORDS = 3;

/**
 * The message with what the shopper already has ("my car", "her empty bowl"), compares with
 * ("snores like a train") or is in ("read in bed") taken out: those things are the situation's
 * context, not what is sought.
 */
export function withoutContextThings(message: string): string {
  return message
    .toLowerCase()
    .replace(/\b(?:my|our|his|her|their|your)(?: [a-z]+)? [a-z]+\b/g, " ")
    .replace(/\b(?:in|at|inside) (?:the |a |bed\b)?[a-z]*/g, " ")
    .replace(
      /(?<!\b(?:would|d|something|anything|stuff|things?|ones?|more|just|looks?|feels?) )\blike an? [a-z]+\b/g,
      " ",
    );
}

/** Whether a word or one of its forms is among a text's words. */
function hasWord(text: string, word: string): boolean {
  const forms = new Set([word, `${word}s`, word.replace(/(?:es|s)$/, "")]);
  return text.split(/[^a-z]+/).some((w) => forms.has(w) || forms.has(w.replace(/(?:es|s)$/, "")));
}

/**
 * The kinds of product a sentence's situation asks for, in a shop with these labels (its tags
 * and categories); null when the sentence is short, names one of the shop's kinds itself ("hiking
 * boots", "a train set": that kind is what is sought), or describes no situation surely. A kind
 * the shopper already has or compares with ("my partner snores like a train") names nothing sought;
 * a kind the reading put for another word ("dinnerware" of "bowl") counts unless the sentence holds
 * such a thing.
 */
export function situationKinds(
  message: string,
  subjectWords: readonly string[],
  labels: Iterable<string>,
  vectors: WordVectors | null,
): readonly string[] | null {
  const content = situationWords(message).length;
  const all = message.split(/\s+/).filter(Boolean).length;
  if (content < MIN_SITUATION_WORDS && (content === 0 || all < MIN_SENTENCE_WORDS)) return null;
  const labelList = [...labels];
  const free = withoutContextThings(message);
  const hasContext = free.replace(/\s+/g, " ").trim() !== message.toLowerCase().replace(/\s+/g, " ").trim();
  const sought = (w: string) => hasWord(free, w) || (!hasWord(message.toLowerCase(), w) && !hasContext);
  // "before work", "at home": filler and times name no kind sought, though a shop tags "work".
  if (subjectWords.some((w) => !saysNoKind(w) && headsALabel(w, labelList) && sought(w))) return null;
  const found = situationOf(message, vectors);
  // A situation only near in meaning needs a longer sentence than one of its own words
  // ("make a salad tonight" is near baking by its vectors alone).
  if (!found || (!found.exact && content < MIN_NEAR_ONLY_WORDS)) return null;
  return found.kinds;
}
