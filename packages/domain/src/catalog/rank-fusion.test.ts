import { describe, expect, it } from "vitest";
import { boostNearTarget, fuseRanks, LEG_WEIGHT, priceCloseness, RRF_K, topByScore } from "./rank-fusion.ts";

describe("fuseRanks", () => {
  it("sums weight / (k + rank) over the legs", () => {
    const scores = fuseRanks([
      { id: "a", weight: LEG_WEIGHT.text, rank: 1 },
      { id: "b", weight: LEG_WEIGHT.text, rank: 2 },
      { id: "a", weight: LEG_WEIGHT.vector, rank: 3 },
    ]);
    expect(scores.get("a")).toBeCloseTo(1 / (RRF_K + 1) + 0.7 / (RRF_K + 3), 12);
    expect(scores.get("b")).toBeCloseTo(1 / (RRF_K + 2), 12);
    expect([...scores.keys()]).toEqual(["a", "b"]);
  });

  it("ranks a product several legs like above one a single leg ranks first", () => {
    const scores = fuseRanks([
      { id: "solo", weight: LEG_WEIGHT.text, rank: 1 },
      { id: "both", weight: LEG_WEIGHT.text, rank: 3 },
      { id: "both", weight: LEG_WEIGHT.vector, rank: 2 },
    ]);
    expect(topByScore(scores, new Map(), 2)).toEqual(["both", "solo"]);
  });
});

describe("a target price", () => {
  it("is 1 at the target, falls linearly and is 0 from 100% away", () => {
    expect(priceCloseness(6000, 6000)).toBe(1);
    expect(priceCloseness(4500, 6000)).toBe(0.75);
    expect(priceCloseness(12_000, 6000)).toBe(0);
    expect(priceCloseness(50_000, 6000)).toBe(0);
    expect(priceCloseness(0, 0)).toBe(1);
  });

  it("moves a product priced near it up by at most 30%", () => {
    const scores = new Map([
      ["far", 1],
      ["near", 0.8],
      ["unknown", 0.9],
    ]);
    const boosted = boostNearTarget(
      scores,
      new Map([
        ["far", 20_000],
        ["near", 6000],
      ]),
      6000,
    );
    expect(boosted.get("near")).toBeCloseTo(1.04, 12);
    expect(boosted.get("far")).toBe(1);
    expect(boosted.get("unknown")).toBe(0.9);
    expect(scores.get("near")).toBe(0.8);
  });
});

describe("topByScore", () => {
  it("orders by score, then popularity, then id, and keeps the first `limit`", () => {
    const scores = new Map([
      ["c", 0.5],
      ["b", 0.5],
      ["a", 0.5],
      ["top", 0.9],
    ]);
    expect(topByScore(scores, new Map([["c", 4]]), 3)).toEqual(["top", "c", "a"]);
  });
});
