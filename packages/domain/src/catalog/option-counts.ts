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
 * Whether an option filter is counted from the kept sets of values products hold
 * (foldWidenedCounts), no product read, without words: one option widened to several values
 * (option=Size:M&option=Size:L), alone or with one value of a second option; or one value of one
 * option under a category or brand (`filtered`), whose kept counts are one row per category and
 * brand (720 for a size at 100,000 generated products, where its sets are 96 per category).
 */
export function widenedOptionAnswer(
  optionGroups: readonly (readonly string[])[],
  searching: boolean,
  filtered = false,
): boolean {
  if (searching) return false;
  if (filtered && optionGroups.length === 1 && optionGroups[0]?.length === 1) return true;
  return (
    optionGroups.length <= 2 &&
    optionGroups.filter((g) => g.length >= 2).length === 1 &&
    optionGroups.every((g) => g.length >= 1)
  );
}

/**
 * Sums of the kept sets of one option's values (product_option_sets) meeting a widened option's
 * values, under the other filters: "total", "category", "brand" of the products whose own set
 * meets them (or, with a second option chosen, whose set paired with its value does); "paired",
 * per value of another option, the products whose set paired with that value meets them; "own",
 * per value of the widened option, the products holding it (with a second option, on a variant
 * with its value); "collection", every visible product.
 */
export interface OptionSetRow {
  kind: "total" | "category" | "brand" | "paired" | "own" | "collection";
  value: string | null;
  n: number;
}

/**
 * The facet counts of a widened option (widenedOptionAnswer), each facet under the other
 * filters, from the kept sets (`rows`): the total, categories and brands, the widened option's
 * own values and the other options' values. Null when a third option's values would need
 * counting (there are no kept triples).
 */
export function foldWidenedCounts(
  widened: readonly string[],
  second: string | undefined,
  rows: readonly OptionSetRow[],
): KeptFacetCounts | null {
  const widenedKey = optionKey(widened[0] ?? "");
  const secondKey = second === undefined ? undefined : optionKey(second);
  const of = (kind: OptionSetRow["kind"]) =>
    rows
      .filter((r) => r.kind === kind && r.value !== null && r.n > 0)
      .map((r) => ({ text: r.value as string, count: r.n }));
  const paired = of("paired");
  const allowed = (text: string) =>
    secondKey === undefined || [widenedKey, secondKey].includes(optionKey(text));
  if (!paired.every((o) => allowed(o.text))) return null;
  const facet = (kind: "category" | "brand") => of(kind).map((r) => ({ value: r.text, count: r.count }));
  return {
    total: rows.find((r) => r.kind === "total")?.n ?? 0,
    categories: facet("category"),
    brands: facet("brand"),
    options: [...of("own").filter((o) => optionKey(o.text) === widenedKey), ...paired],
  };
}
