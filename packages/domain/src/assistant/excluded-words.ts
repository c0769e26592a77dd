/**
 * Whether a product's words hold something the shopper said they do not want ("not trail",
 * "no noise cancelling", "without a cord"). A word is matched at a word's start, a label of
 * several words with spaces or hyphens between them ("noise cancelling" holds for the tag
 * "noise-cancelling"). A word the product says it is free of is not held: "cordless",
 * "wire-free", "sugar free" are the absence of a cord, wires and sugar, which is what the
 * shopper asked for ("a vacuum without a cord" is the cordless one).
 */

const MIN_STEM = 3;

/** "trails" -> "trail", "boxes" -> "box": the stem a product's word may start with. */
function stemOf(word: string): string {
  return word.toLowerCase().replace(/(?:es|s)$/u, "");
}

/** The pattern of one excluded word or label, or null when too short to mean anything. */
function excludedPattern(excluded: string): RegExp | null {
  const parts = excluded
    .toLowerCase()
    .split(/[\s-]+/u)
    .map((p) => p.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean);
  if (parts.length === 0) return null;
  const last = stemOf(parts.at(-1) ?? "");
  const stems = [...parts.slice(0, -1), last];
  if (stems.join("").length < MIN_STEM) return null;
  // The word's own ending may follow ("trails", "corded"), but not one saying it is absent.
  return new RegExp(
    `(?<![\\p{L}\\p{N}])${stems.join("[\\s-]*")}(?!\\p{L}*less(?![\\p{L}])|\\p{L}*[\\s-]free(?![\\p{L}]))`,
    "u",
  );
}

/** Whether the text (a product's name, category and tags) holds any of the excluded words. */
export function holdsExcluded(text: string, excluded: readonly string[]): boolean {
  if (excluded.length === 0) return false;
  const haystack = text.toLowerCase();
  return excluded.some((w) => excludedPattern(w)?.test(haystack) ?? false);
}
