import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CreateProductSchema } from "@haggle/contract/merchant";
import { ProductVariantsInputSchema } from "@haggle/contract/product-variants";
import {
  type ImportedProductInput,
  type ImportRowError,
  ShopifyHandleGrouper,
  type ShopifyRecord,
} from "@haggle/domain/catalog/product-import";
import { type CsvError, parse } from "csv-parse";
import type { Db, Tx } from "../../platform/db/client.ts";
import { type ImportedProduct, upsertProductsBySku } from "./product-import.store.ts";
import { productImagePath } from "./product-image.ts";
import {
  type ProductVariantsWrite,
  variantSkusTakenElsewhere,
  writeProductVariants,
} from "./product-variants.store.ts";

/**
 * Product import, used by the merchant's Import page and by
 * `npm run import`: a Shopify product CSV or JSON lines of our product shape (the body of
 * POST /api/merchant/products, prices in dollars), parsed as it streams in, checked row by row
 * with the product form's own schema, and upserted by SKU in batches, each batch in its own
 * transaction. A bad row is reported (line, SKU, reason) while the good ones go in; a crash
 * leaves whole batches written, and running the same file again completes it without
 * duplicates (an upsert by SKU).
 */

export type ImportFormat = "csv" | "jsonl";

/**
 * Products per batch (one transaction, two statements whatever its size): large enough that
 * per-statement work (planning, the statement triggers) is spread thin, small enough that a
 * batch stays a fraction of a second and its rows a few megabytes.
 */
export const IMPORT_BATCH_SIZE = 2_000;

/**
 * The batch size of an import the running server does (the Import page): on the embedded
 * database a batch's transaction holds its only connection, and every shopper's query waits
 * for it to commit, so the batches there are smaller (a fraction of a second each); a PostgreSQL
 * server serves the shop from its other connections meanwhile.
 */
export function serverImportBatchSize(kind: "embedded" | "postgres"): number {
  return kind === "embedded" ? 500 : IMPORT_BATCH_SIZE;
}
/** Bad rows kept for the report (the count is always exact). */
export const IMPORT_ERRORS_KEPT = 10_000;

export interface ImportProgress {
  /** Bytes of the file read so far. */
  bytesRead: number;
  /** Products read (valid or not; a Shopify handle's extra rows are not counted). */
  rows: number;
  inserted: number;
  /** Products whose SKU was there already: they now hold the file's values. */
  updated: number;
  /** Of those, the ones that already held them (not written again). */
  unchanged: number;
  failed: number;
  skippedVariants: number;
}

export interface ImportResult extends ImportProgress {
  errors: ImportRowError[];
}

export interface ImportOptions {
  format: ImportFormat;
  batchSize?: number;
  /** After each committed batch (and once at the end): the progress so far and the errors. */
  onProgress?: (progress: ImportProgress, errors: readonly ImportRowError[]) => Promise<void> | void;
  /** Runs inside each batch's transaction before its write (tests inject a crash here). */
  beforeBatch?: (batchNumber: number) => void | Promise<void>;
  /** Runs inside each batch's transaction after its new products are inserted, before its updates (tests). */
  betweenWrites?: (batchNumber: number) => void | Promise<void>;
}

/** The import format a file's name says: .jsonl/.ndjson are JSON lines, anything else CSV. */
export function importFormatOf(fileName: string): ImportFormat {
  return /\.(jsonl|ndjson)$/i.test(fileName) ? "jsonl" : "csv";
}

function firstIssue(error: { issues: { message: string; path: PropertyKey[] }[] }): string {
  const issue = error.issues[0];
  if (!issue) return "The product is not valid.";
  const where = issue.path.join(".");
  return issue.message.endsWith(".") || where === "" ? issue.message : `${where}: ${issue.message}.`;
}

const NUL = String.fromCharCode(0);

/** Whether any text of the row holds a NUL, which PostgreSQL cannot store (the batch would fail). */
function holdsNul(input: unknown): boolean {
  if (typeof input === "string") return input.includes(NUL);
  if (Array.isArray(input)) return input.some(holdsNul);
  if (input && typeof input === "object") return Object.values(input).some(holdsNul);
  return false;
}

export const NUL_IN_ROW = "The row contains a NUL character, which cannot be stored.";

/** A product to write: its fields, and its options and variants when it has some. */
type CheckedProduct = ImportedProduct & { variants?: ProductVariantsWrite };

