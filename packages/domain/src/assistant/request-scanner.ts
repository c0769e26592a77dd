/**
 * The assistant parser's way of reading a message: phrase patterns of whole words, matched on
 * lower-case text, and a scanner that masks each span it takes, so that no later pattern reads
 * the same words again ("under $100" is a price bound, not also a free word "100").
 */

/** Letters and digits: what a whole word may not touch. */
export const LN = "\\p{L}\\p{N}";
/** What a taken span becomes; a control character, which messages never keep (normalizeMessage). */
const MASK = "\u0001";

/** In a phrase, a space means spaces or hyphens and " ?" an optional one ("t ?shirt": "t-shirt", "tshirt"). */
export function spaced(phrase: string): string {
  return phrase.replace(/ \?/g, "[\\s-]*").replace(/ /g, "[\\s-]+");
}

/** Whole words, global; the text is lower-cased before matching. */
export function words(phrase: string): RegExp {
  return new RegExp(`(?<![${LN}])(?:${spaced(phrase)})(?![${LN}])`, "gu");
}

/** "a|b(?:c|d)|e" -> ["a", "b(?:c|d)", "e"]: alternatives outside parentheses. */
export function topLevelAlternatives(source: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      out.push(source.slice(start, i));
      start = i + 1;
    }
  }
  out.push(source.slice(start));
  return out;
}

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Lower case, "and" for "&", one space: how catalogue names are compared. */
export function nameKey(name: string): string {
  return name.normalize("NFKC").toLowerCase().replace(/&/g, " and ").replace(/\s+/g, " ").trim();
}

/** Text with spans taken out: a taken span is masked so no later pattern reads it. */
export class Scanner {
  text: string;
  readonly original: string;

  constructor(text: string) {
    this.text = text;
    this.original = text;
  }

  /** Runs `pattern` (global) over what is left; a match is masked when `onMatch` returns true. */
  take(pattern: RegExp, onMatch: (match: RegExpExecArray, at: number) => boolean): void {
    pattern.lastIndex = 0;
    const snapshot = this.text;
    for (const match of snapshot.matchAll(pattern)) {
      const at = match.index ?? 0;
      if (match[0].length === 0 || !onMatch(match, at)) continue;
      this.text =
        this.text.slice(0, at) + MASK.repeat(match[0].length) + this.text.slice(at + match[0].length);
    }
  }

  /** The word just before `at` in the original text ("" at the start). */
  wordBefore(at: number): string {
    const m = /([\p{L}\p{N}']+)[^\p{L}\p{N}]*$/u.exec(this.original.slice(Math.max(0, at - 40), at));
    return m?.[1] ?? "";
  }
}

export function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

/**
 * "X or Y", "X and Y", "X, Y", "X & Y" between two product words: a list of kinds, either of
 * which will do ("hoodies and sweaters" is not one thing that is both).
 */
export function alternativesOf(
  text: string,
  spans: { start: number; end: number }[],
  wordAt: { word: { word: string; product: boolean }; at: number }[],
): string[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: string[] = [];
  const kindAt = (at: number) =>
    wordAt
      .filter((w) => w.at === at && w.word.product)
      .map((w) => w.word.word)
      .join(" ");
  for (let i = 0; i + 1 < sorted.length; i++) {
    const a = sorted[i]!;
    const b = sorted[i + 1]!;
    if (
      !/^\s*(?:,|,?\s*(?:or|and|and\/or|&|plus))\s+(?:an?\s+|some\s+|maybe\s+)?$/u.test(
        text.slice(a.end, b.start),
      )
    )
      continue;
    for (const kind of [kindAt(a.start), kindAt(b.start)]) if (kind && !out.includes(kind)) out.push(kind);
  }
  return out;
}
