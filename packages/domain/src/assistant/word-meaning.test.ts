import { describe, expect, it } from "vitest";
import { compoundParts, indexTerms, nearestTerms, type WordVectors, wordForms } from "./word-meaning.ts";

/** Three directions of meaning: running, rain, cooking. */
const table: Record<string, number[]> = {
  running: [10, 1, 0],
  runner: [9, 2, 1],
  rain: [0, 10, 1],
  rainy: [1, 9, 0],
  umbrella: [0, 8, 3],
  cooking: [0, 1, 10],
  kettle: [1, 0, 9],
  hike: [5, 5, 5],
};
const vectors: WordVectors = { dimensions: 3, vectorOf: (w) => table[w] };

describe("reading a word by its meaning", () => {
  it("finds the catalogue's words nearest to a word it does not contain", () => {
    const index = indexTerms(["running", "umbrella", "rain", "kettle", "cooking"], vectors);
    expect(nearestTerms("runner", vectors, index)).toEqual(["running"]);
    expect(nearestTerms("rainy", vectors, index)).toEqual(["rain", "umbrella"]);
    expect(nearestTerms("zxqv", vectors, index)).toEqual([]);
  });

  it("looks a word up by lighter forms when it is not listed ('hikers' -> 'hike')", () => {
    expect(wordForms("hikers")).toContain("hike");
    expect(wordForms("runners")).toContain("runner");
    const index = indexTerms(["running", "kettle"], vectors);
    expect(nearestTerms("runners", vectors, index)).toEqual(["running"]);
  });

  it("keeps nothing below the floor of similarity", () => {
    const index = indexTerms(["running", "kettle"], vectors);
    expect(nearestTerms("rainy", vectors, index)).toEqual([]);
  });
});

describe("compoundParts", () => {
  const known = (w: string) => ["bird", "watching", "star", "gazing", "birdwatch"].includes(w);
  it("splits a word into two the catalogue knows", () => {
    expect(compoundParts("birdwatching", known)).toEqual(["bird", "watching"]);
    expect(compoundParts("stargazing", known)).toEqual(["star", "gazing"]);
  });
  it("leaves a word no split of which is known", () => {
    expect(compoundParts("snorkelling", known)).toBeNull();
    expect(compoundParts("birds", known)).toBeNull();
  });
});
