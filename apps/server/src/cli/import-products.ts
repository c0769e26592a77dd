/**
 * `npm run import -- products.csv` (or .jsonl): imports a Shopify product CSV or JSON lines of
 * the product shape into the shop's database (DATABASE_URL, else the embedded one in DATA_DIR,
 * exactly as the server reads them), with a progress bar; then embeds the new and changed
 * products for AI search (skip with --no-embed: "Initialize AI Search" on /admin does it later).
 * Bad rows are listed with their line and reason, and written to <file>.errors.csv.
 * The embedded database is one process: stop the server before importing into it.
 */
import { importSummary } from "@haggle/domain/catalog/import-summary";
import { createReadStream } from "node:fs";
import { stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { importErrorsCsv } from "@haggle/domain/catalog/product-import";
import { invocationDir, parseEnv } from "../env.ts";
import { embedMissingProducts, importFormatOf, importProducts } from "../modules/catalog/index.ts";
// The variant writer asks the carts which variants they hold: load the cart module's front door.
import "../modules/cart/index.ts";
import { openDatabase } from "../platform/db/client.ts";
import { DataDirLockedError } from "../platform/db/data-dir-lock.ts";

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith("--"));
const embed = !args.includes("--no-embed");
const batchArg = args.find((a) => a.startsWith("--batch-size="));
const batchSize = batchArg ? Number(batchArg.slice("--batch-size=".length)) : undefined;
if (files.length !== 1 || (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0))) {
  console.error("Usage: npm run import -- <products.csv | products.jsonl> [--no-embed] [--batch-size=N]");
  process.exit(2);
}
const file = path.resolve(invocationDir(), files[0] as string);
const totalBytes = (await stat(file).catch(() => null))?.size;
if (totalBytes === undefined) {
  console.error(`No such file: ${file}`);
  process.exit(2);
}

const env = parseEnv();
const tty = process.stderr.isTTY;
let lastShown = -1;
function bar(fraction: number, detail: string) {
  const width = 30;
  const done = Math.round(Math.min(1, fraction) * width);
  const line = `[${"#".repeat(done)}${" ".repeat(width - done)}] ${Math.floor(fraction * 100)
    .toString()
    .padStart(3)}% ${detail}`;
  if (tty) process.stderr.write(`\r${line}`);
  else {
    const tenth = Math.floor(fraction * 10);
    if (tenth !== lastShown) {
      lastShown = tenth;
      process.stderr.write(`${line}\n`);
    }
  }
}

const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  poolSize: 4,
  statementTimeoutMs: 0,
  embeddedCacheMb: env.EMBEDDED_CACHE_MB,
}).catch((error: unknown) => {
  // The shop's server holds the embedded database: say so, without a stack trace.
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
const started = performance.now();
try {
  const format = importFormatOf(file);
  const result = await importProducts(database.db, createReadStream(file), {
    format,
    batchSize,
    onProgress: (p) => {
      const seconds = (performance.now() - started) / 1000;
      bar(
        p.bytesRead / Math.max(1, totalBytes),
        `${p.rows} rows, ${p.inserted} added, ${p.updated} updated, ${p.failed} bad, ${Math.round((p.inserted + p.updated) / Math.max(seconds, 0.001))} products/s`,
      );
    },
  });
  if (tty) process.stderr.write("\n");
  const seconds = (performance.now() - started) / 1000;
  const imported = result.inserted + result.updated;
  console.log(
    `Imported ${imported} products from ${path.basename(file)} in ${seconds.toFixed(1)} s ` +
      `(${Math.round(imported / Math.max(seconds, 0.001))} products/s): ${importSummary(result).replace(/\.$/, "")}` +
      `${result.skippedVariants > 0 ? `, ${result.skippedVariants} extra variants skipped (one variant per product)` : ""}.`,
  );
  if (result.failed > 0) {
    const report = `${file}.errors.csv`;
    await writeFile(report, importErrorsCsv(result.errors));
    for (const e of result.errors.slice(0, 10))
      console.log(`  line ${e.line}${e.sku ? ` (${e.sku})` : ""}: ${e.reason}`);
    if (result.failed > 10) console.log(`  ... ${result.failed - 10} more`);
    console.log(`Every bad row is in ${report}`);
  }
  if (embed) {
    const ai = env.AI_BASE_URL
      ? {
          baseUrl: env.AI_BASE_URL,
          apiKey: env.AI_API_KEY,
          model: env.AI_MODEL,
          embeddingModel: env.AI_EMBEDDING_MODEL,
          timeoutMs: env.AI_TIMEOUT_MS,
        }
      : null;
    console.log(
      "Embedding the new and changed products for AI search (lexical search already finds them)...",
    );
    const embedded = await embedMissingProducts({ db: database.db, ai }, { batchSize: 256 });
    console.log(`Embedded ${embedded.embedded} products; ${embedded.missing} still lack an embedding.`);
  }
} finally {
  await database.close();
}
