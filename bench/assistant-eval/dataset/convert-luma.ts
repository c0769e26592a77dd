/**
 * Converts the Luma demo shop of Magento Open Source's sample data (github.com/magento/magento2-sample-data,
 * AFL-3.0) to the shop's import CSV (Shopify's product columns), written beside this script as
 * luma-products.csv: the clothing (each configurable product once, not its size/colour variants)
 * and the gear (bags, fitness equipment, watches; the sizes of one ball or strap once each). Run
 * once by hand when refreshing the data; the eval reads only the converted file.
 *
 * Run: npx tsx bench/assistant-eval/dataset/convert-luma.ts <dir holding the sample data's fixture CSVs>
 *   (ConfigurableSampleData/fixtures/products.csv and CatalogSampleData/fixtures/SimpleProduct/products_gear_*.csv)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { cell, IMPORT_COLUMNS as COLUMNS, slug } from "./import-csv.ts";
import path from "node:path";
import { parseCsv } from "../catalogues.ts";

const clean = (text: string) =>
  text
    .replace(/&(trade|reg);/g, "")
    .replaceAll("&frac14;", "1/4")
    .replace(/\s+/g, " ")
    .trim();

function records(file: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(file, "utf8"));
  if (!header) return [];
  return rows
    .filter((row) => row.length > 1)
    .map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? ""])));
}

/** Multi-valued attributes: "a|b" in the clothing file, one value a line in the gear files. */
const values = (text: string | undefined) =>
  (text ?? "")
    .split(/[|\n]/)
    .map((v) => clean(v).toLowerCase())
    .filter((v) => v !== "" && v !== "none");

interface Product {
  title: string;
  body: string;
  type: string;
  tags: string[];
  sku: string;
  price: number;
  listPrice?: number;
}

/** "Default Category/Women/Tops/Bras & Tanks" -> "Women's Bras & Tanks"; gear keeps its own name. */
function typeOf(categories: string): string {
  const paths = categories.split(",").filter((c) => !c.includes("/Collections/") && c.split("/").length > 2);
  const parts = (paths[0] ?? "").split("/").slice(1);
  const [who, , leaf] = parts;
  if (!leaf) throw new Error(`No category in ${categories}`);
  return `${who}'s ${leaf}`;
}

const source = process.argv[2];
if (!source) {
  console.error("Usage: npx tsx bench/assistant-eval/dataset/convert-luma.ts <dir of the fixture CSVs>");
  process.exit(2);
}
const products: Product[] = [];
for (const p of records(path.join(source, "products.csv"))) {
  if (p.product_type !== "configurable") continue;
  const attributes = Object.fromEntries(
    (p.additional_attributes ?? "").split(",").map((kv) => kv.split("=") as [string, string]),
  );
  const tags = new Set([
    ...values(attributes.material),
    ...values(attributes.style_general),
    ...values(attributes.style_bottom),
    ...values(attributes.climate),
    ...values(attributes.pattern),
  ]);
  if (attributes.eco_collection === "Yes") tags.add("eco friendly");
  if (attributes.performance_fabric === "Yes") tags.add("performance fabric");
  const price = Number(p.price);
  const special = Number(p.special_price);
  products.push({
    title: clean(p.name ?? ""),
    body: p.description ?? "",
    type: typeOf(p.categories ?? ""),
    tags: [...tags],
    sku: p.sku ?? "",
    price: special > 0 && special < price ? special : price,
    listPrice: special > 0 && special < price ? price : undefined,
  });
}
const GEAR: Record<string, string> = {
  "products_gear_bags.csv": "Bags",
  "products_gear_fitness_equipment.csv": "Fitness Equipment",
  "products_gear_fitness_equipment_ball.csv": "Fitness Equipment",
  "products_gear_fitness_equipment_strap.csv": "Fitness Equipment",
  "products_gear_watches.csv": "Watches",
};
const seen = new Set(products.map((p) => p.title));
for (const [file, type] of Object.entries(GEAR)) {
  for (const p of records(path.join(source, file))) {
    const title = clean(p.name ?? "");
    // The ball comes once per colour of each size: one product per size.
    if (seen.has(title)) continue;
    seen.add(title);
    const tags = new Set([
      ...values(p.activity),
      ...values(p.material),
      ...values(p.style_bags),
      ...values(p.features_bags),
      ...values(p.strap_bags),
      ...values(p.category_gear),
      ...values(p.gender),
    ]);
    if (p.eco_collection === "1" || p.eco_collection === "Yes") tags.add("eco friendly");
    products.push({
      title,
      body: p.description ?? "",
      type,
      tags: [...tags],
      sku: p.sku ?? "",
      price: Number(p.price),
    });
  }
}
const lines = [COLUMNS.join(",")];
for (const [i, p] of products.entries()) {
  lines.push(
    [
      `${slug(p.title)}-${i + 1}`,
      p.title,
      p.body.trim(),
      // The sample shop sells its own brand only.
      "Luma",
      p.type,
      p.tags.join(", "),
      "TRUE",
      p.sku,
      // The sample data stocks everything at 100.
      100,
      p.price.toFixed(2),
      p.listPrice === undefined ? "" : p.listPrice.toFixed(2),
    ]
      .map(cell)
      .join(","),
  );
}
const out = path.join(import.meta.dirname, "luma-products.csv");
writeFileSync(out, `${lines.join("\n")}\n`);
console.log(`${products.length} products -> ${out}`);
