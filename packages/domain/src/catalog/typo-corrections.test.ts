import { describe, expect, it } from "vitest";
import type { QueryGroup, SearchLexicon } from "./search-query.ts";
import {
  allowedEdits,
  correctionsFor,
  editDistance,
  type SearchVocabulary,
  typoSuspects,
  withCorrections,
} from "./typo-corrections.ts";

const lexicon: SearchLexicon = {
  splitWords: (text) =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  stemWord: (word) => (word.length > 3 && word.endsWith("s") ? word.slice(0, -1) : word),
  stopWords: new Set(),
  termKey: (term) => term.toLowerCase(),
  findTerms: (stems) =>
    stems.flatMap((stem, start) =>
      stem === "headphone"
        ? [{ start, length: 1, concept: 0, entry: { terms: ["headphones", "headset"] } }]
        : [],
    ),
};
const vocabulary: SearchVocabulary = {
  words: ["headphones", "keyboard", "block", "blanket", "tent", "sneaker"],
  tags: new Set(["yoga-mat", "tents"]),
};
const group = (...typed: string[]): QueryGroup => ({
  typed,
  alternatives: [],
  corrections: [],
  tagPhrases: [],
});

describe("editDistance", () => {
  it("counts edits, a swap of neighbours counting one", () => {
    expect(editDistance("headphnes", "headphones")).toBe(1);
    expect(editDistance("keybaord", "keyboard")).toBe(1);
    expect(editDistance("snekers", "sneaker")).toBe(2);
    expect(editDistance("blorp", "block")).toBe(2);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("stops early beyond the maximum", () => {
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });

  it("allows one edit for short words and two from seven letters", () => {
    expect(allowedEdits("blorp")).toBe(1);
    expect(allowedEdits("headphnes")).toBe(2);
  });
});

describe("typo suspects and corrections", () => {
  it("suspects single typed words of letters the vocabulary and tags do not know", () => {
    const groups = [
      group("headphnes"),
      group("tent"),
      group("tv"),
      group("x100"),
      group("tent"),
      group("a", "b"),
    ];
    expect(typoSuspects(groups, vocabulary, lexicon)).toEqual([{ index: 0, word: "headphnes" }]);
    expect(typoSuspects([group("tent")], { words: [], tags: new Set(["tents"]) }, lexicon)).toEqual([]);
  });

  it("corrects to the closest words within the allowed edits, at most three", () => {
    expect(correctionsFor("headphnes", vocabulary)).toEqual(["headphones"]);
    expect(correctionsFor("blorp", vocabulary)).toEqual([]);
    expect(
      correctionsFor("tant", { words: ["tent", "tan", "tart", "taunt", "want"], tags: new Set() }),
    ).toEqual(["tan", "tart", "taunt"]);
  });

  it("adds the corrections and their synonyms to the misspelled groups only", () => {
    const groups = [group("headphnes"), group("blorp"), group("tent")];
    const corrected = withCorrections(
      groups,
      [
        { index: 0, word: "headphnes" },
        { index: 1, word: "blorp" },
      ],
      vocabulary,
      lexicon,
    );
    expect(corrected[0]).toEqual({
      typed: ["headphnes"],
      alternatives: ["headset"],
      corrections: ["headphones"],
      tagPhrases: [],
    });
    expect(corrected[1]).toBe(groups[1]);
    expect(corrected[2]).toBe(groups[2]);
  });
});
