/**
 * Converts DummyJSON's product list (database/products.json of github.com/Ovi/DummyJSON, MIT)
 * to the shop's import CSV (Shopify's product columns), written beside this script as
 * dummyjson-products.csv. Run once by hand when refreshing the data; the eval reads only the
 * converted file, so nothing is downloaded at run time.
 *
 * Run: npx tsx bench/assistant-eval/dataset/convert-dummyjson.ts <path to DummyJSON's products.json>
 */
import { readFileSync, writeFileSync } from "node:fs";
import { cell, IMPORT_COLUMNS as COLUMNS, slug } from "./import-csv.ts";
import path from "node:path";

interface DummyProduct {
  id: number;
  title: string;
  description: string;
  category: string;
  price: number;
  discountPercentage: number;
  stock: number;
  tags: string[];
  brand?: string;
  sku: string;
}

/** DummyJSON's category slugs as a shop would name its categories. */
const CATEGORY_NAMES: Record<string, string> = {
  beauty: "Beauty",
  fragrances: "Fragrances",
  furniture: "Furniture",
  groceries: "Groceries",
  "home-decoration": "Home Decoration",
  "kitchen-accessories": "Kitchen Accessories",
  laptops: "Laptops",
  "mens-shirts": "Men's Shirts",
  "mens-shoes": "Men's Shoes",
  "mens-watches": "Men's Watches",
  "mobile-accessories": "Mobile Accessories",
  motorcycle: "Motorcycles",
  "skin-care": "Skin Care",
  smartphones: "Smartphones",
  "sports-accessories": "Sports Accessories",
  sunglasses: "Sunglasses",
  tablets: "Tablets",
  tops: "Tops",
  vehicle: "Vehicles",
  "womens-bags": "Women's Bags",
  "womens-dresses": "Women's Dresses",
  "womens-jewellery": "Women's Jewellery",
  "womens-shoes": "Women's Shoes",
  "womens-watches": "Women's Watches",
};

const source = process.argv[2];
if (!source) {
  console.error("Usage: npx tsx bench/assistant-eval/dataset/convert-dummyjson.ts <products.json>");
  process.exit(2);
}
const parsed = JSON.parse(readFileSync(source, "utf8")) as DummyProduct[] | { products: DummyProduct[] };
const list = Array.isArray(parsed) ? parsed : parsed.products;
const lines = [COLUMNS.join(",")];
for (const p of list) {
  const category = CATEGORY_NAMES[p.category];
  if (!category) throw new Error(`No category name for ${p.category}`);
  // The dataset's price is the list price and its discount a percentage off it.
  const listPrice = p.price;
  const price = Math.round(listPrice * (1 - p.discountPercentage / 100) * 100) / 100;
  lines.push(
    [
      `${slug(p.title)}-${p.id}`,
      p.title,
      `<p>${p.description}</p>`,
      // About half the dataset names no brand (groceries, kitchen tools): the shop needs one.
      p.brand ?? "Unbranded",
      category,
      p.tags.join(", "),
      "TRUE",
      p.sku,
      p.stock,
      price.toFixed(2),
      listPrice.toFixed(2),
    ]
      .map(cell)
      .join(","),
  );
}
const out = path.join(import.meta.dirname, "dummyjson-products.csv");
writeFileSync(out, `${lines.join("\n")}\n`);
console.log(`${list.length} products -> ${out}`);
