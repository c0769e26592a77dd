import type { RecipientGender } from "./recipient-gender.ts";
import type { PriceBounds } from "./read-price-bounds.ts";
import type { SearchSort } from "./shopping-request.ts";

/** A word for the search text; `product` when it names what is sought ("headphone"), not a trait. */
export interface Word {
  word: string;
  product: boolean;
}

/** What one message says, before it is folded into the conversation's request. */
export interface MessageFacts extends PriceBounds {
  words: Word[];
  /** The named categories; activity / people categories only when no product is named. */
  categories: string[];
  /** A product or category is named (not only an activity or a person). */
  hasProduct: boolean;
  /** `categories` come from activity / people words only ("gift for a gamer"). */
  weakCategories: boolean;
  /** Of `categories`, those named as such ("shoes", the shop's own name): filters, not boosts. */
  namedCategories: string[];
  /** The shop's categories whose products carry a product word of the message as a tag. */
  learnedCategories: string[];
  brands: string[];
  excludedBrands: string[];
  clearBrands: boolean;
  onSale: boolean;
  inStock: boolean;
  minRating: number | null;
  sort: SearchSort | null;
  cheaper: boolean;
  pricier: boolean;
  limit: number | null;
  gift: boolean;
  /** A gift is what the message looks for ("gifts under $50", "gift for a runner"), not a use ("as a gift"). */
  giftTopic: boolean;
  /** The people named as who the things are for ("my little sister" -> "sister"); not "him", "her". */
  recipients: string[];
  /** A gift's person as men or women ("my dad", "she loves yoga"), when the message says. */
  recipientGender: RecipientGender | null;
  /** Names a person's or an activity's interest ("for a runner", "hiking") rather than a product. */
  interest: boolean;
  /** A question about the whole shop ("What's on sale?"). */
  wholeShop: boolean;
  /** A follow-up word ("ones", "only", "what about", a leading "and"). */
  marker: boolean;
  /** "also", "too", "as well": add to the request so far rather than replace. */
  also: boolean;
  /** Kinds and words the shopper does not want ("not sneakers", "no leather"). */
  excludedWords: string[];
  /** Kinds of product a need or occasion asks for ("a rainy day" -> umbrella, rain jacket). */
  needKinds: string[];
  /** Only words the catalogue uses as tags ("noise cancelling", "waterproof"): a trait of what is shown. */
  attributesOnly: boolean;
  /** The message starts with "for" ("for cooking"): it says what the request so far is for. */
  leadingFor: boolean;
  /** Activity words read as a category ("for cooking"): a refinement narrows by them. */
  interestWords: string[];
  /** "instead", "actually", "forget that": what follows replaces the request so far. */
  instead: boolean;
  /** A shown product by its place ("the second one" -> 2; "the last one" -> -1). */
  ordinal: number | null;
  /** "more like the second one", "similar to that one". */
  moreLike: boolean;
  /** A question about a shown product ("is the first one waterproof?", "tell me about it"). */
  question: boolean;
  /** "anything else for kids?": beyond the kind shown, keeping what it is for. */
  widen: boolean;
  /** "not that one", "i don't like the second one": that shown product is not wanted (its place in `ordinal`, else the first). */
  notShown: boolean;
  /** Kinds named as alternatives ("fitness trackers or smartwatches"): any of them will do. */
  alternatives: string[];
}
