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
  "Variant SKU",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Inventory Qty",
  "Published",
];
const BATCH = 25_000;

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Writes generated products `from` .. `to` to `file` as a Shopify CSV. The rows come from a
 * SELECT over generate_series on the PostgreSQL server at `serverUrl` (no table is touched).
 */
export async function writeGeneratedCsv(serverUrl: string, from: number, to: number, file: string) {
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
      for (const r of rows) {
        const line = [
          r.sku.toLowerCase(),
          r.name,
          `<p>${r.description}</p>`,
          r.brand,
          r.category,
          r.tags.join(", "),
          r.sku,
          r.price,
          r.list_price,
          String(r.stock_level),
          "TRUE",
        ]
          .map(csvField)
          .join(",");
        await write(`${line}\n`);
      }
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
