/**
 * The market simulator's shoppers: each brings a cart of 1–5 items from the seeded
 * catalogue, a hidden reservation price (the most they will pay for that cart) and a walk-away
 * rule, drawn from a configurable population. A shopper is a small script that reads what Ava
 * decided and answers with words, the accept button or leaving; it never sees the policy.
 *
 * Two kinds of shopper:
 * - would-buy-anyway: the reservation is at or above the cart's price (they buy with no
 *   negotiator). Some open the chat anyway, ask (bare "10% off?", a discount, a lowball budget)
 *   and push a few times (persistence), then take what stands or pay the price.
 * - price-sensitive: the reservation is below the price by a drawn share (sensitivity); they
 *   haggle for up to `patience` messages and buy as soon as an offer fits, else walk away.
 *
 * Everything is drawn from a seeded PRNG: the same seed gives the same shoppers.
 */
import type { LoyaltyTier } from "@haggle/domain/negotiation/loyalty-tiers";
import type {
  NegotiationState,
  OfferLever,
  OfferTerms,
  TurnLine,
} from "@haggle/domain/negotiation/negotiation-types";
import type { Cents } from "@haggle/domain/pricing/money";
import { buildCatalogue, type SeedProduct } from "../../apps/server/src/testing.ts";
import {
  intBetween as between,
  mulberry32,
  pickWith as pick,
  type Rand,
} from "@haggle/domain/random/mulberry32";

export { mulberry32, type Rand };
const uniform = (rand: Rand, [min, max]: readonly [number, number]) => min + rand() * (max - min);
function weighted<K extends string>(rand: Rand, weights: Record<K, number>): K {
  const entries = Object.entries(weights) as [K, number][];
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let x = rand() * total;
  for (const [key, w] of entries) {
    x -= w;
    if (x < 0) return key;
  }
  return entries[entries.length - 1]![0];
}

export const catalogue: SeedProduct[] = buildCatalogue().filter((p) => p.stockLevel > 0);

export type Style = "beg" | "anchor" | "budget";

/** A population of shoppers: every knob the simulator draws from. */
export interface Population {
  name: string;
  /** Share of shoppers who would buy the cart at its price with no negotiator. */
  wouldBuyAnywayShare: number;
  /** Price-sensitive shoppers: the discount they need, as a share of the cart (uniform in the range). */
  sensitivity: readonly [number, number];
  /** Would-buy-anyway shoppers: how far above the price their reservation lies (uniform). */
  surplus: readonly [number, number];
  /** Would-buy-anyway shoppers who open the negotiation at all. */
  chatShare: number;
  /** Would-buy-anyway shoppers: pushes after their opening before taking what stands (inclusive range). */
  persistence: readonly [number, number];
  /** Price-sensitive shoppers: messages before they walk away (inclusive range). */
  patience: readonly [number, number];
  /** How shoppers open: begging without a number, anchoring on a percent, or stating a budget. */
  styles: Record<Style, number>;
  /** Anchoring shoppers ask this many points more than they need (eager: than a round 10–20%). */
  anchorGap: readonly [number, number];
  /** Share of shoppers who would take a suggested cross-sell (they value it at 60–100% of its price). */
  bundleInterest: number;
  tiers: Record<LoyaltyTier, number>;
  /** Share of carts with 1, 2, 3, 4, 5 items. */
  cartSizes: readonly [number, number, number, number, number];
}

const COMMON = {
  sensitivity: [0.02, 0.3] as const,
  surplus: [0, 0.2] as const,
  chatShare: 0.75,
  persistence: [0, 2] as const,
  patience: [3, 9] as const,
  styles: { beg: 0.4, anchor: 0.35, budget: 0.25 },
  anchorGap: [2, 8] as const,
  bundleInterest: 0.35,
  tiers: { NONE: 0.45, BRONZE: 0.25, SILVER: 0.15, GOLD: 0.1, PLATINUM: 0.05 },
  cartSizes: [0.35, 0.25, 0.2, 0.12, 0.08] as const,
};

/** The three populations `npm run eval:market` reports. Fixed before the policy was tuned. */
export const POPULATIONS: Population[] = [
  { name: "mostly eager", ...COMMON, wouldBuyAnywayShare: 0.8 },
  { name: "mixed", ...COMMON, wouldBuyAnywayShare: 0.5 },
  { name: "mostly price-sensitive", ...COMMON, wouldBuyAnywayShare: 0.2 },
];

export interface Shopper {
  lines: TurnLine[];
  subtotal: Cents;
  tier: LoyaltyTier;
  /** The most this shopper pays for the cart as it is (hidden from Ava). */
  reservation: Cents;
  wouldBuyAnyway: boolean;
  /** Opens the negotiation at all. */
  chats: boolean;
  style: Style;
  /** How much the shopper values a cross-sell, as a share of its price (0: not interested). */
  bundleValue: number;
  /** Eager: pushes before taking what stands; sensitive: messages before walking away. */
  patience: number;
  anchorGap: number;
}

function cartFor(rand: Rand, population: Population): TurnLine[] {
  const size =
    1 +
    Number(
      weighted(rand, {
        0: population.cartSizes[0],
        1: population.cartSizes[1],
        2: population.cartSizes[2],
        3: population.cartSizes[3],
        4: population.cartSizes[4],
      }),
    );
  const chosen: SeedProduct[] = [];
  while (chosen.length < size) {
    const p = pick(rand, catalogue);
    if (!chosen.includes(p)) chosen.push(p);
  }
  return chosen.map((p, i) => ({
    cartItemId: `line-${i}-${p.sku}`,
    productId: p.sku,
    name: p.name,
    price: p.priceCents,
    listPrice: p.listPriceCents,
    quantity: Math.min(rand() < 0.15 ? 2 : 1, p.stockLevel),
    stockLevel: p.stockLevel,
    demandIndex: p.demandIndex,
    brand: p.brand,
    category: p.category,
  }));
}

