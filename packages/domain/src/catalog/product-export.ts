/**
 * Product export in Shopify's product CSV, the format the import reads: one row per variant (the
 * first carries the product's fields, the later ones its handle, option values and variant
 * fields), so an exported file imports back to the same products, options and variants. A
 * product without options is one row with Shopify's "Title: Default Title". Money in cents here,
 * dollars in the file.
 */
import { toDecimalString } from "../pricing/money.ts";

export const EXPORT_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Grams",
  "Variant Inventory Qty",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Barcode",
  "Image Src",
  "Variant Image",
] as const;

export interface ExportedProduct {
  sku: string;
  slug: string;
  name: string;
  description: string;
  brand: string;
  category: string;
  tags: readonly string[];
  hidden: boolean;
  imageUrl: string;
  options: readonly { name: string; values: readonly string[] }[];
  variants: readonly {
    optionValues: readonly string[];
    sku: string;
    price: number;
    listPrice: number;
    stockLevel: number;
    weightGrams: number | null;
    barcode: string;
    imageUrl: string;
  }[];
}

const dollars = (cents: number) => toDecimalString(cents);

/** Plain text as the HTML the import reads back to the same text (entities, line breaks). */
function textToHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .split("\n")
    .join("<br>");
}

function cell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function exportHeaderLine(): string {
  return `${EXPORT_COLUMNS.join(",")}\n`;
}

/** A product's rows of the export, each ending with a line break. */
export function exportProductLines(product: ExportedProduct): string {
  const withOptions = product.options.length > 0;
  // The handle of a product with options is its SKU (the import takes a handle's SKU from it).
  const handle = withOptions ? product.sku : product.slug;
  return product.variants
    .map((v, i) => {
      const row: Record<(typeof EXPORT_COLUMNS)[number], string> = {
        Handle: handle,
        Title: i === 0 ? product.name : "",
        "Body (HTML)": i === 0 ? textToHtml(product.description) : "",
        Vendor: i === 0 ? product.brand : "",
        Type: i === 0 ? product.category : "",
        Tags: i === 0 ? product.tags.join(", ") : "",
        Published: i === 0 ? (product.hidden ? "FALSE" : "TRUE") : "",
        "Option1 Name": i === 0 ? (withOptions ? (product.options[0]?.name ?? "") : "Title") : "",
        "Option1 Value": withOptions ? (v.optionValues[0] ?? "") : "Default Title",
        "Option2 Name": i === 0 ? (product.options[1]?.name ?? "") : "",
        "Option2 Value": v.optionValues[1] ?? "",
        "Option3 Name": i === 0 ? (product.options[2]?.name ?? "") : "",
        "Option3 Value": v.optionValues[2] ?? "",
        "Variant SKU": v.sku,
        "Variant Grams": v.weightGrams === null ? "" : String(v.weightGrams),
        "Variant Inventory Qty": String(v.stockLevel),
        "Variant Price": dollars(v.price),
        "Variant Compare At Price": dollars(v.listPrice),
        "Variant Barcode": v.barcode,
        "Image Src": i === 0 ? product.imageUrl : "",
        "Variant Image": v.imageUrl,
      };
      return `${EXPORT_COLUMNS.map((c) => cell(row[c])).join(",")}\n`;
    })
    .join("");
}
