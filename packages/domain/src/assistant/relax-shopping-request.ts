import { formatMoney } from "../pricing/money.ts";
import type { ParsedShoppingRequest } from "./parse-shopping-request.ts";
import { clampPrice } from "./read-price-bounds.ts";
import { GIFT_AUDIENCE } from "./shopping-phrases.ts";
import type { ShoppingRequest } from "./shopping-request.ts";

/**
 * When nothing matches a whole request: the looser requests to try, in order, each dropping one
 * more of the softest constraints, never the subject (what is sought: its product words, its
 * need's kinds, its categories) nor a brand the shopper named. Softest first: on sale, the gift
 * tag, the rating floor, a category named as a modifier ("fitness tracker"), the attribute
 * words ("waterproof", "leather"), then the price by PRICE_MARGIN (unless a follow-up just
 * stated it), the modifiers of the kind ("running shoe" -> shoe, within its categories, at the
 * price asked), then the price further (the kind's cheapest). Each says what it relaxed, for the reply.
 *
 * "gifts under $100 for a runner": nothing running is tagged a gift, so the gift tag goes and
 * running things under $100 show, never a kettle because it is a gift.
 */

/** A price bound is relaxed by this much once ("under $100" -> "under $125"); never dropped. */
export const PRICE_MARGIN = 0.25;
/**
 * When nothing of the kind is under twice the bound, its cheapest are shown up to this many times
 * the bound ("a laptop under $500": the cheapest laptop at $1,028); beyond it, the budget is not
 * one for that kind ("headphones under $1") and the answer is an honest nothing.
 */
export const CHEAPEST_OF_KIND = 10;

/** A search the assistant runs: a request plus what only ranks (categories) and any-of kinds. */
export interface SearchPlan extends ShoppingRequest {
  boostCategories: string[];
  /** Kinds of product any of which answers ("umbrella", "rain jacket"). */
  anyOf: string[];
}

export interface Relaxation {
  plan: SearchPlan;
  /** What this plan no longer asks for, as phrases ("on sale", "gifts", "\"waterproof\""). */
  relaxed: string[];
}

/** The relaxations in order, each with everything dropped so far (see the steps below). */
export function relaxations(parsed: ParsedShoppingRequest, base: SearchPlan): Relaxation[] {
  const steps = new RelaxationSteps(base);
  relaxSoftConstraints(steps, parsed);
  // The kind's wider family within the price asked: with a price, tried after the price's first
  // widening and before its larger ones; without one, last.
  let byHead = kindByHeadNoun(steps, parsed);
  const { minPrice, maxPrice } = steps.plan.filters;
  // A bound the last message itself set ("between 50 and 80") is kept: fewer products, or none.
  const justSaid = parsed.stated.minPrice !== null || parsed.stated.maxPrice !== null;
  if ((minPrice !== null || maxPrice !== null) && !(justSaid && parsed.refined)) {
    const priced = steps.plan;
    widenPrice(steps);
    if (byHead) steps.out.push(byHead);
    byHead = null;
    if (maxPrice !== null) cheapestOfKind(steps, priced, maxPrice);
  }
  if (byHead) steps.out.push(byHead);
  return steps.out;
}

/** The plan as relaxed so far, what has been dropped, and every relaxation made. */
class RelaxationSteps {
  readonly out: Relaxation[] = [];
  readonly relaxed: string[] = [];
  constructor(public plan: SearchPlan) {}

  step(next: SearchPlan, phrase: string) {
    this.plan = next;
    // A price widened again replaces the widening before it in what is said.
    if (phrase.startsWith("the price")) {
      const before = this.relaxed.findIndex((p) => p.startsWith("the price"));
      if (before >= 0) this.relaxed.splice(before, 1);
    }
    this.relaxed.push(phrase);
    this.out.push({ plan: next, relaxed: [...this.relaxed] });
  }
}

/** The softest first: sale, the tags (the gift tag), the rating, a category naming a kind, attributes. */
function relaxSoftConstraints(steps: RelaxationSteps, parsed: ParsedShoppingRequest) {
  const filters = () => steps.plan.filters;
  if (filters().onSale) steps.step({ ...steps.plan, filters: { ...filters(), onSale: false } }, "on sale");
  if (filters().tags.length > 0)
    steps.step(
      { ...steps.plan, filters: { ...filters(), tags: [] } },
      filters().tags.includes("gift") ? "the gift tag" : filters().tags.join(", "),
    );
  if (filters().minRating !== null)
    steps.step(
      { ...steps.plan, filters: { ...filters(), minRating: null } },
      `rated ${filters().minRating}+`,
    );
  // "fitness tracker": "Fitness" named a kind of tracker, not where trackers are filed (also
  // among kinds any of which will do: "fitness trackers or smartwatches").
  const plan = steps.plan;
  const kindsNamed = (parsed.subjectWords.length > 0 && plan.text !== "") || plan.anyOf.length > 0;
  if (plan.filters.categories.length > 0 && kindsNamed)
    steps.step(
      {
        ...plan,
        filters: { ...plan.filters, categories: [] },
        boostCategories: [...plan.boostCategories, ...plan.filters.categories],
      },
      `the category ${plan.filters.categories.join(" or ")}`,
    );
  const hasSubject =
    parsed.subjectWords.length > 0 || parsed.anyOf.length > 0 || steps.plan.filters.categories.length > 0;
  if (hasSubject && parsed.attributeWords.length > 0) {
    const kept = withoutWords(steps.plan.text, parsed.attributeWords);
    if (kept !== steps.plan.text)
      steps.step({ ...steps.plan, text: kept }, parsed.attributeWords.map((w) => `"${w}"`).join(", "));
  }
}

