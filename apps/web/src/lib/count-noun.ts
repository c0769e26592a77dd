/** "1 product", "3 products": a count with its noun in the right number. */
export function countNoun(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "a cross-sell", "an upsell": the indefinite article a word takes (by its first letter). */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;
}
