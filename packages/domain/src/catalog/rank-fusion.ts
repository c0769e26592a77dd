import type { Cents } from "../pricing/money.ts";

/**
 * Weighted reciprocal rank fusion of product search's legs: each leg ranks candidates (1 is
 * best) and a product scores the sum over legs of weight / (k + rank), so a product ranked well
 * by several legs beats one ranked first by a single leg, whatever the legs' own scales. A
 * target price then moves products priced near it up; ties go to the more popular product.
 */

/** The usual constant of reciprocal rank fusion: ranks 1 and 10 differ by 14%, not 10 times. */
export const RRF_K = 60;
/** How much each leg counts: words matter most, names catch typos and word order. */
export const LEG_WEIGHT = { text: 1, name: 0.5, vector: 0.7 } as const;
/** With a target price, a product priced exactly there scores this much more (linearly less up to 100% away). */
export const TARGET_PRICE_BOOST = 0.3;

/** One leg's vote: `id` is ranked `rank` (1-based) by a leg weighing `weight`. */
export interface RankVote {
  id: string;
  weight: number;
  rank: number;
}

/** Fused scores, summed in the order the votes come (insertion order of the map). */
export function fuseRanks(votes: Iterable<RankVote>, k = RRF_K): Map<string, number> {
  const scores = new Map<string, number>();
  for (const { id, weight, rank } of votes) scores.set(id, (scores.get(id) ?? 0) + weight / (k + rank));
  return scores;
}

/** 0..1: how close a price is to the target (1 at the target, 0 at 100% away or more). */
export function priceCloseness(price: Cents, target: Cents): number {
  return Math.max(0, 1 - Math.abs(price - target) / Math.max(target, 1));
}

/** Scores multiplied by up to 1 + TARGET_PRICE_BOOST the closer a product's price is to the target. */
export function boostNearTarget(
  scores: ReadonlyMap<string, number>,
  prices: ReadonlyMap<string, Cents>,
  target: Cents,
): Map<string, number> {
  const boosted = new Map(scores);
  for (const [id, score] of scores) {
    const price = prices.get(id);
    if (price === undefined) continue;
    boosted.set(id, score * (1 + TARGET_PRICE_BOOST * priceCloseness(price, target)));
  }
  return boosted;
}

/** The best `limit` ids: highest score, then most popular, then by id (a stable answer). */
export function topByScore(
  scores: ReadonlyMap<string, number>,
  popularity: ReadonlyMap<string, number>,
  limit: number,
): string[] {
  return [...scores.entries()]
    .sort(
      (a, b) =>
        b[1] - a[1] ||
        (popularity.get(b[0]) ?? 0) - (popularity.get(a[0]) ?? 0) ||
        (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
    )
    .slice(0, limit)
    .map(([id]) => id);
}
