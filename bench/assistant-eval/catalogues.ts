/**
 * The evaluation's three catalogues as the judges read them: the seeded demo catalogue (what
 * `npm start` puts in an empty shop) and two imported public ones (the converted CSVs in dataset/
 * beside this file, imported through the import API by the runner): DummyJSON's ("imported") and
 * Magento's Luma sample shop ("luma", written for the stranger conversations only).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildCatalogue } from "../../apps/server/src/testing.ts";
import type { CatalogueName } from "./conversation.ts";
import type { ShownProduct } from "./judge.ts";

export const IMPORTED_CSV = path.join(import.meta.dirname, "dataset", "dummyjson-products.csv");
export const LUMA_CSV = path.join(import.meta.dirname, "dataset", "luma-products.csv");

/** The CSV an imported catalogue is read from; the seeded one has none. */
export function catalogueCsv(name: CatalogueName): string | null {
  return name === "imported" ? IMPORTED_CSV : name === "luma" ? LUMA_CSV : null;
}

/** RFC 4180 CSV: quoted fields with doubled quotes, commas and line breaks inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The imported catalogue's products, read from its CSV as the import reads them. */
export function importedCatalogue(file = IMPORTED_CSV): ShownProduct[] {
  const [header, ...rows] = parseCsv(readFileSync(file, "utf8"));
  if (!header) return [];
  const at = (row: string[], column: string) => row[header.indexOf(column)] ?? "";
  return rows
    .filter((row) => at(row, "Title") !== "")
    .map((row) => ({
      name: at(row, "Title"),
      brand: at(row, "Vendor"),
      category: at(row, "Type"),
      price: Number(at(row, "Variant Price")),
      inStock: Number(at(row, "Variant Inventory Qty")) > 0,
      tags: at(row, "Tags")
        .split(",")
        .map((t) => t.trim())
        .filter((t) => t !== ""),
    }));
}

export function seededCatalogue(): ShownProduct[] {
  return buildCatalogue().map((p) => ({
    name: p.name,
    brand: p.brand,
    category: p.category,
    price: p.priceCents / 100,
    inStock: p.stockLevel > 0,
    tags: p.tags,
  }));
}

export function catalogue(name: CatalogueName): ShownProduct[] {
  const csv = catalogueCsv(name);
  return csv === null ? seededCatalogue() : importedCatalogue(csv);
}
