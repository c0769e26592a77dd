/**
 * Option values as catalogue facets. A product keeps every option value its variants have as
 * one text, "Name:Value" ("Size:M"), the option's name before the first colon; the listing's
 * `option` filter takes the same texts. Values of one option widen the filter (M or L), options
 * narrow it (Size M and Colour Black).
 */

export interface OptionValueCount {
  value: string;
  count: number;
}

export interface OptionFacet {
  name: string;
  values: OptionValueCount[];
}

/** "Size:M" -> { name: "Size", value: "M" }; null for a text without a name or a value. */
export function parseOptionFacet(text: string): { name: string; value: string } | null {
  const colon = text.indexOf(":");
  if (colon <= 0 || colon === text.length - 1) return null;
  return { name: text.slice(0, colon), value: text.slice(colon + 1) };
}

/** The text a product keeps for one of its option values. */
export function optionFacetText(name: string, value: string): string {
  return `${name}:${value}`;
}

/**
 * The chosen option filters grouped by option, in the order each option was first chosen, each
 * value once: [["Size:M", "Size:L"], ["Colour:Black"]]. A product must hold one text of each group.
 * Names compare case-insensitively ("size:M" joins "Size:L"); unreadable texts are left out.
 */
export function groupOptionFilters(texts: readonly string[]): string[][] {
  const groups = new Map<string, string[]>();
  for (const text of texts) {
    const parsed = parseOptionFacet(text);
    if (!parsed) continue;
    const key = parsed.name.toLowerCase();
    const group = groups.get(key) ?? [];
    if (!group.includes(text)) group.push(text);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Clothes sizes in the order a shopper reads them; other values sort alphabetically (numbers by value). */
const SIZE_ORDER = ["xxs", "xs", "s", "m", "l", "xl", "xxl", "2xl", "xxxl", "3xl"];

function compareValues(a: string, b: string): number {
  const sa = SIZE_ORDER.indexOf(a.toLowerCase());
  const sb = SIZE_ORDER.indexOf(b.toLowerCase());
  if (sa >= 0 && sb >= 0) return sa - sb;
  if (sa >= 0 || sb >= 0) return sa >= 0 ? -1 : 1;
  return collator.compare(a, b);
}

/**
 * The option facets from counted texts ("Size:M" -> 12): grouped by option name (the first
 * spelling seen names the group), options alphabetical, sizes in size order, other values
 * alphabetical. A value counted 0 stays (a chosen value no product is left for, to unchoose).
 */
export function optionFacetsFromCounts(counts: readonly { text: string; count: number }[]): OptionFacet[] {
  const byName = new Map<string, OptionFacet>();
  for (const { text, count } of counts) {
    const parsed = parseOptionFacet(text);
    if (!parsed || count < 0) continue;
    const key = parsed.name.toLowerCase();
    const facet = byName.get(key) ?? { name: parsed.name, values: [] };
    const same = facet.values.find((v) => v.value === parsed.value);
    if (same) same.count += count;
    else facet.values.push({ value: parsed.value, count });
    byName.set(key, facet);
  }
  return [...byName.values()]
    .map((f) => ({ name: f.name, values: f.values.sort((a, b) => compareValues(a.value, b.value)) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Whether an option is a colour (its values are shown as swatches). */
export function isColourOption(name: string): boolean {
  return /^colou?rs?$/i.test(name.trim());
}

/** How many swatches a card shows at most; the rest are summed up as "+N". */
export const MAX_SWATCHES = 5;

/** A product's colour values from its option facet texts, in the order kept. */
export function swatchesOf(texts: readonly string[]): string[] {
  return texts
    .map(parseOptionFacet)
    .filter((p): p is { name: string; value: string } => p !== null && isColourOption(p.name))
    .map((p) => p.value);
}
