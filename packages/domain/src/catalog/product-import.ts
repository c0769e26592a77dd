/**
 * Product import: the pure part. A Shopify product CSV's rows become products
 * in our shape (the body of POST /api/merchant/products: prices in dollars), which the server then
 * checks with the same schema as the product form and upserts by SKU.
 *
 * Shopify's CSV has one row per variant and per extra image, grouped by Handle: the row that
 * carries the Title is the product; the rows after it with the same Handle add variants and
 * images. A handle becomes one product with its first image (the first row's Image Src, else the
 * first of a later row). A handle with options (Option1..3 Name on its first row, other than
 * Shopify's "Title: Default Title" of a product without options) becomes a product with those
 * options (values in the file's order) and one variant per variant row (SKU, price, compare-at
 * price, stock, grams, barcode, variant image); its own SKU is then the handle's, as Shopify's
 * handle names the group. A handle without options is one product with its first variant's
 * figures; a handle whose first variant has no SKU gets the handle as its SKU, so a re-import
 * still updates it.
 */

import { EXPORT_COLUMNS } from "./product-export.ts";

/** A product as the merchant's form sends it (dollars), before the schema checks it. */
export interface ImportedProductInput {
  sku: string;
  name: string;
  description: string;
  brand: string;
  category: string;
  price: number;
  listPrice: number;
  imageUrl: string;
  stockLevel: number;
  tags: string[];
  hidden: boolean;
  /** A product with options: its options and the variants sold (absent: no options). */
  options?: { name: string; values: string[] }[];
  variants?: ImportedVariantInput[];
}

/** A variant as the variant grid sends it (dollars). */
export interface ImportedVariantInput {
  optionValues: string[];
  sku: string;
  price: number;
  listPrice: number;
  stockLevel: number;
  weightGrams: number | null;
  barcode: string;
  imageUrl: string;
}

/** A bad row: its line in the file (1 = the header line of a CSV, the first line of JSON lines) and why. */
export interface ImportRowError {
  line: number;
  sku: string;
  reason: string;
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * An HTML description as plain text: scripts, styles and comments dropped with their content,
 * block elements and <br> as line breaks, every other tag removed, entities decoded, spaces
 * collapsed. The result is only ever shown as text (React escapes it), never as HTML.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|iframe|object|template)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/?(p|div|li|ul|ol|h[1-6]|tr|table|section|article|blockquote)\b[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, " ")
    .replace(/</g, " ");
  return decodeEntities(text)
    .split("\n")
    .map((line) => line.replace(/[ \t\r\f\v\u00a0]+/g, " ").trim())
    .filter((line) => line !== "")
    .join("\n");
}

/**
 * The columns read from Shopify's product CSV (others are ignored): those the export writes, so a
 * file exported here imports back whole, and Shopify's "Product Category".
 */
export const SHOPIFY_COLUMNS = [...EXPORT_COLUMNS, "Product Category"] as const;

export type ShopifyRecord = Partial<Record<string, string>>;

const field = (record: ShopifyRecord, name: string) => (record[name] ?? "").trim();

function dollars(value: string, label: string): number | string {
  const cleaned = value.replace(/^\$/, "").replace(/,/g, "");
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return `${label} is not a price: "${value}".`;
  return Number(cleaned);
}

/** A handle as a SKU when the variant has none: letters, digits, dots, dashes and underscores. */
export function skuFromHandle(handle: string): string {
  return handle
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "")
    .slice(0, 40);
}

/** Shopify's TRUE/FALSE (and yes/no, 1/0); an empty Published column means published. */
function published(value: string): boolean {
  return !/^(false|no|0)$/i.test(value);
}

