/** The columns of the shop's import CSV (Shopify's product columns) the converters write, and how a cell is written. */
export const IMPORT_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Tags",
  "Published",
  "Variant SKU",
  "Variant Inventory Qty",
  "Variant Price",
  "Variant Compare At Price",
];

/** One CSV cell, quoted when it holds a quote, a comma or a line break. */
export const cell = (value: string | number) => {
  const s = String(value);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** A product's handle from its title. */
export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
