import { describe, expect, it } from "vitest";
import {
  htmlToText,
  importErrorsCsv,
  productFromShopifyRow,
  ShopifyHandleGrouper,
  shopifyOptionNames,
} from "./product-import.ts";

const row = (over: Record<string, string> = {}) => ({
  Handle: "trail-shoe",
  Title: "Trail Shoe",
  "Body (HTML)": "<p>Grippy &amp; light.</p><script>alert(1)</script>",
  Vendor: "Norvik",
  Type: "Shoes",
  Tags: "running, trail, running",
  "Variant SKU": "TS-1",
  "Variant Price": "89.50",
  "Variant Compare At Price": "99",
  "Variant Inventory Qty": "12",
  "Image Src": "https://cdn.example.com/a.jpg",
  Published: "TRUE",
  ...over,
});

describe("product import", () => {
  it("turns HTML into text without scripts, tags or entities", () => {
    expect(htmlToText("<p>One&nbsp;<b>two</b></p><style>p{}</style><ul><li>three &#38; four</li></ul>")).toBe(
      "One two\nthree & four",
    );
    expect(htmlToText("a <img src=x onerror=alert(1)> b")).toBe("a b");
  });

  it("maps a Shopify row to our product", () => {
    expect(productFromShopifyRow(row())).toEqual({
      sku: "TS-1",
      name: "Trail Shoe",
      description: "Grippy & light.",
      brand: "Norvik",
      category: "Shoes",
      price: 89.5,
      listPrice: 99,
      imageUrl: "https://cdn.example.com/a.jpg",
      stockLevel: 12,
      tags: ["running", "trail"],
      hidden: false,
    });
    const other = productFromShopifyRow(
      row({ Type: "", "Product Category": "Apparel > Shoes > Boots", "Variant SKU": "", Published: "FALSE" }),
    );
    expect(other).toMatchObject({ category: "Boots", sku: "trail-shoe", hidden: true });
    expect(productFromShopifyRow(row({ "Variant Price": "abc" }))).toBe(
      'Variant Price is not a price: "abc".',
    );
    expect(productFromShopifyRow(row({ Vendor: "" }))).toMatch(/Vendor is empty/);
  });

  it("groups a handle's rows into one product with its first variant and image", () => {
    const g = new ShopifyHandleGrouper();
    const out = [
      ...g.add(row({ "Image Src": "" }), 2),
      ...g.add({ Handle: "trail-shoe", "Variant SKU": "TS-2", "Variant Price": "90" }, 3),
      ...g.add({ Handle: "trail-shoe", "Image Src": "https://cdn.example.com/b.jpg" }, 4),
      ...g.add(row({ Handle: "bad", Title: "" }), 5),
      ...g.add({ Handle: "bad", "Variant SKU": "B-2" }, 6),
      ...g.flush(),
    ];
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({
      kind: "product",
      line: 2,
      product: { sku: "TS-1", imageUrl: "https://cdn.example.com/b.jpg" },
    });
    expect(out[1]).toMatchObject({ kind: "error", error: { line: 5 } });
    expect(g.skippedVariants).toBe(1);
  });

  it("groups a handle with options into one product, its options in the file's order and a variant per row", () => {
    const g = new ShopifyHandleGrouper();
    const size = (value: string, over: Record<string, string> = {}) => ({
      Handle: "trail-shoe",
      "Option1 Value": value,
      "Variant SKU": `TS-${value}`,
      "Variant Price": "89.50",
      "Variant Inventory Qty": "3",
      ...over,
    });
    const out = [
      ...g.add(
        row({
          "Option1 Name": "Size",
          "Option1 Value": "42",
          "Variant Grams": "700",
          "Variant Barcode": "123",
        }),
        2,
      ),
      ...g.add(size("43", { "Variant Price": "79", "Variant Compare At Price": "99" }), 3),
      ...g.add(size("44", { "Variant Price": "x" }), 4),
      ...g.add(size("45", { "Variant SKU": "" }), 5),
      ...g.flush(),
    ];
    expect(out.map((o) => o.kind)).toEqual(["error", "product"]);
    expect(out[0]).toMatchObject({
      error: { line: 4, sku: "TS-44", reason: 'Variant Price is not a price: "x".' },
    });
    const product = out[1]?.kind === "product" ? out[1].product : null;
    expect(product).toMatchObject({ sku: "trail-shoe", price: 79, listPrice: 99, stockLevel: 18 });
    expect(product?.options).toEqual([{ name: "Size", values: ["42", "43", "45"] }]);
    expect(product?.variants?.map((v) => [v.sku, v.price, v.stockLevel, v.weightGrams, v.barcode])).toEqual([
      ["TS-1", 89.5, 12, 700, "123"],
      ["TS-43", 79, 3, null, ""],
      ["trail-shoe-45", 89.5, 3, null, ""],
    ]);
    expect(g.skippedVariants).toBe(0);
    // Shopify's "Title: Default Title" is a product without options.
    expect(shopifyOptionNames(row({ "Option1 Name": "Title", "Option1 Value": "Default Title" }))).toEqual(
      [],
    );
  });

  it("writes the error report as CSV, formulas defused", () => {
    expect(importErrorsCsv([{ line: 3, sku: "=1+1", reason: 'Bad "price", really' }])).toBe(
      'line,sku,reason\n3,\'=1+1,"Bad ""price"", really"\n',
    );
  });
});
