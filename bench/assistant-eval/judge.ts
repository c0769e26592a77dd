/**
 * The judges of the assistant evaluation: pure functions from what the assistant showed (and
 * said) after a turn to "would this shopper be satisfied", with the reasons when not. No server,
 * no database: the unit test runs them on hand-made answers.
 */
import type { Expectation, Match } from "./conversation.ts";

/** A product as the judges read it: the shop's product fields they need, price in dollars. */
export interface ShownProduct {
  name: string;
  brand: string;
  category: string;
  price: number;
  inStock: boolean;
  tags: readonly string[];
}

/** The first products shown are the ones a shopper looks at (the carousel's first screen). */
export const LOOKED_AT = 4;
/** How many of those must be of the asked kind when no `atLeast` is given. */
export const DEFAULT_AT_LEAST = 3;
/** An honest "we don't have that": one of these words in the reply. */
const HONEST_NO =
  /\b(no|not|nothing|none|don'?t|do not|doesn'?t|couldn'?t|can'?t|cannot|isn'?t|aren'?t|sorry|unfortunately|only)\b/i;

const lower = (s: string) => s.toLowerCase();

/** Whether a product is of the kind: any of the match's fields, and its `and` too when given. */
export function matches(product: ShownProduct, match: Match): boolean {
  if (match.and && !matches(product, match.and)) return false;
  if (match.category?.some((c) => lower(c) === lower(product.category))) return true;
  if (match.brand?.some((b) => lower(b) === lower(product.brand))) return true;
  if (match.tags?.some((t) => product.tags.some((pt) => lower(pt) === lower(t)))) return true;
  if (match.name !== undefined && new RegExp(match.name, "i").test(product.name)) return true;
  return false;
}

const describe = (m: Match): string =>
  [
    m.category && `category ${m.category.join("/")}`,
    m.name && `name /${m.name}/`,
    m.tags && `tag ${m.tags.join("/")}`,
    m.brand && `brand ${m.brand.join("/")}`,
  ]
    .filter(Boolean)
    .join(" or ") + (m.and ? ` and (${describe(m.and)})` : "");

/** Would a product satisfy every product-level constraint of the expectation? */
export function fits(product: ShownProduct, expect: Expectation): boolean {
  if (expect.kind && !matches(product, expect.kind)) return false;
  if (expect.maxPrice !== undefined && product.price > expect.maxPrice) return false;
  if (expect.minPrice !== undefined && product.price < expect.minPrice) return false;
  if (expect.none?.some((m) => matches(product, m))) return false;
  return true;
}

