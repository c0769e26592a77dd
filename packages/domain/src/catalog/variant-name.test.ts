import { describe, expect, it } from "vitest";
import { chooseVariantSentence, variantName, variantTitle } from "./variant-name.ts";

describe("variantName", () => {
  it("names a variant by its product and option values in order", () => {
    expect(variantName("Trail Tee", ["M", "Black"])).toBe("Trail Tee — M / Black");
    expect(variantTitle(["M", "Black"])).toBe("M / Black");
  });

  it("names a default variant by its product alone", () => {
    expect(variantName("Trail Tee", [])).toBe("Trail Tee");
    expect(variantTitle([])).toBe("");
  });
});

describe("chooseVariantSentence", () => {
  it("names the options a shopper must choose", () => {
    expect(chooseVariantSentence("Trail Tee", ["Size", "Colour"])).toBe(
      "Choose a size and colour of Trail Tee.",
    );
    expect(chooseVariantSentence("Runner", ["Size"])).toBe("Choose a size of Runner.");
    expect(chooseVariantSentence("Kit", ["Size", "Colour", "Material"])).toBe(
      "Choose a size, colour and material of Kit.",
    );
  });
});
