import { describe, expect, it } from "vitest";
import {
  expandQuery,
  type LexiconMatch,
  MAX_GROUPS,
  relaxedCoverage,
  requiredCoverage,
  type SearchLexicon,
  tagForms,
} from "./search-query.ts";

/** A small lexicon in the shape of the server's: plurals stemmed, a three-line synonym table. */
const TABLE = [
  { terms: ["sneaker", "trainer", "kicks"], expandsTo: ["running shoe"] },
  { terms: ["wireless", "bluetooth"] },
  { terms: ["hair straightener", "flat iron", "straightener"] },
];
const STOP = new Set(["the", "for", "of", "and", "a"]);
const splitWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const stemWord = (word: string) => (word.length > 3 && word.endsWith("s") ? word.slice(0, -1) : word);
const termKey = (term: string) =>
  splitWords(term)
    .filter((w) => !STOP.has(w))
    .map(stemWord)
    .join(" ");
const keys = new Map(
  TABLE.flatMap((entry, concept) => entry.terms.map((t) => [termKey(t), concept] as const)),
);
const lexicon: SearchLexicon = {
  splitWords,
  stemWord,
  stopWords: STOP,
  termKey,
  findTerms(stems) {
    const found: LexiconMatch[] = [];
    for (let i = 0; i < stems.length; ) {
      const length = [2, 1].find((n) => i + n <= stems.length && keys.has(stems.slice(i, i + n).join(" ")));
      const concept = length && keys.get(stems.slice(i, i + length).join(" "));
      if (length && concept !== undefined) {
        found.push({ start: i, length, entry: TABLE[concept]!, concept });
        i += length;
      } else i++;
    }
    return found;
  },
};
const expand = (text: string) => expandQuery(text, lexicon);

describe("expandQuery", () => {
  it("makes a group per word, with the synonyms and narrower terms of a table phrase", () => {
    expect(expand("Comfy SNEAKERS for the gym")).toEqual([
      {
        typed: ["comfy"],
        alternatives: [],
        corrections: [],
        tagPhrases: ["comfy-sneakers", "comfy-sneakers-for"],
      },
      {
        typed: ["sneakers"],
        alternatives: ["trainer", "kicks", "running shoe"],
        corrections: [],
        tagPhrases: ["comfy-sneakers", "comfy-sneakers-for"],
      },
      { typed: ["gym"], alternatives: [], corrections: [], tagPhrases: [] },
    ]);
  });

  it("puts typed synonyms in one group and a multi-word phrase in one group", () => {
    expect(expand("wireless bluetooth speaker").map((g) => g.typed)).toEqual([
      ["wireless", "bluetooth"],
      ["speaker"],
    ]);
    expect(expand("hair straightener")).toEqual([
      expect.objectContaining({ typed: ["hair straightener"], alternatives: ["flat iron", "straightener"] }),
    ]);
  });

  it("offers neighbouring words, stop words included, as hyphenated tags", () => {
    expect(expand("work from home")[0]?.tagPhrases).toEqual(["work-from", "work-from-home"]);
    expect(expand("home gym").map((g) => g.tagPhrases)).toEqual([["home-gym"], ["home-gym"]]);
  });

  it("drops stop words, repeats and single letters, and keeps at most MAX_GROUPS groups", () => {
    expect(expand("the of and")).toEqual([]);
    expect(expand("tent tent x").map((g) => g.typed)).toEqual([["tent"]]);
    expect(expand("a b c d e f g h i j k l m n o p q r s t u v w x y z 1 2 3 4 5 6 7 8 9")).toHaveLength(
      MAX_GROUPS,
    );
  });
});

describe("coverage", () => {
  it("needs every word of a short query and two thirds (at least half) of a long one", () => {
    expect([1, 2, 3, 4, 5, 6].map(requiredCoverage)).toEqual([1, 2, 2, 3, 4, 4]);
    expect([1, 2, 3, 4, 5, 6].map(relaxedCoverage)).toEqual([1, 2, 2, 2, 3, 3]);
  });
});

describe("tagForms", () => {
  it("gives the singular, plural and joined forms a tag may use", () => {
    expect(tagForms(["sleeping bags"], lexicon)).toEqual([
      "sleeping-bags",
      "sleepingbags",
      "sleeping-bag",
      "sleepingbag",
    ]);
    expect(tagForms(["battery"], lexicon)).toEqual(["battery", "batterys", "batteries"]);
    expect(tagForms(["", "!!"], lexicon)).toEqual([]);
  });
});
