import { describe, expect, it } from "vitest";
import { holdsExcluded } from "./excluded-words.ts";

describe("holdsExcluded", () => {
  it("holds a word at a word's start, with its endings", () => {
    expect(holdsExcluded("Scree Trail Running Shoe running trail", ["trails"])).toBe(true);
    expect(holdsExcluded("Studio Monitor Headphones wired studio", ["wires"])).toBe(true);
    expect(holdsExcluded("Everyday Trainers", ["rain"])).toBe(false);
  });

  it("does not hold what the product says it is free of", () => {
    expect(holdsExcluded("Nordhem Cordless Stick Vacuum vacuum cleaning", ["cord"])).toBe(false);
    expect(holdsExcluded("Drift Wireless Headphones headphones wireless", ["wires"])).toBe(false);
    expect(holdsExcluded("Dark Chocolate sugar-free", ["sugar"])).toBe(false);
    expect(holdsExcluded("Gum sugar free", ["sugar"])).toBe(false);
    expect(holdsExcluded("Cola with sugar", ["sugar"])).toBe(true);
  });

  it("holds a label of several words spelt with spaces or hyphens", () => {
    expect(holdsExcluded("Halo Headphones noise-cancelling wireless", ["noise cancelling"])).toBe(true);
    expect(holdsExcluded("Sleep Earbuds noise-masking", ["noise cancelling"])).toBe(false);
    expect(holdsExcluded("Nail Polish nail polish", ["nail-polish"])).toBe(true);
  });

  it("ignores words too short to mean anything", () => {
    expect(holdsExcluded("anything at all", ["a", "s"])).toBe(false);
    expect(holdsExcluded("anything at all", [])).toBe(false);
  });
});
