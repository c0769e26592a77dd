import type { ShoppingCatalogNames } from "./catalog-names.ts";

/**
 * Which of a shop's own kinds a shopper's word names when no product's name, tag or category
 * contains the word itself. A kind is a category name or a tag; the word names it when it is
 * the kind's head noun, the last word of a name of several words ("car" -> the tag "sports cars",
 * "shoe" -> "Men's Shoes"), or the end of a compound category name ("phone" -> "Smartphones",
 * "bag" -> "Handbags"). Plural or singular alike. Only a head: "car" is a modifier in "car
 * charger" and names nothing there (the caller reads only the head of what is sought).
 *
 * Compounds are read in category names only: a tag such as "headphones" is a kind of its own, not
 * a phone; a category a merchant called "Smartphones" is where the phones are. Pure.
 */

/** A compound's first part must be at least this long ("smart" of "smartphones"; not "s" + "hoes"). */
const MIN_COMPOUND_PREFIX = 3;
/** Words shorter than this name no kind by their ending ("car" in "sidecar" would; "ear" in "wear" must not). */
const MIN_COMPOUND_HEAD = 4;

/** A word and its singular forms ("watches" -> watches, watch; "phones" -> phones, phone). */
function singular(word: string): string[] {
  const w = word.toLowerCase();
  const forms = [w];
  if (w.endsWith("ies")) forms.push(`${w.slice(0, -3)}y`);
  if (/(?:ch|sh|x|ss)es$/.test(w)) forms.push(w.slice(0, -2));
  if (/[^s]s$/.test(w)) forms.push(w.slice(0, -1));
  return forms;
}

/** The lower-case words of a name ("Men's Shoes" -> ["men's", "shoes"]). */
function wordsOf(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[^a-z']+/)
    .map((w) => w.replace(/^'+|'+$/g, ""))
    .filter(Boolean);
}

/** Whether `word` (singular or plural) is the head of the name `kind`, or ends it as a compound. */
export function headOf(word: string, kind: string, compounds: boolean): boolean {
  const parts = wordsOf(kind);
  const head = parts.at(-1);
  if (!head) return false;
  const forms = new Set([...singular(word), ...singular(word).map((f) => `${f}s`)]);
  const heads = singular(head);
  if (parts.length > 1 && heads.some((h) => forms.has(h))) return true;
  if (!compounds || parts.length !== 1) return false;
  return [...forms].some(
    (f) =>
      f.length >= MIN_COMPOUND_HEAD &&
      heads.some((h) => h.length - f.length >= MIN_COMPOUND_PREFIX && h.endsWith(f)),
  );
}

/**
 * The shop's categories a word names as a kind: categories whose name it heads (or ends, as a
 * compound), and the categories of the products carrying a tag of several words it heads. Empty
 * when it names none.
 */
export function categoriesNamedBy(word: string, catalog: ShoppingCatalogNames): string[] {
  if (!/^[a-z]{3,}$/.test(word)) return [];
  const found = new Set<string>();
  for (const category of catalog.categories) if (headOf(word, category, true)) found.add(category);
  for (const [tag, categories] of Object.entries(catalog.tagCategories ?? {})) {
    if (!headOf(word, tag.replace(/-/g, " "), false)) continue;
    for (const c of categories) if (catalog.categories.includes(c)) found.add(c);
  }
  return [...found];
}
