import {
  type ShoppingCatalogNames,
  parseShoppingRequest,
  searchOf,
} from "../assistant/parse-shopping-request.ts";
import { type Cents, toDollars } from "../pricing/money.ts";

/**
 * The reference agent's deterministic planner (`npm run agent`): it reads an errand in plain
 * words with the shopping assistant's own parser, picks a product, and haggles the way a
 * patient, polite shopper would: ask, push while Ava keeps moving, accept when she stops.
 */

export interface ErrandSearch {
  /** search_products' arguments (dollars). */
  search: {
    query: string;
    category?: string;
    brand?: string;
    minPrice?: number;
    maxPrice?: number;
    onSale?: boolean;
    sort: "relevance" | "price-low" | "price-high" | "rating";
    limit: number;
  };
  /** The errand asks for a discount ("get a discount", "haggle", "best deal"). */
  haggle: boolean;
  /** The most the errand will pay for one product, in cents; null when it names no bound. */
  budget: Cents | null;
}

const HAGGLE_WORDS = /\b(discount|deal|haggle|haggling|negotiat\w*|bargain|cheaper|money off|% off)\b/i;

export function planErrand(errand: string, names: ShoppingCatalogNames): ErrandSearch {
  // The discount words are the agent's business, not the catalogue's ("discount" reads as "on sale" there).
  const shopping = errand.replace(new RegExp(HAGGLE_WORDS.source, "gi"), " ");
  const parsed = parseShoppingRequest([shopping], names);
  const request = searchOf(parsed, parsed.boostCategories);
  const { filters } = request;
  const search: ErrandSearch["search"] = {
    query: request.text,
    sort: request.sort,
    limit: 8,
  };
  if (filters.categories[0]) search.category = filters.categories[0];
  if (filters.brands[0]) search.brand = filters.brands[0];
  if (filters.minPrice !== null) search.minPrice = toDollars(filters.minPrice);
  if (filters.maxPrice !== null) search.maxPrice = toDollars(filters.maxPrice);
  if (filters.onSale) search.onSale = true;
  return { search, haggle: HAGGLE_WORDS.test(errand), budget: filters.maxPrice };
}

/** The product to buy: the best-ranked one in stock within the budget (dollars), if any. */
export function pickProduct<P extends { price: number; inStock: boolean }>(
  products: readonly P[],
  budgetDollars: number | null,
): P | null {
  return products.find((p) => p.inStock && (budgetDollars === null || p.price <= budgetDollars)) ?? null;
}

export interface HaggleState {
  /** Turns already taken. */
  turns: number;
  /** The discount (dollars) Ava offered after each turn, null where she offered none. */
  offers: (number | null)[];
}

export type HaggleMove =
  | { kind: "say"; message: string }
  | { kind: "accept" }
  | { kind: "stop"; reason: string };

/** At most this many turns: Ava's concessions shrink, and a patient human stops about here too. */
export const MAX_HAGGLE_TURNS = 4;

const OPENING = "Hi Ava! I'd like to buy this today. Could you give me a discount on my cart?";
const PUSHES = [
  "Thanks! That's close. Could you do a little better? I'm ready to check out right now.",
  "I appreciate it. Is there any more room on the price? Then we have a deal.",
  "Last try: can you meet me a bit lower? Otherwise I'll take your offer.",
];

/**
 * The next move: open, push while Ava's offer grows, accept when it has stopped growing twice in a
 * row (she may hold once before conceding more, as she does with a persistent human) or turns run
 * out.
 */
export function nextHaggleMove(state: HaggleState): HaggleMove {
  if (state.turns === 0) return { kind: "say", message: OPENING };
  const last = state.offers.at(-1) ?? null;
  const best = Math.max(0, ...state.offers.map((o) => o ?? 0));
  if (state.turns >= MAX_HAGGLE_TURNS) {
    return best > 0 && last !== null
      ? { kind: "accept" }
      : { kind: "stop", reason: "Ava made no offer that still stands." };
  }
  const held = (back: number) => {
    const now = state.offers.at(-back) ?? null;
    const before = state.offers.length > back ? (state.offers.at(-back - 1) ?? null) : null;
    return now !== null && before !== null && now <= before;
  };
  if (held(1) && held(2)) return { kind: "accept" };
  return { kind: "say", message: PUSHES[(state.turns - 1) % PUSHES.length] ?? OPENING };
}
