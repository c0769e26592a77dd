/**
 * The shape of the assistant evaluation's conversations: what a shopper says, turn by turn, and
 * what they would expect to see after each turn, judged on the products shown (and, for a few
 * turns, on the reply's text). Expectations name kinds of products (categories, words of a name,
 * tags), brands and prices — never product ids — so that any catalogue holding those things can
 * satisfy them. See README.md beside this file for how each expectation is judged.
 */

/** The catalogue a conversation is written for. */
export type CatalogueName = "seeded" | "imported" | "luma";

/** What a shopper is doing in the conversation (its last, hardest turn decides). */
export const KINDS = [
  "gift",
  "need",
  "topic-change",
  "refinement",
  "exclusion",
  "relative-price",
  "attribute",
  "brand",
  "plain",
  "chit-chat",
] as const;
export type Kind = (typeof KINDS)[number];

/**
 * A kind of product as a shopper recognises it. A product is of the kind when ANY given field
 * matches: its category is one of `category`, its name matches `name` (a case-insensitive regular
 * expression, matched on word starts by the author's choice), or it carries one of `tags`.
 */
export interface Match {
  category?: readonly string[];
  name?: string;
  tags?: readonly string[];
  /** Brands (exact, case-insensitive). */
  brand?: readonly string[];
  /** And also this (e.g. a kind AND a brand: "Samsung phones"). */
  and?: Match;
}

/** What the shopper expects after one of their turns. Every given check must hold. */
export interface Expectation {
  /**
   * The products shown are of this kind: at least `atLeast` (default 3) of the first four shown,
   * or every available one when the catalogue holds fewer (see `available` in judge.ts).
   */
  kind?: Match;
  atLeast?: number;
  /** No product among the first four shown is of any of these (excluded brands or kinds). */
  none?: readonly Match[];
  /** Every one of the first four shown costs at most this many dollars. */
  maxPrice?: number;
  /** Every one of the first four shown costs at least this many dollars. */
  minPrice?: number;
  /** The first product shown is (of the kind and) the cheapest of the kind the shop has in stock. */
  cheapest?: boolean;
  /** The median price of the first four shown is below the previous turn's. */
  cheaperThanBefore?: boolean;
  /**
   * At least two of the first four shown share the category of the previous turn's product at
   * this position (1-based), not only that product, and not the previous first four again.
   */
  likeShown?: number;
  /** In-stock products come before sold-out ones. */
  inStockFirst?: boolean;
  /** The assistant shows no product of the asked kind and says so (no, nothing, don't, ...). */
  nothing?: boolean;
  /** The assistant shows at least one product. */
  shows?: boolean;
  /** The reply's text matches this case-insensitive regular expression. */
  text?: string;
}

export interface Turn {
  user: string;
  expect: Expectation;
}

export interface Conversation {
  id: string;
  catalogue: CatalogueName;
  kind: Kind;
  turns: readonly Turn[];
}
