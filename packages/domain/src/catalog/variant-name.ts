/**
 * How a variant is named wherever a shopper or merchant reads one line (cart, order, e-mail,
 * a sentence about stock): the product's name, then its option values in the options' order,
 * "Trail Tee — M / Black". A default variant (no option values) is the product's name alone, so
 * a product without options reads exactly as before.
 */
export function variantName(productName: string, optionValues: readonly string[]): string {
  const values = optionValues.map((v) => v.trim()).filter((v) => v.length > 0);
  return values.length === 0 ? productName : `${productName} — ${values.join(" / ")}`;
}

/** The option values alone ("M / Black"); empty for a default variant. */
export function variantTitle(optionValues: readonly string[]): string {
  return optionValues
    .map((v) => v.trim())
    .filter((v) => v.length > 0)
    .join(" / ");
}

/**
 * The sentence when a product with options is added without saying which variant: "Choose a
 * size and colour of Trail Tee." (option names as the merchant wrote them, lower-cased).
 */
export function chooseVariantSentence(productName: string, optionNames: readonly string[]): string {
  const names = optionNames.map((n) => n.trim().toLowerCase()).filter((n) => n.length > 0);
  const list =
    names.length <= 1 ? (names[0] ?? "variant") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `Choose a ${list} of ${productName}.`;
}
