/**
 * Text a database can store. PostgreSQL refuses U+0000 in text and jsonb, and a lone UTF-16
 * surrogate (half of a pair) has no UTF-8 form: either makes the whole write fail. What an
 * outsider sends (an agent's arguments) is made storable before it is kept: NUL removed, a
 * lone surrogate replaced by U+FFFD, the replacement character.
 */
const NUL = String.fromCharCode(0);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function storableText(text: string): string {
  return text.replaceAll(NUL, "").replace(LONE_SURROGATE, "\uFFFD");
}

/** Whether the text holds something no database text can: a NUL or a lone surrogate. */
export function isStorableText(text: string): boolean {
  return storableText(text) === text;
}

/** Whether any string (or object key) anywhere in a JSON-like value is not storable. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return !isStorableText(value);
  if (depth > 32 || typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => !isStorableText(key) || hasUnstorableText(item, depth + 1),
  );
}
