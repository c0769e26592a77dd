import { escapeRegex, LN, nameKey } from "./request-scanner.ts";

/** The catalogue's own category and brand names, as the shop spells them. */
export interface ShoppingCatalogNames {
  categories: string[];
  brands: string[];
  /** The shop's tags and the categories of the products carrying each ("headphones" -> ["Audio", "electronics"]). */
  tagCategories?: Record<string, string[]>;
  /**
   * The shop's labels of several words and the other tags of the products carrying each
   * ("nail polish" -> ["beauty"], "noise-cancelling" -> ["headphones", "earbuds", ...]), from
   * the assistant's sample of the catalogue: whether a label is a trait of a kind or another kind.
   */
  tagsTogether?: Record<string, string[]>;
}

/**
 * Patterns for the catalogue's names, built per request from the names the shop has: a
 * category or brand is matched whole, case-insensitive, "&" as "and" or "n", spaces as
 * hyphens or nothing ("tinker-town", "home n kitchen"), a category also without its plural s.
 */
export interface CatalogMatchers {
  categoryByKey: Map<string, string>;
  categoryNames: RegExp | null;
  brandByKey: Map<string, string>;
  brandNames: RegExp | null;
  /** The categories whose products carry a product word ("headphone": tags "headphone" or "headphones"). */
  categoriesTagged: (word: string) => string[];
}

function alternationOf(names: string[], optionalPlural: boolean): RegExp | null {
  const sources = names
    .map((name) => nameKey(name))
    .filter((key) => key.length > 0)
    .sort((a, b) => b.length - a.length)
    .map((key) => {
      const source = escapeRegex(key).replace(/ and /g, " (?:and|&|n) ").replace(/ /g, "[\\s-]*");
      return optionalPlural && /s$/.test(key) ? `${source}?` : source;
    });
  if (sources.length === 0) return null;
  return new RegExp(`(?<![${LN}])(?:${sources.join("|")})(?:'s)?(?![${LN}])`, "gu");
}

function stringsOf(value: unknown, max: number): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .slice(0, max)
    .filter((item): item is string => typeof item === "string" && item.trim().length > 0)
    .map((item) => item.slice(0, 100));
}

/** Looks a product word up among the shop's tags (as the tag, hyphenated or plural: s, es). */
function taggedCategories(value: unknown, known: Set<string>): (word: string) => string[] {
  const byTag = new Map<string, string[]>();
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [tag, categories] of Object.entries(value).slice(0, 5000)) {
      const names = stringsOf(categories, 50).filter((c) => known.has(c));
      if (names.length > 0) byTag.set(nameKey(tag.replace(/-/g, " ")), names);
    }
  }
  return (word) => {
    const key = nameKey(word.replace(/-/g, " "));
    const forms = [key, `${key}s`, `${key}es`];
    return [...new Set(forms.flatMap((form) => byTag.get(form) ?? []))];
  };
}

/** A category's last word that only says "things of" the words before it ("Sports Accessories"). */
const CONTAINER = /^(?:accessories|equipment|supplies|gear|essentials)$/;
/** What shoppers put after such a category's own word: "sports stuff", "fitness gear", "kitchen things". */
const GENERIC = [
  "stuff",
  "gear",
  "things",
  "equipment",
  "accessories",
  "supplies",
  "items",
  "essentials",
  "kit",
];

/**
 * Other names of a category whose last word only says "things of" ("Sports Accessories",
 * "Fitness Equipment"): its own word with any such word ("sports stuff", "fitness gear"), unless
 * the own word is another category's name or several categories share it.
 */
function containerAliases(categories: string[]): [string, string][] {
  const keys = categories.map((c) => nameKey(c));
  const own = keys.map((k) => {
    const words = k.split(" ");
    return words.length >= 2 && CONTAINER.test(words.at(-1) ?? "") ? words.slice(0, -1).join(" ") : "";
  });
  return categories.flatMap((c, i) => {
    const word = own[i] ?? "";
    if (!word || keys.includes(word) || own.filter((o) => o === word).length > 1) return [];
    return GENERIC.map((g) => `${word} ${g}`)
      .filter((alias) => !keys.includes(alias))
      .map((alias): [string, string] => [alias, c]);
  });
}

export function catalogMatchers(catalog: ShoppingCatalogNames): CatalogMatchers {
  const categories = stringsOf(catalog?.categories, 200);
  const brands = stringsOf(catalog?.brands, 2000);
  const aliases = containerAliases(categories);
  return {
    categoryByKey: new Map([...categories.map((c): [string, string] => [nameKey(c), c]), ...aliases]),
    categoryNames: alternationOf([...categories, ...aliases.map(([alias]) => alias)], true),
    brandByKey: new Map(brands.map((b) => [nameKey(b), b])),
    brandNames: alternationOf(brands, false),
    categoriesTagged: taggedCategories(catalog?.tagCategories, new Set(categories)),
  };
}

/** "tonic-labs" / "Tonic  Labs" -> the key of "Tonic Labs"; "home n kitchen" -> "home and kitchen". */
export function matchKey(text: string): string {
  return nameKey(
    text
      .replace(/'s$/, "")
      .replace(/-/g, " ")
      .replace(/(?<=\s)n(?=\s)/g, "and"),
  );
}
