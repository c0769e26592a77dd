/**
 * The locale the shop writes its amounts in (a BCP 47 tag): "12,50 €" in de-DE, "€12.50" in en-IE.
 * Only amounts follow it; the shop's sentences stay in English (decision 0072).
 */

/** The shop's locale until the merchant chooses another. */
export const DEFAULT_SHOP_LOCALE = "en-US";

/**
 * The locales the merchant's settings offer, one a line of the select: the places a shop most
 * often sells from. The API takes any tag the runtime can format; these are the ones browsers
 * and the server agree on.
 */
export const SHOP_LOCALES: readonly string[] = [
  "en-US",
  "en-GB",
  "en-IE",
  "en-CA",
  "en-AU",
  "en-NZ",
  "en-IN",
  "de-DE",
  "de-AT",
  "de-CH",
  "fr-FR",
  "fr-BE",
  "fr-CA",
  "fr-CH",
  "it-IT",
  "es-ES",
  "es-MX",
  "pt-PT",
  "pt-BR",
  "nl-NL",
  "nl-BE",
  "sv-SE",
  "da-DK",
  "nb-NO",
  "fi-FI",
  "pl-PL",
  "cs-CZ",
  "ja-JP",
  "ko-KR",
  "zh-CN",
];

/** The tag as the runtime writes it ("en-us" -> "en-US"), or null when it is not one it can format with. */
export function canonicalLocale(tag: string): string | null {
  let canonical: string | undefined;
  try {
    [canonical] = Intl.getCanonicalLocales(tag.trim());
  } catch {
    return null;
  }
  if (!canonical || Intl.NumberFormat.supportedLocalesOf([canonical]).length === 0) return null;
  return canonical;
}

/** Why `tag` cannot be the shop's locale, as a sentence (null: it can). */
export function shopLocaleRefusal(tag: string): string | null {
  if (canonicalLocale(tag) !== null) return null;
  return `"${tag}" is not a locale amounts can be written in: use a BCP 47 tag such as en-US, de-DE or ja-JP.`;
}
