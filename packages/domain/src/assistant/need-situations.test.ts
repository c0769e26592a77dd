import { describe, expect, it } from "vitest";
import {
  saysNoKind,
  situationKinds,
  situationOf,
  situationWords,
  withoutContextThings,
} from "./need-situations.ts";
import type { WordVectors } from "./word-meaning.ts";

/** Two directions of meaning: cold, and nothing in particular. */
const table: Record<string, number[]> = {
  cold: [10, 0, 0],
  chilly: [9, 1, 0],
  shivers: [9, 0, 1],
  grandma: [0, 10, 0],
  warm: [7, 5, 0],
};
const vectors: WordVectors = { dimensions: 3, vectorOf: (w) => table[w] };

describe("reading a situation a sentence describes", () => {
  it("takes the content words of a message, not its filler", () => {
    expect(situationWords("i keep forgetting my keys, always")).toEqual(["forgetting", "keys"]);
  });

  it("tells filler and times, which name no kind, from the words that may", () => {
    for (const w of ["every", "start", "morning", "tonight", "weekend", "lately"])
      expect(saysNoKind(w), w).toBe(true);
    for (const w of ["smoothies", "juice", "blender", "summer"]) expect(saysNoKind(w), w).toBe(false);
  });

  it("finds a situation by an anchor word's stem, with no vectors", () => {
    expect(situationOf("my knees are sore after my runs", null)?.kinds).toContain("foam roller");
    expect(situationOf("always thirsty during my workouts", null)?.kinds).toContain("water bottle");
    expect(situationOf("the weather is nice today", null)).toBeNull();
  });

  it("reads a word no anchor lists by its meaning, through the word vectors", () => {
    expect(situationOf("grandma has the shivers", null)).toBeNull();
    // "shivers" is near "cold" (and "chilly"), but one near word alone is not sure enough.
    expect(situationOf("grandma has the shivers", vectors)).toBeNull();
    const found = situationOf("grandma has the shivers, warm please", vectors);
    expect(found?.kinds).toContain("blanket");
    expect(found?.words).toEqual(["shivers", "warm"]);
  });

  it("scores situations by the whole message: two words of one outweigh one of another", () => {
    expect(situationOf("my cat keeps meowing at her empty bowl", null)?.kinds).toContain("cat food");
    expect(
      situationOf("everything falls out of my pockets, keys and cards, it's so cold", null)?.kinds,
    ).toContain("wallet");
    // Stretching when stiff is mobility, not the recovery of sore muscles.
    const stretch = situationOf("i want to stretch a bit every morning, im so stiff", null)?.kinds;
    expect(stretch).toContain("yoga");
    expect(stretch).not.toContain("massage");
  });

  it("leaves a short request, or one naming the shop's own kind, to the search", () => {
    const labels = ["hiking", "boots", "cat food", "Toys & Games", "train"];
    expect(situationKinds("hiking boots", ["hiking", "boots"], labels, null)).toBeNull();
    expect(
      situationKinds("a wooden train set for my son who never sleeps", ["wooden", "train"], labels, null),
    ).toBeNull();
    expect(
      situationKinds(
        "my cat keeps meowing at her empty bowl",
        ["cat", "meowing", "empty", "bowl"],
        labels,
        null,
      ),
    ).toContain("cat food");
  });

  it("takes no filler or time for a kind the shop names, though it tags one so ('before work')", () => {
    const said = "i want to stretch a bit every morning before work, im so stiff";
    const words = ["stretch", "every", "morning", "before", "work", "stiff"];
    expect(situationKinds(said, words, ["work", "work-from-home", "Fitness"], null)).toContain("yoga");
    expect(situationKinds("stiff new work boots", ["work", "boots"], ["boots"], null)).toBeNull();
  });

  it("reads what the shopper has or compares with as the situation's context, not what is sought", () => {
    const labels = ["train", "dinnerware", "jacket", "watch"];
    expect(
      situationKinds("my partner snores like a train", ["partner", "snores", "train"], labels, null),
    ).toContain("sleep");
    // "bowl" read as the shop's "dinnerware": her bowl is hers, not what is sought.
    expect(situationKinds("my cat keeps meowing at her empty bowl", ["dinnerware"], labels, null)).toContain(
      "cat food",
    );
    // A wish is no comparison: "i'd like a jacket" asks for the jacket.
    expect(situationKinds("i'd like a warm jacket, i'm freezing", ["jacket"], labels, null)).toBeNull();
    expect(withoutContextThings("something like a hoodie for my cold flat")).toContain("hoodie");
    // Where it happens is context too: "read in bed" asks for no bed.
    expect(
      situationKinds("my bedroom is so dark at night, i cant even read in bed", ["bed"], ["beds"], null),
    ).toContain("lamp");
  });

  it("reads a sentence of one situation word among others ('i keep being late')", () => {
    expect(situationKinds("i keep being late, i never know what time it is", ["late"], [], null)).toContain(
      "watch",
    );
    expect(situationKinds("late", ["late"], [], null)).toBeNull();
  });
});
