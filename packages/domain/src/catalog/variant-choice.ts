/**
 * The product page's choice of a variant: which values of each option can be picked given the
 * others chosen, and which variant the choice names. Pure, so the page, its server rendering and
 * its tests agree.
 */

export interface ChoiceVariant {
  id: string;
  optionValues: readonly string[];
  stockLevel: number;
}

/** A value as a picker shows it: sold (in stock or sold out) with the other choices, or not sold at all. */
export type ValueState = "available" | "sold-out" | "not-sold";

/** The variant whose option values are exactly `chosen`; undefined when the shop does not sell that combination. */
export function variantFor<V extends ChoiceVariant>(
  variants: readonly V[],
  chosen: readonly string[],
): V | undefined {
  return variants.find(
    (v) => v.optionValues.length === chosen.length && v.optionValues.every((value, i) => value === chosen[i]),
  );
}

/**
 * What picking `value` for option `index` would buy, the other options as chosen: available
 * (that variant is in stock), sold out, or not sold (no such variant).
 */
export function valueState(
  variants: readonly ChoiceVariant[],
  chosen: readonly string[],
  index: number,
  value: string,
): ValueState {
  const wanted = chosen.map((v, i) => (i === index ? value : v));
  const variant = variantFor(variants, wanted);
  if (!variant) return "not-sold";
  return variant.stockLevel > 0 ? "available" : "sold-out";
}

/**
 * The choice a page opens with: the variant the address names (`?variant=`), else the first in
 * stock in the merchant's order, else the first. Empty for a product without variants.
 */
export function initialChoice<V extends ChoiceVariant>(
  variants: readonly V[],
  requestedId: string | null,
): readonly string[] {
  const named = requestedId ? variants.find((v) => v.id === requestedId) : undefined;
  const start = named ?? variants.find((v) => v.stockLevel > 0) ?? variants[0];
  return start ? [...start.optionValues] : [];
}

/**
 * Picking `value` for option `index`: when the other options as chosen make a combination the
 * shop does not sell, they move to the first sold one with that value (in stock first), so a
 * choice always names a variant when one exists.
 */
export function pick<V extends ChoiceVariant>(
  variants: readonly V[],
  chosen: readonly string[],
  index: number,
  value: string,
): readonly string[] {
  const wanted = chosen.map((v, i) => (i === index ? value : v));
  if (variantFor(variants, wanted)) return wanted;
  const withValue = variants.filter((v) => v.optionValues[index] === value);
  const fallback = withValue.find((v) => v.stockLevel > 0) ?? withValue[0];
  return fallback ? [...fallback.optionValues] : wanted;
}
