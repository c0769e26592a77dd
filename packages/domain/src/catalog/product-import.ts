/**
 * Product import: the pure part. A Shopify product CSV's rows become products
 * in our shape (the body of POST /api/merchant/products: prices in dollars), which the server then
 * checks with the same schema as the product form and upserts by SKU.
 *
 * Shopify's CSV has one row per variant and per extra image, grouped by Handle: the row that
 * carries the Title is the product; the rows after it with the same Handle add variants and
 * images. Our products have one SKU, one price and one picture, so a handle becomes ONE product:
 * its first variant (SKU, price, compare-at price, stock) and its first image (the first row's
 * Image Src, else the first of a later row). Later variants are counted as skipped, not imported.
 * A handle whose first variant has no SKU gets the handle as its SKU, so a re-import still
 * updates it.
 */

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

/** The columns read from Shopify's product CSV (others are ignored). */
export const SHOPIFY_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Product Category",
  "Tags",
  "Variant SKU",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Inventory Qty",
  "Image Src",
  "Published",
] as const;

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
    price,
    // A compare-at price below the price is no list price: the price stands for both.
    listPrice: Math.max(compareAt, price),
    imageUrl: field(record, "Image Src"),
    // Shopify allows overselling (negative stock); here no stock is 0.
    stockLevel: stockText === "" ? 0 : Math.max(0, Number(stockText)),
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
  /** Variant rows beyond a handle's first (not imported: a product here has one variant). */
  skippedVariants = 0;

  add(record: ShopifyRecord, line: number): GroupedRow[] {
    const handle = field(record, "Handle");
    const out: GroupedRow[] = [];
    if (this.current && handle === this.current.handle) {
      if (this.current.product.imageUrl === "") this.current.product.imageUrl = field(record, "Image Src");
      if (field(record, "Variant SKU") !== "" || field(record, "Variant Price") !== "")
        this.skippedVariants++;
      return out;
    }
    if (handle !== "" && handle === this.refusedHandle) return out;
    out.push(...this.flush());
    const product = productFromShopifyRow(record);
    if (typeof product === "string") {
      this.refusedHandle = handle;
      out.push({ kind: "error", error: { line, sku: field(record, "Variant SKU"), reason: product } });
    } else {
      this.refusedHandle = null;
      this.current = { handle, line, product };
    }
    return out;
  }

  flush(): GroupedRow[] {
    const current = this.current;
    this.current = null;
    return current ? [{ kind: "product", line: current.line, product: current.product }] : [];
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
