/**
 * JSON for an inline `<script type="application/ld+json">`: `<`, `>` and `&` are written as
 * JSON's \u escapes (the same JSON to a parser), so a product called `</script><script>…` cannot
 * end the element; U+2028 and U+2029 are escaped too, for old JavaScript parsers.
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
