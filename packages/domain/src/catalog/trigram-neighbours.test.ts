import { describe, expect, it } from "vitest";
import {
  buildTrigramIndex,
  trigramNeighbours,
  trigramsOf,
  wordSimilarity,
  wordsContaining,
} from "./trigram-neighbours.ts";

describe("trigram neighbours", () => {
  it("makes pg_trgm's padded trigrams", () => {
    expect(trigramsOf("ab")).toEqual(["  a", " ab", "ab "]);
  });

  it("measures word similarity as pg_trgm does", () => {
    // select word_similarity('headphnes', 'headphones') -> 0.61538464; ('headph', ...) -> 0.85714287
    expect(wordSimilarity("headphnes", "headphones")).toBeCloseTo(0.61538464, 5);
    expect(wordSimilarity("headph", "headphones")).toBeCloseTo(0.85714287, 5);
    expect(wordSimilarity("brehwaus", "brewhaus")).toBeCloseTo(0.3846154, 5);
  });

  it("finds the vocabulary words near a typo, closest first", () => {
    const index = buildTrigramIndex(["headphones", "headset", "lamp", "phones", "kettle"]);
    expect(trigramNeighbours(index, "headphnes", 0.45, 5)).toEqual(["headphones"]);
    expect(trigramNeighbours(index, "headph", 0.45, 5)).toEqual(["headphones", "headset"]);
    expect(trigramNeighbours(index, "blorp", 0.45, 5)).toEqual([]);
  });

  it("finds the vocabulary words containing a part, as a scan would", () => {
    const words = ["headphones", "headset", "phone", "smartphone", "phones", "lamp", "ox", "box"];
    const index = buildTrigramIndex(words);
    for (const part of ["phone", "headphones", "head", "amp", "ox", "o", "headphnes", "xyz", "pho"])
      expect(wordsContaining(index, part).sort(), part).toEqual(words.filter((w) => w.includes(part)).sort());
  });
});
