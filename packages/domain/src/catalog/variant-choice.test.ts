import { describe, expect, it } from "vitest";
import { initialChoice, pick, valueState, variantFor } from "./variant-choice.ts";

const variants = [
  { id: "s-black", optionValues: ["S", "Black"], stockLevel: 0 },
  { id: "s-white", optionValues: ["S", "White"], stockLevel: 4 },
  { id: "m-black", optionValues: ["M", "Black"], stockLevel: 9 },
  { id: "m-white", optionValues: ["M", "White"], stockLevel: 2 },
  { id: "xl-black", optionValues: ["XL", "Black"], stockLevel: 5 },
];

describe("choosing a variant", () => {
  it("names the variant of a combination, none for one not sold", () => {
    expect(variantFor(variants, ["M", "White"])?.id).toBe("m-white");
    expect(variantFor(variants, ["XL", "White"])).toBeUndefined();
  });

  it("says what each value would buy given the other choices", () => {
    expect(valueState(variants, ["M", "Black"], 0, "S")).toBe("sold-out");
    expect(valueState(variants, ["M", "White"], 0, "XL")).toBe("not-sold");
    expect(valueState(variants, ["M", "White"], 0, "S")).toBe("available");
    expect(valueState(variants, ["S", "White"], 1, "Black")).toBe("sold-out");
  });

  it("opens at the variant the address names, else the first in stock", () => {
    expect(initialChoice(variants, "m-white")).toEqual(["M", "White"]);
    expect(initialChoice(variants, "unknown")).toEqual(["S", "White"]);
    expect(initialChoice(variants, null)).toEqual(["S", "White"]);
    expect(initialChoice([{ id: "d", optionValues: [], stockLevel: 0 }], null)).toEqual([]);
  });

  it("moves the other options to a sold combination when a pick leaves none", () => {
    expect(pick(variants, ["M", "White"], 0, "XL")).toEqual(["XL", "Black"]);
    expect(pick(variants, ["M", "White"], 0, "S")).toEqual(["S", "White"]);
    expect(pick(variants, ["S", "White"], 1, "Black")).toEqual(["S", "Black"]);
  });
});
