import { describe, expect, it } from "vitest";
import {
  foldKeptOptionCounts,
  groupPairs,
  type KeptCountRow,
  keptCountsAnswer,
  OPTION_PAIR_SEPARATOR,
  optionPairText,
  foldWidenedCounts,
  widenedOptionAnswer,
} from "./option-counts.ts";

describe("option pairs", () => {
  it("joins two values with the separator, every value of one group with every value of the other", () => {
    expect(optionPairText("Size:M", "Colour:Black")).toBe(`Size:M${OPTION_PAIR_SEPARATOR}Colour:Black`);
    expect(groupPairs(["Size:M", "Size:L"], ["Colour:Black"])).toEqual([
      optionPairText("Size:M", "Colour:Black"),
      optionPairText("Size:L", "Colour:Black"),
    ]);
  });
});

describe("keptCountsAnswer", () => {
  it("answers one value of one or two options without words", () => {
    expect(keptCountsAnswer([["Size:M"]], false)).toBe(true);
    expect(keptCountsAnswer([["Size:M"], ["Colour:Black"]], false)).toBe(true);
  });
  it("leaves searches, two values of an option and three options to the matches", () => {
    expect(keptCountsAnswer([["Size:M"]], true)).toBe(false);
    expect(keptCountsAnswer([["Size:M", "Size:L"]], false)).toBe(false);
    expect(keptCountsAnswer([["Size:M"], ["Colour:Black"], ["Fit:Slim"]], false)).toBe(false);
    expect(keptCountsAnswer([], false)).toBe(false);
  });
});

const row = (kind: KeptCountRow["kind"], value: string | null, n: number): KeptCountRow => ({
  kind,
  value,
  n,
});

describe("foldKeptOptionCounts", () => {
  it("counts one chosen value: its option's values as kept, the others' paired with it", () => {
    const folded = foldKeptOptionCounts(
      ["Size:M"],
      [
        row("total", null, 12),
        row("category", "Tops", 10),
        row("category", "Shoes", 0),
        row("brand", "Fernway", 12),
        row("own", "Size:M", 12),
        row("own", "Size:L", 9),
        row("with0", "Colour:Black", 7),
        row("with0", "Fit:Slim", 2),
      ],
    );
    expect(folded).toEqual({
      total: 12,
      categories: [{ value: "Tops", count: 10 }],
      brands: [{ value: "Fernway", count: 12 }],
      options: [
        { text: "Size:M", count: 12 },
        { text: "Size:L", count: 9 },
        { text: "Colour:Black", count: 7 },
        { text: "Fit:Slim", count: 2 },
      ],
    });
  });

  it("counts two chosen values: each option's values paired with the other's chosen value", () => {
    const folded = foldKeptOptionCounts(
      ["Size:M", "colour:Black"],
      [
        row("total", null, 3),
        row("with0", "Colour:Black", 3),
        row("with0", "Colour:White", 2),
        row("with1", "Size:M", 3),
        row("with1", "Size:S", 1),
      ],
    );
    expect(folded?.options).toEqual([
      { text: "Colour:Black", count: 3 },
      { text: "Colour:White", count: 2 },
      { text: "Size:M", count: 3 },
      { text: "Size:S", count: 1 },
    ]);
    expect(folded?.total).toBe(3);
  });

  it("gives up when a third option's values are paired (they need all three on one variant)", () => {
    expect(
      foldKeptOptionCounts(
        ["Size:M", "Colour:Black"],
        [row("total", null, 3), row("with0", "Fit:Slim", 1), row("with1", "Size:M", 3)],
      ),
    ).toBeNull();
  });
});

describe("a widened option (several values of one option)", () => {
  it("is answered so without words, alone or with one value of a second option", () => {
    expect(widenedOptionAnswer([["Size:M", "Size:5XL"]], false)).toBe(true);
    expect(widenedOptionAnswer([["Size:M", "Size:5XL"]], true)).toBe(false);
    expect(widenedOptionAnswer([["Size:M"]], false)).toBe(false);
    expect(widenedOptionAnswer([["Size:M", "Size:L"], ["Colour:Black"]], false)).toBe(true);
    expect(widenedOptionAnswer([["Colour:Black"], ["Size:M", "Size:L"]], false)).toBe(true);
    expect(
      widenedOptionAnswer(
        [
          ["Size:M", "Size:L"],
          ["Colour:Black", "Colour:Red"],
        ],
        false,
      ),
    ).toBe(false);
    expect(widenedOptionAnswer([["Size:M", "Size:L"], ["Colour:Black"], ["Fit:Slim"]], false)).toBe(false);
  });

  it("answers one value of one option so under a category or brand, not without them, nor with a second option", () => {
    expect(widenedOptionAnswer([["Size:XL"]], false, true)).toBe(true);
    expect(widenedOptionAnswer([["Size:XL"]], true, true)).toBe(false);
    expect(widenedOptionAnswer([["Size:XL"]], false, false)).toBe(false);
    expect(widenedOptionAnswer([["Size:XL"], ["Colour:Black"]], false, true)).toBe(false);
  });

  const sets = [
    { kind: "total", value: null, n: 74 },
    { kind: "category", value: "Audio", n: 51 },
    { kind: "category", value: "Home", n: 0 },
    { kind: "brand", value: "Norvik", n: 74 },
    { kind: "paired", value: "Colour:Black", n: 42 },
    { kind: "paired", value: "Colour:Sage", n: 1 },
  ] as const;

  it("takes every count from the sets: the total, categories, brands, its own values and other options' values", () => {
    const own = [
      { kind: "own", value: "Size:M", n: 70 },
      { kind: "own", value: "Size:5XL", n: 11 },
      { kind: "collection", value: null, n: 500 },
    ] as const;
    expect(foldWidenedCounts(["Size:M", "Size:5XL"], undefined, [...sets, ...own])).toEqual({
      total: 74,
      categories: [{ value: "Audio", count: 51 }],
      brands: [{ value: "Norvik", count: 74 }],
      options: [
        { text: "Size:M", count: 70 },
        { text: "Size:5XL", count: 11 },
        { text: "Colour:Black", count: 42 },
        { text: "Colour:Sage", count: 1 },
      ],
    });
  });

  it("with a second option, counts the widened values paired with its value; a third option's values fall back", () => {
    const own = [
      { kind: "own", value: "Size:M", n: 40 },
      { kind: "own", value: "Size:L", n: 30 },
    ] as const;
    const folded = foldWidenedCounts(["Size:M", "Size:L"], "Colour:Black", [...sets, ...own]);
    expect(folded?.options).toEqual([
      { text: "Size:M", count: 40 },
      { text: "Size:L", count: 30 },
      { text: "Colour:Black", count: 42 },
      { text: "Colour:Sage", count: 1 },
    ]);
    expect(
      foldWidenedCounts(["Size:M", "Size:L"], "Colour:Black", [
        ...sets,
        ...own,
        { kind: "paired", value: "Fit:Slim", n: 3 },
      ]),
    ).toBeNull();
  });
});
