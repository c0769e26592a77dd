import { describe, expect, it } from "vitest";
import { holdoutBucket, holdoutGroupOf, validHoldoutShare } from "./holdout-assignment.ts";

/** Account ids like the server's (better-auth: 32 random letters and digits), from a seeded PRNG. */
function accountIds(count: number, seed: number): string[] {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from({ length: count }, () =>
    Array.from({ length: 32 }, () => letters[Math.floor(next() * letters.length)]).join(""),
  );
}

const EXPERIMENT = "5b1f0c6e-8a43-4c1d-9f8e-2a7d3b9c4e10";

describe("holdout assignment", () => {
  it("is stable: the same account and experiment give the same group every time", () => {
    for (const id of accountIds(200, 1)) {
      const first = holdoutGroupOf(id, EXPERIMENT, 1_000);
      for (let i = 0; i < 3; i++) expect(holdoutGroupOf(id, EXPERIMENT, 1_000)).toBe(first);
      expect(holdoutBucket(id, EXPERIMENT)).toBe(holdoutBucket(id, EXPERIMENT));
    }
  });

  it("is balanced: 10,000 accounts at a 10% share pass a chi-square test (1 df, p > 0.001)", () => {
    const ids = accountIds(10_000, 17);
    const held = ids.filter((id) => holdoutGroupOf(id, EXPERIMENT, 1_000) === "holdout").length;
    const expectedHeld = 1_000;
    const expectedAva = 9_000;
    const chi = (held - expectedHeld) ** 2 / expectedHeld + (10_000 - held - expectedAva) ** 2 / expectedAva;
    // 10.83 is the chi-square critical value for 1 degree of freedom at p = 0.001.
    expect(chi).toBeLessThan(10.83);
  });

  it("spreads buckets evenly: 10 deciles of 10,000 accounts pass a chi-square test (9 df, p > 0.001)", () => {
    const counts = new Array<number>(10).fill(0);
    for (const id of accountIds(10_000, 99)) {
      const bucket = holdoutBucket(id, EXPERIMENT);
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(bucket).toBeLessThan(10_000);
      counts[Math.floor(bucket / 1_000)]! += 1;
    }
    const chi = counts.reduce((s, c) => s + (c - 1_000) ** 2 / 1_000, 0);
    // 27.88 is the critical value for 9 degrees of freedom at p = 0.001.
    expect(chi).toBeLessThan(27.88);
  });

  it("reshuffles with a new experiment: the groups of two experiments are independent", () => {
    const ids = accountIds(10_000, 5);
    const other = "0d6c1a2b-3e4f-4a5b-8c7d-9e0f1a2b3c4d";
    const both = ids.filter(
      (id) =>
        holdoutGroupOf(id, EXPERIMENT, 1_000) === "holdout" && holdoutGroupOf(id, other, 1_000) === "holdout",
    ).length;
    // Independent 10% draws overlap on about 1% (100 of 10,000); identical ones would on 1,000.
    expect(both).toBeGreaterThan(50);
    expect(both).toBeLessThan(160);
  });

  it("holds nobody out at 0 and everybody at 100%", () => {
    for (const id of accountIds(100, 3)) {
      expect(holdoutGroupOf(id, EXPERIMENT, 0)).toBe("ava");
      expect(holdoutGroupOf(id, EXPERIMENT, 10_000)).toBe("holdout");
    }
  });

  it("accepts shares from 1% to 50% in whole basis points", () => {
    expect(validHoldoutShare(1_000)).toBe(true);
    expect(validHoldoutShare(100)).toBe(true);
    expect(validHoldoutShare(5_000)).toBe(true);
    expect(validHoldoutShare(99)).toBe(false);
    expect(validHoldoutShare(5_001)).toBe(false);
    expect(validHoldoutShare(1_000.5)).toBe(false);
  });
});