/** A product checked with the form's schema (prices to cents), its variants with the grid's, or why not. */
function checked(input: unknown): CheckedProduct | string {
  if (holdsNul(input)) return NUL_IN_ROW;
  const parsed = CreateProductSchema.safeParse(input);
  if (!parsed.success) return firstIssue(parsed.error);
  const p = parsed.data;
  const raw = input as { options?: unknown; variants?: unknown };
  let variants: ProductVariantsWrite | undefined;
  if (raw.options !== undefined || raw.variants !== undefined) {
    const v = ProductVariantsInputSchema.safeParse({
      options: raw.options ?? [],
      variants: raw.variants ?? [],
    });
    if (!v.success) return firstIssue(v.error);
    variants = { sku: p.sku, options: v.data.options, variants: v.data.variants };
  }
  // A product with options: its own figures are its variants' (the cheapest, the sum).
  const figures = variants
    ? (() => {
        const all = variants.variants;
        const cheapest = all.reduce((a, b) => (b.price < a.price ? b : a));
        return {
          price: cheapest.price,
          listPrice: cheapest.listPrice,
          stockLevel: all.reduce((n, x) => n + x.stockLevel, 0),
        };
      })()
    : { price: p.price, listPrice: p.listPrice, stockLevel: p.stockLevel };
  return {
    variants,
    sku: p.sku,
    name: p.name,
    description: p.description,
    brand: p.brand,
    category: p.category,
    ...figures,
    // No picture: the shop draws one from the product, as for the seeded catalogue.
    imageUrl: p.imageUrl === "" ? productImagePath(p.sku) : p.imageUrl,
    tags: p.tags,
    hidden: p.hidden,
  };
}

type Parsed = { kind: "product"; line: number; input: unknown } | { kind: "error"; error: ImportRowError };

/** Counts the bytes going through, for the progress bar. */
function byteCounter(onBytes: (n: number) => void) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.byteLength);
      done(null, chunk);
    },
  });
}

/** The CSV's products and bad rows, as they stream in. */
async function* csvRows(source: Readable, onBytes: (n: number) => void, grouper: ShopifyHandleGrouper) {
  const parser = parse({
    columns: (header: string[]) => header.map((h) => h.trim()),
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
  });
  const skipped: ImportRowError[] = [];
  parser.on("skip", (error: CsvError & { lines?: number }) => {
    skipped.push({ line: error.lines ?? 0, sku: "", reason: `The CSV row cannot be read: ${error.message}` });
  });
  const piping = pipeline(source, byteCounter(onBytes), parser);
  // Awaited after the last record; a consumer stopping early (a failed batch) must not leave it unhandled.
  piping.catch(() => {});
  let endOfPrevious = 1; // the header
  let emptyBefore = 0;
  for await (const { record, info } of parser as AsyncIterable<{
    record: ShopifyRecord;
    info: { lines: number; empty_lines: number };
  }>) {
    // The record's first line: after the previous record and any empty lines skipped since.
    const line = endOfPrevious + 1 + (info.empty_lines - emptyBefore);
    endOfPrevious = info.lines;
    emptyBefore = info.empty_lines;
    for (const error of skipped.splice(0)) yield { kind: "error", error } satisfies Parsed;
    for (const grouped of grouper.add(record, line)) {
      yield grouped.kind === "product"
        ? ({ kind: "product", line: grouped.line, input: grouped.product } satisfies Parsed)
        : ({ kind: "error", error: grouped.error } satisfies Parsed);
    }
  }
  await piping;
  for (const error of skipped.splice(0)) yield { kind: "error", error } satisfies Parsed;
  for (const grouped of grouper.flush())
    if (grouped.kind === "product")
      yield { kind: "product", line: grouped.line, input: grouped.product } satisfies Parsed;
}

/** JSON lines: one product of our shape per line; empty lines are skipped. */
async function* jsonLines(source: Readable, onBytes: (n: number) => void) {
  const decoder = new TextDecoder();
  let pending = "";
  let line = 0;
  function* lines(text: string): Generator<Parsed> {
    for (const raw of text.split("\n")) {
      line++;
      const trimmed = raw.trim();
      if (trimmed === "") continue;
      try {
        yield { kind: "product", line, input: JSON.parse(trimmed) as unknown };
      } catch {
        const sku = /"sku"\s*:\s*"([^"]*)"/.exec(trimmed)?.[1] ?? "";
        yield { kind: "error", error: { line, sku, reason: "The line is not valid JSON." } };
      }
    }
  }
  for await (const chunk of source as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    onBytes(bytes.byteLength);
    pending += decoder.decode(bytes, { stream: true });
    const end = pending.lastIndexOf("\n");
    if (end < 0) continue;
    const complete = pending.slice(0, end);
    pending = pending.slice(end + 1);
    yield* lines(complete);
  }
  pending += decoder.decode();
  if (pending.trim() !== "") yield* lines(pending);
}