/** How many products of the catalogue satisfy the expectation's kind, prices and exclusions. */
export function available(catalogue: readonly ShownProduct[], expect: Expectation): number {
  return catalogue.filter((p) => fits(p, expect)).length;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export interface TurnAnswer {
  text: string;
  /** The products of the last products event of the reply (empty when none was sent). */
  products: readonly ShownProduct[];
}

export interface Verdict {
  pass: boolean;
  failures: string[];
}

/** One turn under judgement: what was expected, the answer, the previous answer and the shop's products. */
interface Judged {
  expect: Expectation;
  answer: TurnAnswer;
  previous: TurnAnswer | null;
  catalogue: readonly ShownProduct[];
  /** The products the shopper looks at. */
  top: readonly ShownProduct[];
  /** Those products as the failure messages name them. */
  list: () => string;
}

/** A check of one expectation: its failures (none when it holds or was not asked). */
type Check = (t: Judged) => string[];

const noneOf: Check = ({ expect, top }) =>
  (expect.none ?? []).flatMap((m) => {
    const bad = top.filter((p) => matches(p, m));
    return bad.length > 0 ? [`expected no ${describe(m)}, showed ${bad.map((p) => p.name).join("; ")}`] : [];
  });

/** The shop has nothing of the kind: none shown, and the reply says so honestly. */
const honestNothing: Check = (t) => {
  const { expect, answer, top, list } = t;
  const failures: string[] = [];
  const wrongly = expect.kind ? top.filter((p) => matches(p, expect.kind as Match)) : [];
  if (wrongly.length > 0)
    failures.push(`expected none of ${describe(expect.kind as Match)}, showed ${list()}`);
  failures.push(...noneOf(t));
  if (!HONEST_NO.test(answer.text))
    failures.push(`expected an honest "we don't have that", said: ${answer.text.slice(0, 160)}`);
  return failures;
};

const showsSomething: Check = ({ expect, top }) =>
  expect.shows && top.length === 0 ? ["expected products, showed nothing"] : [];

const enoughOfKind: Check = ({ expect, top, catalogue, list }) => {
  if (!expect.kind) return [];
  const exist = available(catalogue, expect);
  const required = Math.min(expect.atLeast ?? DEFAULT_AT_LEAST, exist, LOOKED_AT);
  const good = top.filter((p) => matches(p, expect.kind as Match)).length;
  return good < required
    ? [
        `expected at least ${required} of ${describe(expect.kind)} in the first ${LOOKED_AT}, got ${good}: ${list()}`,
      ]
    : [];
};

const withinPrices: Check = ({ expect, top }) => {
  const failures: string[] = [];
  if (expect.maxPrice !== undefined) {
    const over = top.filter((p) => p.price > (expect.maxPrice as number));
    if (over.length > 0)
      failures.push(
        `expected all at most $${expect.maxPrice}, showed ${over.map((p) => `${p.name} ($${p.price})`).join("; ")}`,
      );
  }
  if (expect.minPrice !== undefined) {
    const under = top.filter((p) => p.price < (expect.minPrice as number));
    if (under.length > 0)
      failures.push(
        `expected all at least $${expect.minPrice}, showed ${under.map((p) => `${p.name} ($${p.price})`).join("; ")}`,
      );
  }
  return failures;
};

const cheapestFirst: Check = ({ expect, top, catalogue, list }) => {
  if (!expect.cheapest) return [];
  const candidates = catalogue.filter((p) => fits(p, expect));
  const inStock = candidates.filter((p) => p.inStock);
  const lowest = Math.min(...(inStock.length > 0 ? inStock : candidates).map((p) => p.price));
  const first = top[0];
  return !first || !fits(first, expect) || first.price > lowest + 0.005
    ? [`expected the cheapest first ($${lowest}), showed ${list()}`]
    : [];
};

const cheaperThanBefore: Check = ({ expect, top, previous, list }) => {
  if (!expect.cheaperThanBefore) return [];
  const before = (previous?.products ?? []).slice(0, LOOKED_AT).map((p) => p.price);
  const now = top.map((p) => p.price);
  // Cheaper as a shopper sees it: the typical price fell, or the dearest ones went while the
  // cheapest stayed (already shown the cheapest there is, the rest can only come down to it).
  const cheaper =
    now.length > 0 &&
    before.length > 0 &&
    (median(now) < median(before) ||
      (Math.max(...now) < Math.max(...before) && Math.min(...now) <= Math.min(...before)));
  return cheaper
    ? []
    : [`expected cheaper than before ($${before.join(", $") || "nothing"}), showed ${list()}`];
};

const likeShown: Check = ({ expect, top, previous, list }) => {
  if (expect.likeShown === undefined) return [];
  const reference = previous?.products[expect.likeShown - 1];
  if (!reference)
    return [`expected products like the previous turn's number ${expect.likeShown}, which was not shown`];
  const same = top.filter((p) => lower(p.category) === lower(reference.category));
  const others = same.filter((p) => p.name !== reference.name);
  // The same list again is no answer to "more like that one".
  const unchanged =
    top.map((p) => p.name).join("\n") ===
    (previous?.products ?? [])
      .slice(0, LOOKED_AT)
      .map((p) => p.name)
      .join("\n");
  return same.length < 2 || others.length < 1 || unchanged
    ? [
        `expected products like ${reference.name} (${reference.category})${unchanged ? ", not the same list again" : ""}, showed ${list()}`,
      ]
    : [];
};

const inStockFirst: Check = ({ expect, answer }) => {
  if (!expect.inStockFirst) return [];
  const firstSoldOut = answer.products.findIndex((p) => !p.inStock);
  return firstSoldOut >= 0 && answer.products.slice(firstSoldOut).some((p) => p.inStock)
    ? [
        `expected in-stock products first: ${answer.products.map((p) => `${p.name}${p.inStock ? "" : " (sold out)"}`).join("; ")}`,
      ]
    : [];
};

const saysText: Check = ({ expect, answer }) =>
  expect.text !== undefined && !new RegExp(expect.text, "i").test(answer.text)
    ? [`expected the reply to say /${expect.text}/, said: ${answer.text.slice(0, 160)}`]
    : [];

/** The checks of a turn that expects products, in the order their failures are reported. */
const SHOWING_CHECKS: readonly Check[] = [
  showsSomething,
  enoughOfKind,
  noneOf,
  withinPrices,
  cheapestFirst,
  cheaperThanBefore,
  likeShown,
  inStockFirst,
  saysText,
];

/**
 * Judges one turn. `previous` is the last answer before it that showed products (for relative
 * expectations: "cheaper" after "thanks! how long is delivery?" compares with what is on screen),
 * `catalogue` every product of the shop (so a kind asks for at most as many
 * products as exist).
 */
export function judgeTurn(
  expect: Expectation,
  answer: TurnAnswer,
  previous: TurnAnswer | null,
  catalogue: readonly ShownProduct[],
): Verdict {
  const top = answer.products.slice(0, LOOKED_AT);
  const list = () => top.map((p) => `${p.name} ($${p.price})`).join("; ") || "nothing";
  const judged: Judged = { expect, answer, previous, catalogue, top, list };
  const failures = expect.nothing ? honestNothing(judged) : SHOWING_CHECKS.flatMap((check) => check(judged));
  return { pass: failures.length === 0, failures };
}
