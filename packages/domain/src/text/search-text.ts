/**
 * Turns what a shopper typed into search words: lower case, punctuation dropped, duplicates and
 * empty words removed, at most 8 words (a longer query is a sentence, not a search).
 */
export function tokenizeSearch(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}'&+-]+/u)
    .map((w) => w.replace(/^['&+-]+|['&+-]+$/g, ""))
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, 8);
}

/** Escapes LIKE wildcards so that "50%" searches for the text "50%". */
export function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The reference rule the database query implements: every word appears in the name, the
 * description or the brand (case-insensitive). Typo tolerance is added by the database
 * (trigram similarity) on top of this rule.
 */
export function matchesAllWords(
  fields: { name: string; description: string; brand: string },
  words: string[],
) {
  const haystack = `${fields.name}\n${fields.description}\n${fields.brand}`.toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/**
 * How a lower-case search text most likely appears in a product name: as typed and with each
 * word capitalized ("wireless headphones", "Wireless Headphones"). Only for ASCII text, where
 * lowering either form gives the text back in any database (so a name holding one holds the
 * text case-insensitively); none otherwise. The catalogue's order tests these case-sensitively
 * before lowering the name (shop-page.store.ts): lowering every match's name was a fifth of a
 * one-word search at 1,000,000 products.
 */
export function likelyCasings(text: string): string[] {
  if (!/^[\x20-\x7e]+$/.test(text)) return [];
  const lower = text.toLowerCase();
  const capitalized = lower.replace(
    /(^|[^a-z0-9'])([a-z])/g,
    (_, before: string, letter: string) => before + letter.toUpperCase(),
  );
  return [...new Set([capitalized, lower])];
}