/**
 * Writes one batch in its transaction: refuses a product naming a variant SKU another product
 * holds (reported with its line), then upserts the rest by SKU with their variants.
 */
async function writeBatch(
  tx: Tx,
  batchRows: CheckedProduct[],
  batch: {
    number: number;
    rowLines: Map<string, number>;
    report: (error: ImportRowError) => void;
    options: ImportOptions;
  },
) {
  const { number, rowLines, report, options } = batch;
  await options.beforeBatch?.(number);
  const skusOf = (r: CheckedProduct) => (r.variants ? [r.sku, ...r.variants.variants.map((v) => v.sku)] : []);
  // A variant SKU is unique in the shop: a product naming another product's is refused.
  const taken = await variantSkusTakenElsewhere(
    tx,
    batchRows.flatMap((r) => skusOf(r).map((sku) => ({ productSku: r.sku, sku }))),
  );
  const rows =
    taken.size === 0
      ? batchRows
      : batchRows.filter((r) => {
          const clash = skusOf(r).find((sku) => taken.has(sku));
          if (!clash) return true;
          report({
            line: rowLines.get(r.sku) ?? 0,
            sku: r.sku,
            reason: `SKU ${clash} is taken by product ${taken.get(clash)}.`,
          });
          return false;
        });
  const counts = await upsertProductsBySku(
    tx,
    rows,
    options.betweenWrites && (() => options.betweenWrites?.(number)),
  );
  await writeProductVariants(
    tx,
    rows.flatMap((r) => (r.variants ? [r.variants] : [])),
  );
  return counts;
}

/**
 * Imports a file's products: reads `source` as it streams, upserts by SKU in batches (each in a
 * transaction), and reports bad rows with their line. Returns the totals and the bad rows.
 */
export async function importProducts(
  db: Db,
  source: Readable,
  options: ImportOptions,
): Promise<ImportResult> {
  const batchSize = Math.max(1, options.batchSize ?? IMPORT_BATCH_SIZE);
  const progress: ImportProgress = {
    bytesRead: 0,
    rows: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    failed: 0,
    skippedVariants: 0,
  };
  const errors: ImportRowError[] = [];
  const grouper = new ShopifyHandleGrouper();
  const onBytes = (n: number) => {
    progress.bytesRead += n;
  };
  const report = (error: ImportRowError) => {
    progress.failed++;
    // The report is stored too: a NUL quoted from the row would fail its write.
    if (errors.length < IMPORT_ERRORS_KEPT)
      errors.push({ ...error, sku: error.sku.replaceAll(NUL, ""), reason: error.reason.replaceAll(NUL, "") });
  };
  // Within a batch the last row of a SKU wins (one statement cannot update a row twice).
  let batch = new Map<string, CheckedProduct>();
  let lines = new Map<string, number>();
  /** The batch's variant SKUs and their product's SKU. */
  let batchVariantSkus = new Map<string, string>();
  let batchNumber = 0;
  const flush = async () => {
    if (batch.size === 0) return;
    const rows = [...batch.values()];
    const rowLines = lines;
    batch = new Map();
    lines = new Map();
    batchVariantSkus = new Map();
    batchNumber++;
    const number = batchNumber;
    const written = await db.transaction((tx) => writeBatch(tx, rows, { number, rowLines, report, options }));
    progress.inserted += written.inserted;
    progress.updated += written.updated;
    progress.unchanged += written.unchanged;
    progress.skippedVariants = grouper.skippedVariants;
    await options.onProgress?.({ ...progress }, errors);
  };
  const rows = options.format === "jsonl" ? jsonLines(source, onBytes) : csvRows(source, onBytes, grouper);
  for await (const row of rows) {
    if (row.kind === "error") {
      progress.rows++;
      report(row.error);
      continue;
    }
    progress.rows++;
    const product = checked(row.input);
    if (typeof product === "string") {
      const sku = (row.input as Partial<ImportedProductInput> | null)?.sku;
      report({ line: row.line, sku: typeof sku === "string" ? sku : "", reason: product });
      continue;
    }
    const variantSkus = product.variants?.variants.map((v) => v.sku) ?? [];
    const clash = variantSkus.find((sku) => (batchVariantSkus.get(sku) ?? product.sku) !== product.sku);
    if (clash) {
      report({ line: row.line, sku: product.sku, reason: `SKU ${clash} is another product's in this file.` });
      continue;
    }
    batch.set(product.sku, product);
    lines.set(product.sku, row.line);
    for (const sku of variantSkus) batchVariantSkus.set(sku, product.sku);
    if (batch.size >= batchSize) await flush();
  }
  await flush();
  progress.skippedVariants = grouper.skippedVariants;
  await options.onProgress?.({ ...progress }, errors);
  return { ...progress, errors };
}
