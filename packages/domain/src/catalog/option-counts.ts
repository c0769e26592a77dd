/**
 * Option filters matched per variant, and their facet counts from kept counts.
 *
 * A product keeps, besides its option values ("Size:M"), the pairs of values of two different
 * options that one of its variants has ("Size:M" and "Colour:Black": optionPairText), and the
 * database keeps how many visible products have each value and each pair in each category and
 * brand. A filter of one value, or of one value of each of two options, is then counted from
 * those rows alone (keptCountsAnswer, foldKeptOptionCounts), and a filter of two options matches
 * a product only when one variant has both values (a tee in M/White and L/Black is not an
 * "M, Black" tee).
 */
import { parseOptionFacet } from "./option-facets.ts";

/** Between the two values of a kept pair (a character no option name or value holds). */
export const OPTION_PAIR_SEPARATOR = "\u001f";

/** The kept text of two values one variant has: "Size:M" + separator + "Colour:Black". */
export function optionPairText(a: string, b: string): string {
  return `${a}${OPTION_PAIR_SEPARATOR}${b}`;
}

/** Every pair of a value of one group with a value of the other (one order: the kept pairs hold both). */
export function groupPairs(a: readonly string[], b: readonly string[]): string[] {
  return a.flatMap((x) => b.map((y) => optionPairText(x, y)));
}

/** The option a value belongs to, as groups compare them (the name, lowercased). */
export function optionKey(text: string): string {
  return parseOptionFacet(text)?.name.toLowerCase() ?? "";
}

/**
 * Whether kept counts answer an option filter: no words (a search counts its matches), and one
 * or two options with one value each (two values of one option would count a product holding
 * both twice; three options have no kept triples).
 */
export function keptCountsAnswer(optionGroups: readonly (readonly string[])[], searching: boolean): boolean {
  return (
    !searching &&
    optionGroups.length >= 1 &&
    optionGroups.length <= 2 &&
    optionGroups.every((g) => g.length === 1)
  );
}

export interface KeptCountRow {
  /**
   * "total": products passing every filter; "category", "brand": those passing the other
   * filters, by value; "own": the first option's values under the category and brand filters
   * (one option chosen); "with0", "with1": values paired with the first or second chosen value
   * under the category and brand filters.
   */
  kind: "total" | "category" | "brand" | "own" | "with0" | "with1";
  value: string | null;
  n: number;
}

export interface KeptFacetCounts {
  total: number;
  categories: { value: string; count: number }[];
  brands: { value: string; count: number }[];
  options: { text: string; count: number }[];
}

/**
 * The facet counts of an option filter (keptCountsAnswer) from the kept rows, each facet counted
 * under the other filters: with one value chosen, its option's values under the category and
 * brand filters ("own") and every other option's values paired with it ("with0"); with two, each
 * option's values paired with the other's chosen value. Null when a third option's values are
 * paired (those would need the triples: the caller reads the products instead).
 */
export function foldKeptOptionCounts(
  chosen: readonly string[],
  rows: readonly KeptCountRow[],
): KeptFacetCounts | null {
  const of = (kind: KeptCountRow["kind"]) =>
    rows
      .filter((r) => r.kind === kind && r.value !== null && r.n > 0)
      .map((r) => ({ value: r.value as string, count: r.n }));
  const keys = chosen.map(optionKey);
  let options: { text: string; count: number }[];
  if (chosen.length === 1) {
    options = [
      ...of("own").filter((r) => optionKey(r.value) === keys[0]),
      ...of("with0").filter((r) => optionKey(r.value) !== keys[0]),
    ].map((r) => ({ text: r.value, count: r.count }));
  } else {
    const withFirst = of("with0");
    const withSecond = of("with1");
    const third = [...withFirst, ...withSecond].some((r) => !keys.includes(optionKey(r.value)));
    if (third) return null;
    options = [
      ...withFirst.filter((r) => optionKey(r.value) === keys[1]),
      ...withSecond.filter((r) => optionKey(r.value) === keys[0]),
    ].map((r) => ({ text: r.value, count: r.count }));
  }
  return {
    total: rows.find((r) => r.kind === "total")?.n ?? 0,
    categories: of("category"),
    brands: of("brand"),
    options,
  };
}

/**
 * Whether an option filter is one option widened to several values (option=Size:M&option=Size:5XL)
 * without words: counted as the kept counts of its most common value plus the products of the
 * other values that the kept counts leave out (addWidenedCounts), so only those products are read.
 */
export function widenedOptionAnswer(
  optionGroups: readonly (readonly string[])[],
  searching: boolean,
): boolean {
  return !searching && optionGroups.length === 1 && (optionGroups[0]?.length ?? 0) >= 2;
}

/**
 * The widened values, the most common first (its products are counted from the kept counts; the
 * others' are read): `visible` is how many visible products have each value, a missing one none.
 */
export function mostCommonFirst(values: readonly string[], visible: ReadonlyMap<string, number>): string[] {
  return [...values].sort((a, b) => (visible.get(b) ?? 0) - (visible.get(a) ?? 0));
}

/**
 * What the kept counts of a widened option's most common value leave out, read from the products
 * having another of its values: "total", "category", "brand" count those without the most common
 * value (under the other filters, as the kept rows are); "paired" counts, per value of another
 * option, the products one of whose variants pairs it with another chosen value but none with the
 * most common one.
 */
export interface WidenedRestRow {
  kind: "total" | "category" | "brand" | "paired";
  value: string | null;
  n: number;
}

/** The facet counts of a widened option: the most common value's kept counts plus the rest's (WidenedRestRow). */
export function addWidenedCounts(kept: KeptFacetCounts, rest: readonly WidenedRestRow[]): KeptFacetCounts {
  const add = (counts: readonly { value: string; count: number }[], kind: WidenedRestRow["kind"]) => {
    const sums = new Map(counts.map((c) => [c.value, c.count]));
    for (const r of rest)
      if (r.kind === kind && r.value !== null && r.n > 0) sums.set(r.value, (sums.get(r.value) ?? 0) + r.n);
    return [...sums].map(([value, count]) => ({ value, count }));
  };
  const options = add(
    kept.options.map((o) => ({ value: o.text, count: o.count })),
    "paired",
  ).map((o) => ({ text: o.value, count: o.count }));
  return {
    total: kept.total + rest.filter((r) => r.kind === "total").reduce((s, r) => s + r.n, 0),
    categories: add(kept.categories, "category"),
    brands: add(kept.brands, "brand"),
    options,
  };
}
