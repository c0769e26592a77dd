import { describe, expect, it } from "vitest";
import {
  htmlToText,
  importErrorsCsv,
  productFromShopifyRow,
  ShopifyHandleGrouper,
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

  it("writes the error report as CSV, formulas defused", () => {
    expect(importErrorsCsv([{ line: 3, sku: "=1+1", reason: 'Bad "price", really' }])).toBe(
      'line,sku,reason\n3,\'=1+1,"Bad ""price"", really"\n',
    );
  });
});