/** A variant row's price, list price and stock, or why they cannot be read. */
function variantFigures(
  record: ShopifyRecord,
): { price: number; listPrice: number; stockLevel: number } | string {
  const priceText = field(record, "Variant Price");
  if (priceText === "") return "Variant Price is empty.";
  const price = dollars(priceText, "Variant Price");
  if (typeof price === "string") return price;
  const compareText = field(record, "Variant Compare At Price");
  const compareAt = compareText === "" ? price : dollars(compareText, "Variant Compare At Price");
  if (typeof compareAt === "string") return compareAt;
  const stockText = field(record, "Variant Inventory Qty");
  if (stockText !== "" && !/^-?\d+$/.test(stockText))
    return `Variant Inventory Qty is not a whole number: "${stockText}".`;
  // A compare-at price below the price is no list price: the price stands for both.
  // Shopify allows overselling (negative stock); here no stock is 0.
  return {
    price,
    listPrice: Math.max(compareAt, price),
    stockLevel: stockText === "" ? 0 : Math.max(0, Number(stockText)),
  };
}

const OPTION_NUMBERS = [1, 2, 3] as const;

/** The option names a handle's first row declares; none for Shopify's "Title: Default Title". */
export function shopifyOptionNames(record: ShopifyRecord): string[] {
  const names = OPTION_NUMBERS.map((n) => field(record, `Option${n} Name`));
  if (/^title$/i.test(names[0] ?? "") && /^(default title)?$/i.test(field(record, "Option1 Value")))
    return [];
  const count = names.findIndex((n) => n === "");
  return count < 0 ? names : names.slice(0, count);
}

/** A variant row of a handle with `optionCount` options, or why it cannot be one. */
export function variantFromShopifyRow(
  record: ShopifyRecord,
  handleSku: string,
  optionCount: number,
): ImportedVariantInput | string {
  const optionValues = OPTION_NUMBERS.slice(0, optionCount).map((n) => field(record, `Option${n} Value`));
  const missing = optionValues.findIndex((v) => v === "");
  if (missing >= 0) return `Option${missing + 1} Value is empty.`;
  const figures = variantFigures(record);
  if (typeof figures === "string") return figures;
  const gramsText = field(record, "Variant Grams");
  if (gramsText !== "" && !/^\d+(\.\d+)?$/.test(gramsText))
    return `Variant Grams is not a weight: "${gramsText}".`;
  const sku =
    field(record, "Variant SKU") ||
    skuFromHandle(`${handleSku}-${optionValues.join("-")}`.replace(/[^A-Za-z0-9._-]+/g, "-"));
  return {
    optionValues,
    sku,
    ...figures,
    weightGrams: gramsText === "" ? null : Math.round(Number(gramsText)),
    barcode: field(record, "Variant Barcode"),
    imageUrl: field(record, "Variant Image"),
  };
}

/** Whether a row of a handle after its first is a variant row (not only an extra image). */
function isVariantRow(record: ShopifyRecord): boolean {
  return ["Variant SKU", "Variant Price", "Option1 Value"].some((c) => field(record, c) !== "");
}

/** The product of a handle's first row, or why that row cannot be one. */
export function productFromShopifyRow(record: ShopifyRecord): ImportedProductInput | string {
  const handle = field(record, "Handle");
  if (handle === "") return "Handle is empty.";
  const name = field(record, "Title");
  if (name === "") return `The first row of handle "${handle}" has no Title.`;
  const brand = field(record, "Vendor");
  if (brand === "") return "Vendor is empty (it is the product's brand).";
  // Type is the merchant's own; the Product Category is Shopify's taxonomy path ("A > B > Shirts").
  const category = field(record, "Type") || (field(record, "Product Category").split(">").pop() ?? "").trim();
  if (category === "") return "Type and Product Category are both empty (one is the product's category).";
  const figures = variantFigures(record);
  if (typeof figures === "string") return figures;
  const tags = [
    ...new Set(
      field(record, "Tags")
        .split(",")
        .map((t) => t.trim())
        .filter((t) => t !== ""),
    ),
  ];
  return {
    sku: field(record, "Variant SKU") || skuFromHandle(handle),
    name,
    description: htmlToText(record["Body (HTML)"] ?? ""),
    brand,
    category,
    price: figures.price,
    listPrice: figures.listPrice,
    imageUrl: field(record, "Image Src"),
    stockLevel: figures.stockLevel,
    tags,
    hidden: !published(field(record, "Published")),
  };
}

