import { describe, expect, it } from "vitest";
import { EMPTY_PRODUCT_FORM, ProductFormSchema } from "./products-form";

const typed = {
  ...EMPTY_PRODUCT_FORM,
  sku: "MUG-9",
  name: " Mug ",
  brand: "Clay",
  category: "Kitchen",
  price: "12.5",
  listPrice: " 15 ",
  stockLevel: "10",
  tags: "kitchen, , gift ",
};

describe("the product form's schema", () => {
  it("reads the typed texts into the contract's product: numbers, trimmed texts, tags split", () => {
    expect(ProductFormSchema.parse(typed)).toEqual({
      sku: "MUG-9",
      name: "Mug",
      description: "",
      brand: "Clay",
      category: "Kitchen",
      price: 1250,
      listPrice: 1500,
      stockLevel: 10,
      imageUrl: "",
      tags: ["kitchen", "gift"],
      hidden: false,
    });
  });

  it("says an empty or wordy number is not a number, on its own field", () => {
    const result = ProductFormSchema.safeParse({ ...typed, price: "", stockLevel: "ten" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["price", "Price must be a number."],
      ["stockLevel", "Stock must be a number."],
    ]);
  });

  it("puts a tag's problem on its item of the tags field", () => {
    const result = ProductFormSchema.safeParse({ ...typed, tags: `ok, ${"x".repeat(41)}` });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["tags.1", "A tag can be at most 40 characters."],
    ]);
  });
});