/**
 * The kind by its head noun ("running shoes" in a shop that files them as "Men's Shoes"), within
 * the kind's categories when the shop has them ("sleeping bag" widens to Outdoor bags), at the
 * price asked ("board games, max $25": card games at $13; "running shoes under $40" in a shop with
 * no shoe under $50: the cheapest running shoes, not sandals). Not a step yet: where it goes
 * depends on the price.
 */
function kindByHeadNoun(steps: RelaxationSteps, parsed: ParsedShoppingRequest): Relaxation | null {
  const plan = steps.plan;
  const head = parsed.subjectWords.at(-1);
  if (!head || parsed.subjectWords.length <= 1 || plan.text.split(" ").length <= 1) return null;
  const modifiers = parsed.subjectWords.slice(0, -1);
  // A gift for a child ("my nephew is 6 and loves trains"): who it is for is kept; other things
  // for children follow instead (the service's close fill), never a grown-up's training book.
  if (parsed.filters.tags.includes("gift") && modifiers.some((w) => GIFT_AUDIENCE.has(w))) return null;
  const kept = withoutWords(plan.text, modifiers);
  if (kept === plan.text || parsed.relative !== null) return null;
  const within = plan.filters.categories.length > 0 ? plan.filters.categories : plan.boostCategories;
  return {
    plan: { ...plan, text: kept, filters: { ...plan.filters, categories: within } },
    relaxed: [...steps.relaxed, `"${modifiers.join(" ")}" (any ${head})`],
  };
}

/** The price bounds widened by PRICE_MARGIN. */
function widenPrice(steps: RelaxationSteps) {
  const { minPrice, maxPrice } = steps.plan.filters;
  const widened = {
    minPrice: minPrice === null ? null : clampPrice(minPrice * (1 - PRICE_MARGIN)),
    maxPrice: maxPrice === null ? null : clampPrice(maxPrice * (1 + PRICE_MARGIN)),
  };
  const phrase =
    widened.maxPrice !== null
      ? `the price limit (now up to ${formatMoney(widened.maxPrice)})`
      : `the price floor (now from ${formatMoney(widened.minPrice ?? 0)})`;
  steps.step({ ...steps.plan, targetPrice: null, filters: { ...steps.plan.filters, ...widened } }, phrase);
}

/**
 * Still nothing: the kind as asked up to twice the bound, cheapest first ("a tent under $100" in a
 * shop whose tents start at $120 shows the cheapest tents, and says so); then, when the kind
 * starts higher still ("a laptop under $500", laptops from $1,000), its cheapest up to
 * CHEAPEST_OF_KIND times the bound. A budget far below anything of the kind ("headphones under
 * $1") still finds nothing.
 */
function cheapestOfKind(steps: RelaxationSteps, priced: SearchPlan, maxPrice: number) {
  const cheapestUpTo = (factor: number, said: string) =>
    steps.step(
      {
        ...priced,
        sort: "price-low",
        targetPrice: null,
        filters: { ...priced.filters, minPrice: null, maxPrice: clampPrice(maxPrice * factor) },
      },
      said,
    );
  const cap = clampPrice(maxPrice * 2);
  cheapestUpTo(
    2,
    `the price limit (nothing under ${formatMoney(maxPrice)}: the cheapest up to ${formatMoney(cap)})`,
  );
  cheapestUpTo(
    CHEAPEST_OF_KIND,
    `the price limit (nothing of it under ${formatMoney(maxPrice)}: the cheapest there is)`,
  );
}

function withoutWords(text: string, words: readonly string[]): string {
  return text
    .split(" ")
    .filter((w) => w && !words.includes(w))
    .join(" ");
}

function andList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the assistant says it understood or changed, before its usual reply. */
export function describeChanges(input: {
  subject: string;
  dropped: string[];
  relaxed: string[];
  excluded: string[];
  outOfStock: boolean;
  /** The first products matched everything; the relaxations only found those after them. */
  filled?: boolean;
  /** A refinement's new traits of what is shown ("sporty" after watches). */
  narrowed?: string[];
}): string {
  const parts: string[] = [];
  if (input.dropped.length > 0 && input.subject)
    parts.push(`${capitalised(input.subject)} now; I dropped ${andList(input.dropped)}.`);
  const narrowed = input.narrowed ?? [];
  if (narrowed.length > 0 && input.subject && input.relaxed.length === 0 && input.dropped.length === 0)
    parts.push(`Narrowing ${input.subject} to ${andList(narrowed.map((w) => `"${w}"`))}.`);
  if (input.excluded.length > 0) parts.push(`Leaving out ${andList(input.excluded)}.`);
  const kept = input.subject ? ` and kept to ${input.subject}` : "";
  if (input.relaxed.length > 0 && input.filled)
    parts.push(`Only a few matched everything; after them I relaxed ${andList(input.relaxed)}${kept}.`);
  else if (input.relaxed.length > 0)
    parts.push(`Nothing matched everything, so I relaxed ${andList(input.relaxed)}${kept}.`);
  if (input.outOfStock) parts.push("Nothing that fits is in stock right now; these are out of stock.");
  return parts.join(" ");
}
