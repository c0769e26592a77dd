import { describe, expect, it } from "vitest";
import { ProductVariantsInputSchema, variantsProblem, variantsProblemAt } from "./product-variants.ts";

const variant = (size: string, sku = `TEE-${size}`) => ({
  optionValues: [size],
  sku,
  price: 25,
  listPrice: 30,
});
const options = [{ name: "Size", values: ["S", "M"] }];

describe("variantsProblemAt", () => {
  it("names the field a rule across variants is about, with the same sentence", () => {
    const cases = [
      [
        { options, variants: [variant("S"), variant("M", "tee-s")] },
        "Two variants have the SKU tee-s.",
        ["variants", 1, "sku"],
      ],
      [
        { options, variants: [variant("S"), { ...variant("M"), listPrice: 20 }] },
        "The list price of TEE-M cannot be lower than its price.",
        ["variants", 1, "listPrice"],
      ],
      [
        { options: [{ name: "Size", values: ["S", "s"] }], variants: [variant("S")] },
        "Size lists s twice.",
        ["options", 0, "values", 1],
      ],
      [
        { options: [...options, { name: "size", values: ["x"] }], variants: [variant("S")] },
        "Two options are named size.",
        ["options", 1, "name"],
      ],
      [{ options, variants: [] }, "Sell at least one combination.", ["variants"]],
    ] as const;
    for (const [input, message, path] of cases) {
      expect(variantsProblemAt(input)).toEqual({ message, path: [...path] });
      expect(variantsProblem(input)).toBe(message);
    }
    expect(variantsProblemAt({ options, variants: [variant("S"), variant("M")] })).toBeNull();
  });

  it("is the schema's issue path", () => {
    const parsed = ProductVariantsInputSchema.safeParse({
      options,
      variants: [
        { ...variant("S"), stockLevel: 1 },
        { ...variant("M", "TEE-S"), stockLevel: 1 },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [["variants", 1, "sku"], "Two variants have the SKU TEE-S."],
    ]);
  });
});