/** What the grouping hands on: a product with its line, or a bad row. */
export type GroupedRow =
  | { kind: "product"; line: number; product: ImportedProductInput }
  | { kind: "error"; error: ImportRowError };

/**
 * Groups a Shopify CSV's rows by Handle as they stream in: `add` each row in file order, then
 * `flush` at the end. A product is handed on once the next handle starts (its later rows may
 * still give it a picture).
 */
export class ShopifyHandleGrouper {
  private current: { handle: string; line: number; product: ImportedProductInput } | null = null;
  /** Handles whose first row was refused: their later rows are not reported again. */
  private refusedHandle: string | null = null;
  /** Variant rows beyond a handle's first in a handle without options (nothing to tell them apart). */
  skippedVariants = 0;

  add(record: ShopifyRecord, line: number): GroupedRow[] {
    const handle = field(record, "Handle");
    const out: GroupedRow[] = [];
    const current = this.current;
    if (current && handle === current.handle) {
      if (current.product.imageUrl === "") current.product.imageUrl = field(record, "Image Src");
      if (!isVariantRow(record)) return out;
      const { options, variants } = current.product;
      if (!options || !variants) {
        this.skippedVariants++;
        return out;
      }
      const variant = variantFromShopifyRow(record, current.product.sku, options.length);
      if (typeof variant === "string") {
        out.push({ kind: "error", error: { line, sku: field(record, "Variant SKU"), reason: variant } });
        return out;
      }
      this.addVariant(current.product, variant);
      return out;
    }
    if (handle !== "" && handle === this.refusedHandle) return out;
    out.push(...this.flush());
    const product = productFromShopifyRow(record);
    const names = shopifyOptionNames(record);
    const first =
      typeof product === "string" || names.length === 0
        ? null
        : variantFromShopifyRow(record, skuFromHandle(handle), names.length);
    const refusal = typeof product === "string" ? product : typeof first === "string" ? first : null;
    if (refusal !== null || typeof product === "string" || typeof first === "string") {
      this.refusedHandle = handle;
      out.push({ kind: "error", error: { line, sku: field(record, "Variant SKU"), reason: refusal ?? "" } });
      return out;
    }
    this.refusedHandle = null;
    if (first) {
      product.sku = skuFromHandle(handle);
      product.options = names.map((name) => ({ name, values: [] }));
      product.variants = [];
      this.addVariant(product, first);
    }
    this.current = { handle, line, product };
    return out;
  }

  /** Adds a variant and its values (in the file's order) to the product's options. */
  private addVariant(product: ImportedProductInput, variant: ImportedVariantInput) {
    product.variants?.push(variant);
    for (const [i, value] of variant.optionValues.entries()) {
      const option = product.options?.[i];
      if (option && !option.values.includes(value)) option.values.push(value);
    }
  }

  flush(): GroupedRow[] {
    const current = this.current;
    this.current = null;
    if (!current) return [];
    const { product } = current;
    if (product.variants && product.variants.length > 0) {
      // The product's own figures are its variants' (the shop derives them too): the cheapest, the sum.
      const cheapest = product.variants.reduce((a, b) => (b.price < a.price ? b : a));
      product.price = cheapest.price;
      product.listPrice = cheapest.listPrice;
      product.stockLevel = product.variants.reduce((n, v) => n + v.stockLevel, 0);
    }
    return [{ kind: "product", line: current.line, product }];
  }
}

/** The per-row error report as CSV (line,sku,reason), for the merchant to download. */
export function importErrorsCsv(errors: readonly ImportRowError[]): string {
  const cell = (v: string | number) => {
    const s = String(v);
    // A leading =, +, - or @ would be a formula in a spreadsheet: quoted with a ' first.
    const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
    return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return (
    ["line,sku,reason", ...errors.map((e) => [e.line, e.sku, e.reason].map(cell).join(","))].join("\n") + "\n"
  );
}
