/**
 * The scale bench's catalogue files and imports: the generated products
 * (apps/server/src/platform/db/seed/generated-catalogue.ts) written as a Shopify product CSV,
 * then loaded through `npm run import` (the command-line import: streaming parse, batched
 * upserts by SKU) in its own process, timed, with the import process's peak RSS.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { PgDialect } from "drizzle-orm/pg-core";
import { type GeneratedProductRow, generatedProductsSql } from "../../apps/server/src/testing.ts";

const root = path.resolve(import.meta.dirname, "../..");
const HEADER = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Tags",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Variant SKU",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Inventory Qty",
  "Published",
];
const BATCH = 25_000;
/** The generated products' sizes and how many a product has: as generatedVariantsSql makes them. */
const SIZES = ["XS", "S", "M", "L", "XL", "XXL", "3XL", "4XL", "5XL"];
const variantCount = (n: number) => 1 + ((n * 97 + 13) % 9);

/**
 * The CSV rows of one generated product: one row, or with `variants` its sizes of its one colour
 * (the product's fields on the first row only, as Shopify writes them), each size $1 dearer.
 */
function productLines(r: GeneratedProductRow, variants: boolean): string[][] {
  const product = [
    r.sku.toLowerCase(),
    r.name,
    `<p>${r.description}</p>`,
    r.brand,
    r.category,
    r.tags.join(", "),
  ];
  const k = variants ? variantCount(Number(r.sku.slice(4))) : 1;
  if (k === 1)
    return [[...product, "", "", "", "", r.sku, r.price, r.list_price, String(r.stock_level), "TRUE"]];
  const colour = r.name.slice(r.name.lastIndexOf(", ") + 2);
  return SIZES.slice(0, k).map((size, i) => [
    ...(i === 0 ? product : [r.sku.toLowerCase(), "", "", "", "", ""]),
    i === 0 ? "Size" : "",
    size,
    i === 0 ? "Colour" : "",
    colour,
    `${r.sku}-${size}`,
    (Number(r.price) + i).toFixed(2),
    (Number(r.list_price) + i).toFixed(2),
    String(i === 0 ? r.stock_level : (r.stock_level + (i + 1) * 7) % 40),
    i === 0 ? "TRUE" : "",
  ]);
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Writes generated products `from` .. `to` to `file` as a Shopify CSV. The rows come from a
 * SELECT over generate_series on the PostgreSQL server at `serverUrl` (no table is touched).
 * With `variants`, each product's sizes as variant rows (Option1 Size, Option2 Colour: 5 a
 * product on average, the variants generatedVariantsSql gives it).
 */
export async function writeGeneratedCsv(
  serverUrl: string,
  from: number,
  to: number,
  file: string,
  variants = false,
) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, "drain");
  };
  try {
    await write(`${HEADER.join(",")}\n`);
    const dialect = new PgDialect();
    for (let n = from; n <= to; n += BATCH) {
      const query = dialect.sqlToQuery(generatedProductsSql(n, Math.min(BATCH, to - n + 1)));
      const { rows } = await client.query<GeneratedProductRow>(query.sql, query.params as unknown[]);
      for (const r of rows)
        for (const line of productLines(r, variants)) await write(`${line.map(csvField).join(",")}\n`);
    }
  } finally {
    out.end();
    await once(out, "close");
    await client.end();
  }
}

export interface ImportRun {
  seconds: number;
  peakRssMb: number;
  /** The import's own summary line ("Imported N products ... in S s ..."). */
  summary: string;
}

/**
 * `npm run import -- <file> --no-embed` as its own process (what a merchant runs), into the
 * database that `env` names (DATABASE_URL, or DATA_DIR for the embedded one). Peak RSS from
 * GNU time's maximum resident set size.
 */
export async function importCsv(
  file: string,
  env: Record<string, string>,
  extraArgs: readonly string[] = [],
): Promise<ImportRun> {
  const started = performance.now();
  const child = spawn(
    "/usr/bin/time",
    [
      "-f",
      "peak-rss-kb=%M",
      process.execPath,
      "--import",
      "tsx",
      "apps/server/src/cli/import-products.ts",
      file,
      "--no-embed",
      ...extraArgs,
    ],
    { cwd: root, env: { ...process.env, LOG_LEVEL: "warn", ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const [code] = (await once(child, "exit")) as [number | null];
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`the import exited with ${code}:\n${stdout}\n${stderr.slice(-2000)}`);
  const rss = /peak-rss-kb=(\d+)/.exec(stderr);
  return {
    seconds,
    peakRssMb: rss ? Number(rss[1]) / 1024 : Number.NaN,
    summary: stdout.split("\n").find((l) => l.startsWith("Imported")) ?? stdout.trim(),
  };
}
