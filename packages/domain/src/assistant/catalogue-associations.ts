/**
 * Meaning learned from the shop's own catalogue: which kinds of product a word goes with, read
 * from how the catalogue itself writes about them. A product's words (its name, description and
 * tags) are counted against its kinds (its category, its tags of several words and the head noun
 * of its name: "Trail Runner Shoe" -> shoe); a word then means the kinds it goes with far more
 * often than by chance ("waterproof" in the descriptions of umbrellas and rain jackets, "hiking"
 * in those of boots and backpacks). So a shopper's word no name, tag or category contains
 * ("rainy", "jogging", "hiking") still finds the kinds the shop writes it about, on any imported
 * catalogue, with no table. Several words are read together ("keep my drinks cold": the kinds
 * "drinks" and "cold" share, cooler and insulated bottle, win over what only one of them goes
 * with).
 *
 * Pure and in memory: the server feeds it the catalogue (a sample of a large one, see
 * MAX_LEARNED_PRODUCTS) and keeps the result per catalogue version. Learning is incremental
 * (`add` one product at a time, then `finish`), so a caller can yield between products.
 */

/** What learning reads of a product. */
export interface LearningProduct {
  /** The product's id (the text index ranks products by it; learning words does not read it). */
  id?: string;
  name: string;
  description: string;
  category: string;
  tags: readonly string[];
}

/** A kind a word goes with: the label to search for, and whether it is a category's name. */
export interface LearnedKind {
  label: string;
  category: boolean;
  score: number;
}

/** Above this many products, a sample of this many is learned from (evenly spread). */
export const MAX_LEARNED_PRODUCTS = 10_000;
/** Only the start of a description is read: it says what the thing is; the rest is care and sizes. */
const DESCRIPTION_CHARS = 600;
/**
 * A word met with a kind this many times counts half as much as one met always: a word one
 * product's description uses once ("wet rock" of a hiking boot) is weak evidence, not none.
 */
const HALF_CONFIDENCE = 1;
/** The lift counted at most this high: a rare word's lift is large by chance. */
const MAX_LIFT = 40;
/** A word in more than this share of the products says nothing of a kind ("quality", "great"). */
const MAX_WORD_SHARE = 0.25;
/** A kind on more than this share of the products is no kind worth finding ("sale", "new"). */
const MAX_KIND_SHARE = 0.4;
/** At most this many kinds kept per word (the strongest). */
const KINDS_PER_WORD = 8;
/** A kind counts only this close to the best one (share of its score). */
const CLOSE_TO_BEST = 0.45;
/** At most this many kinds returned for a reading. */
const MAX_KINDS = 6;
/** A word must go with a kind at least this much more than by chance (lift). */
const MIN_LIFT = 3;

/** Words of descriptions that say nothing about what a thing is for. */
const FILLER = new Set(
  `the a an and or but of to in on at for with from by as is are was were be been being it its this that these those
  you your yours our we us they their them he she his her i me my mine not no nor so than too very can will just
  also all any each every more most other some such only own same into over under about after before again out off
  up down then once here there when where why how what which who whom both few has have had having do does did doing
  would should could may might must shall make makes made get gets one two three new best great good perfect ideal
  item items product products feature features designed design use used using every day days well like keep keeps
  while without within per inch inches cm mm size sizes color colour colors including includes include`.split(
    /\s+/,
  ),
);

/**
 * A light stem, the same for the catalogue's words and the shopper's: "running", "runner",
 * "runs" -> run; "hiking", "hikers", "hike" -> hik; "rainy" -> rain; "batteries" -> battery.
 * Not English morphology, only enough that forms of one word meet.
 */
export function stemOf(word: string): string {
  let w = word.toLowerCase().replace(/'s?$/, "");
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:ch|sh|x|ss|z)es$/.test(w)) w = w.slice(0, -2);
  else if (/[^su]s$/.test(w)) w = w.slice(0, -1);
  for (const ending of ["ing", "ers", "er", "ed"]) {
    if (w.endsWith(ending) && w.length - ending.length >= 3) {
      w = w.slice(0, -ending.length);
      break;
    }
  }
  if (w.endsWith("y") && w.length >= 5 && !/[aeiou]y$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("e") && w.length >= 4) w = w.slice(0, -1);
  // "runn" -> run, "swimm" -> swim.
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz|ff)$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Stems already worked out (a catalogue repeats its words); bounded, cleared when full. */
const stems = new Map<string, string>();
const MAX_KEPT_STEMS = 50_000;