/** Shopper `index` of a population: the cart stream is shared across populations (like carts compare). */
export function drawShopper(population: Population, seed: number, index: number): Shopper {
  const lines = cartFor(mulberry32(seed + index * 7919), population);
  const rand = mulberry32((seed ^ 0x5bd1e995) + index * 104_729);
  const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const wouldBuyAnyway = rand() < population.wouldBuyAnywayShare;
  const reservation = wouldBuyAnyway
    ? Math.floor(subtotal * (1 + uniform(rand, population.surplus)))
    : Math.floor(subtotal * (1 - uniform(rand, population.sensitivity)));
  const chats = wouldBuyAnyway ? rand() < population.chatShare : true;
  const style = weighted(rand, population.styles);
  const bundleValue = rand() < population.bundleInterest ? 0.6 + 0.4 * rand() : 0;
  const patience = wouldBuyAnyway
    ? between(rand, population.persistence[0], population.persistence[1])
    : between(rand, population.patience[0], population.patience[1]);
  return {
    lines,
    subtotal,
    tier: weighted(rand, population.tiers),
    reservation,
    wouldBuyAnyway,
    chats,
    style,
    bundleValue,
    patience,
    anchorGap: between(rand, population.anchorGap[0], population.anchorGap[1]),
  };
}

// ---------------------------------------------------------------- the shopper's script

export interface View {
  turn: number;
  standing: OfferTerms | null;
  approval: NegotiationState["approval"];
  /** What Ava's last reply said would move her (empty when she said nothing of it). */
  levers?: readonly OfferLever[];
}
export type Action = { say: string } | { accept: true } | { leave: true } | { buyAtPrice: true };

const dollars = (cents: Cents) => (cents / 100).toFixed(2);
const PUSHES = ["Is that your best price?", "can you do better?", "too expensive still", "any lower?"];
const BEGS = ["Can I get a discount?", "Any deals on this?", "Is there any discount?"];

/** What an offer costs this shopper: its total, less what a bundled product is worth to them. */
export function effectiveCost(shopper: Shopper, offer: OfferTerms): number {
  const bundled = offer.newItems.reduce((s, n) => s + n.price * n.quantity, 0);
  return offer.subtotal - offer.discount - bundled * shopper.bundleValue;
}

/**
 * The shopper's script: a fresh closure per conversation, seeded by `rand`. `followsAdvice`: when
 * Ava says what would move her, the shopper does what they can of it: states their budget (the
 * reservation for the price-sensitive, the lowball for the eager) and keeps to it, or asks for the
 * bundle when they would value the product (their cart itself stays as it is).
 */
export function scriptFor(shopper: Shopper, rand: Rand, followsAdvice = false): (view: View) => Action {
  const { subtotal, reservation } = shopper;
  const neededPct = Math.max(1, Math.ceil(((subtotal - reservation) * 100) / subtotal));
  // Eager shoppers anchor on a round figure; sensitive ones a few points above what they need.
  let anchor = shopper.wouldBuyAnyway ? pick(rand, [10, 10, 15, 20]) : neededPct + shopper.anchorGap;
  // A stated budget: the reservation for the sensitive, a lowball 5–15% under the price for the eager.
  const budget = shopper.wouldBuyAnyway ? Math.floor(subtotal * (0.85 + 0.1 * rand())) : reservation;
  let askedBundle = false;
  let style = shopper.style;
  const fits = (offer: OfferTerms | null) => offer !== null && effectiveCost(shopper, offer) <= reservation;

  return (view) => {
    if (view.approval?.status === "pending") return { say: "Any news from your manager?" };
    if (shopper.wouldBuyAnyway) {
      // Opening, then `patience` pushes, then take what stands (if it beats the price) or pay the price.
      if (view.turn > shopper.patience) {
        if (view.standing && effectiveCost(shopper, view.standing) < subtotal) return { accept: true };
        return { buyAtPrice: true };
      }
    } else {
      if (fits(view.standing)) return { accept: true };
      if (view.turn >= shopper.patience) return { leave: true };
    }
    if (followsAdvice && view.levers) {
      const said = new Set(view.levers.map((l) => l.kind));
      if (said.has("bundle") && shopper.bundleValue > 0 && !askedBundle) {
        askedBundle = true;
        return { say: "I'll take the bundle you suggested, what can you do?" };
      }
      if (said.has("budget") && style !== "budget") {
        style = "budget";
        return { say: `My budget is $${dollars(budget)} for everything, can you do that?` };
      }
    }
    if (view.turn > 0 && shopper.bundleValue > 0 && !askedBundle && rand() < 0.5) {
      askedBundle = true;
      return { say: pick(rand, ["Is there a bundle deal?", "Any bundle deals if I add something?"]) };
    }
    switch (style) {
      case "beg":
        return { say: view.turn === 0 ? pick(rand, BEGS) : pick(rand, PUSHES) };
      case "anchor": {
        if (view.turn > 0)
          anchor = Math.max(shopper.wouldBuyAnyway ? 1 : neededPct, anchor - between(rand, 1, 3));
        return {
          say:
            view.turn === 0
              ? `${anchor}% off?`
              : pick(rand, [`Could you do ${anchor}% off?`, `How about ${anchor}% off?`]),
        };
      }
      case "budget":
        return {
          say:
            view.turn === 0
              ? `My budget is $${dollars(budget)} for everything, can you do that?`
              : pick(rand, [
                  `Can you do $${dollars(budget)} total?`,
                  "That's still over my budget. Is that your best price?",
                ]),
        };
    }
  };
}