function keptStem(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= MAX_KEPT_STEMS) stems.clear();
    stem = stemOf(word);
    stems.set(word, stem);
  }
  return stem;
}

/** The content words of a text, stemmed, once each. */
export function contentStems(text: string): string[] {
  const out = new Set<string>();
  for (const raw of text.toLowerCase().split(/[^a-z']+/)) {
    const word = raw.includes("'") ? raw.replace(/^'+|'+$/g, "") : raw;
    if (word.length < 3 || FILLER.has(word)) continue;
    out.add(keptStem(word));
  }
  return [...out];
}

/** The head noun of a product name: its last word of letters ("Trail Runner Shoes" -> shoes). */
function headNoun(name: string): string | null {
  const words = name
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ")
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3);
  const head = words.at(-1);
  return head && !FILLER.has(head) ? head : null;
}

function withoutMarkup(text: string): string {
  return text.replace(/<[^>]*>/g, " ").replace(/&[a-z#0-9]+;/gi, " ");
}

interface KindInfo {
  label: string;
  category: boolean;
  /** A tag of several words (a kind only when its head is one: see isKind). */
  tag: boolean;
  count: number;
}

/** The learned associations: a word's kinds, and a reading of several words together. */
export class CatalogueAssociations {
  constructor(
    /** stem -> kind index -> score (the strongest kinds only). */
    private readonly byStem: ReadonlyMap<string, ReadonlyMap<number, number>>,
    private readonly kinds: readonly KindInfo[],
    /** How many products were learned from. */
    readonly learnedFrom: number,
  ) {}

  /** Whether the catalogue writes about this word at all (in a description, name or tag). */
  knows(word: string): boolean {
    return this.byStem.has(stemOf(word));
  }

  /** How many words have kinds (for a log line and the tests). */
  get size(): number {
    return this.byStem.size;
  }

  /**
   * The kinds the words go with together, best first: each kind's score summed over the words
   * (a kind several of them go with wins), those close enough to the best. Categories are ranked
   * apart from the kinds within them (a category is on more products, so it always wins by the
   * numbers), the kinds first. Words the catalogue does not write about add nothing; none of
   * them, no kinds.
   */
  kindsOf(words: readonly string[]): LearnedKind[] {
    const totals = new Map<number, number>();
    for (const stem of new Set(words.flatMap((w) => contentStems(w)))) {
      for (const [kind, score] of this.byStem.get(stem) ?? [])
        totals.set(kind, (totals.get(kind) ?? 0) + score);
    }
    const ranked = [...totals].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const best = (category: boolean) => {
      const of = ranked.filter(([kind]) => this.kinds[kind]!.category === category);
      const top = of[0]?.[1] ?? 0;
      return of.filter(([, score]) => score >= top * CLOSE_TO_BEST).slice(0, MAX_KINDS);
    };
    return [...best(false), ...best(true)].map(([kind, score]) => {
      const info = this.kinds[kind]!;
      return { label: info.label, category: info.category, score: Math.round(score * 1000) / 1000 };
    });
  }
}

/**
 * Counts a catalogue's words against its kinds, one product at a time; `finish` keeps, for each
 * word, the kinds it goes with well beyond chance. A kind's label is what the search looks for:
 * the category's name, the tag, or the head noun as the name writes it.
 */
export class AssociationLearner {
  private products = 0;
  private readonly kindIds = new Map<string, number>();
  private readonly kinds: KindInfo[] = [];
  private readonly wordCounts = new Map<string, number>();
  private readonly together = new Map<string, Map<number, number>>();

  private kindId(key: string, label: string, category: boolean, tag = false): number {
    let id = this.kindIds.get(key);
    if (id === undefined) {
      id = this.kinds.length;
      this.kindIds.set(key, id);
      this.kinds.push({ label, category, tag, count: 0 });
    }
    return id;
  }

  add(product: LearningProduct): void {
    this.products++;
    const kinds = new Set<number>();
    if (product.category.trim())
      kinds.add(this.kindId(`c:${product.category.toLowerCase()}`, product.category, true));
    const head = headNoun(product.name);
    if (head) kinds.add(this.kindId(`k:${stemOf(head)}`, head, false));
    const wordTags: string[] = [];
    for (const raw of product.tags) {
      const tag = raw.trim().toLowerCase();
      if (!tag) continue;
      // A tag of several words is a kind ("running shoes", "rain-jacket"); one word is a trait.
      if (/[\s-]/.test(tag)) {
        kinds.add(
          this.kindId(
            `t:${tag
              .split(/[\s-]+/)
              .map(stemOf)
              .join(" ")}`,
            tag,
            false,
            true,
          ),
        );
        wordTags.push(tag.replace(/-/g, " "));
      } else wordTags.push(tag);
    }
    for (const k of kinds) this.kinds[k]!.count++;
    const stems = contentStems(
      `${product.name} ${wordTags.join(" ")} ${withoutMarkup(product.description.slice(0, DESCRIPTION_CHARS))}`,
    );
    for (const stem of stems) {
      this.wordCounts.set(stem, (this.wordCounts.get(stem) ?? 0) + 1);
      let row = this.together.get(stem);
      if (!row) {
        row = new Map();
        this.together.set(stem, row);
      }
      for (const k of kinds) row.set(k, (row.get(k) ?? 0) + 1);
    }
  }

  /**
   * Whether a kind is one: a category or a name's head noun always; a tag of several words when
   * its last word is also the head of a product's name or of a category ("rain jacket" where
   * jackets are sold), not a trait written in words ("eco friendly", "audio pocket").
   */
  private isKind(kind: number): boolean {
    const info = this.kinds[kind]!;
    if (info.category || !info.tag) return true;
    const last = stemOf(info.label.split(/[\s-]+/).at(-1) ?? "");
    return this.kindIds.has(`k:${last}`) || this.categoryHeads().has(last);
  }

  private heads: Set<string> | null = null;
  private categoryHeads(): Set<string> {
    this.heads ??= new Set(
      this.kinds
        .filter((k) => k.category)
        .map((k) =>
          stemOf(
            k.label
              .toLowerCase()
              .split(/[^a-z']+/)
              .filter(Boolean)
              .at(-1) ?? "",
          ),
        ),
    );
    return this.heads;
  }

  /**
   * The associations: for each word, the kinds it goes with MIN_LIFT times more often than by
   * chance, scored by how much of the word's use they are (P(kind | word)) times the log of the
   * lift, less when they met once; the KINDS_PER_WORD strongest.
   */
  finish(): CatalogueAssociations {
    const n = this.products;
    const byStem = new Map<string, Map<number, number>>();
    for (const [stem, row] of this.together) {
      const df = this.wordCounts.get(stem) ?? 0;
      if (df > n * MAX_WORD_SHARE) continue;
      const scored: [number, number][] = [];
      for (const [kind, both] of row) {
        const kindCount = this.kinds[kind]!.count;
        if (!this.isKind(kind) || kindCount > n * MAX_KIND_SHARE) continue;
        const given = both / df;
        const lift = (given * n) / kindCount;
        if (lift < MIN_LIFT) continue;
        const confidence = both / (both + HALF_CONFIDENCE);
        scored.push([kind, given * Math.log(Math.min(lift, MAX_LIFT)) * confidence]);
      }
      if (scored.length === 0) continue;
      scored.sort((a, b) => b[1] - a[1]);
      byStem.set(stem, new Map(scored.slice(0, KINDS_PER_WORD)));
    }
    return new CatalogueAssociations(byStem, this.kinds, n);
  }
}

/** Learns from a whole catalogue at once (tests, small shops). */
export function learnAssociations(products: Iterable<LearningProduct>): CatalogueAssociations {
  const learner = new AssociationLearner();
  for (const p of products) learner.add(p);
  return learner.finish();
}
