import { importSummary } from "@haggle/domain/catalog/import-summary";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ProductImport } from "@haggle/contract/product-import";
import { importErrorsCsv } from "@haggle/domain/catalog/product-import";
import { invalid, notFound } from "@haggle/domain/errors";
import type { AiConfig } from "../../platform/ai/openai-compatible.ts";
import type { Db } from "../../platform/db/client.ts";
import type { Logger } from "../../platform/logger.ts";
import { startEmbeddingJob } from "./embedding-job.service.ts";
import { importFormatOf, importProducts } from "./product-import.service.ts";
import {
  createImportJob,
  findImportJob,
  type ProductImportRow,
  updateImportJob,
} from "./product-import.store.ts";

export const NO_IMPORT = "No import has that id.";
/** Bad rows shown with the import's progress; the CSV report has them all (up to IMPORT_ERRORS_KEPT). */
const ERRORS_SHOWN = 50;

export interface ImportJobDeps {
  db: Db;
  /** Products per batch (serverImportBatchSize). */
  batchSize?: number;
  ai: AiConfig | null;
  logger: Logger;
}

function toProductImport(row: ProductImportRow, allErrors = false): ProductImport {
  const errors = row.errors as ProductImport["errors"];
  return {
    id: row.id,
    fileName: row.fileName,
    format: row.format as ProductImport["format"],
    status: row.status as ProductImport["status"],
    totalBytes: row.totalBytes,
    bytesRead: row.bytesRead,
    rows: row.rows,
    inserted: row.inserted,
    updated: row.updated,
    failed: row.failed,
    skippedVariants: row.skippedVariants,
    errors: allErrors ? errors : errors.slice(0, ERRORS_SHOWN),
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The upload's bytes into a temporary file (the import then streams it), at most `max` bytes. */
async function saveUpload(
  body: ReadableStream<Uint8Array> | null,
  max: number,
): Promise<{ file: string; bytes: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), "haggle-import-"));
  const file = path.join(dir, "upload");
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _e, done) {
      bytes += chunk.byteLength;
      if (bytes > max)
        done(
          invalid(
            `The file is too large: at most ${Math.round(max / 1024 / 1024)} MB is accepted here; import larger files with npm run import.`,
            "PAYLOAD_TOO_LARGE",
          ),
        );
      else done(null, chunk);
    },
  });
  try {
    await pipeline(
      body ? Readable.fromWeb(body as never) : Readable.from([]),
      counter,
      createWriteStream(file),
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { file, bytes };
}

/**
 * Starts an import of the uploaded file: the bytes are saved first (the answer comes once the
 * upload is in), then imported in the background while the Import page polls its progress.
 * When it ends, the embedding job embeds the new and changed products.
 */
export async function startImport(
  deps: ImportJobDeps,
  upload: { fileName: string; body: ReadableStream<Uint8Array> | null; maxBytes: number; userId: string },
): Promise<ProductImport> {
  const { file, bytes } = await saveUpload(upload.body, upload.maxBytes);
  const format = importFormatOf(upload.fileName);
  const id = await createImportJob(deps.db, {
    fileName: upload.fileName,
    format,
    totalBytes: bytes,
    createdBy: upload.userId,
  });
  const job = await findImportJob(deps.db, id);
  void runImport(deps, id, file, format);
  if (!job) throw notFound(NO_IMPORT);
  return toProductImport(job);
}

/** How often a running import writes its progress (and bad rows) to its job row, at most. */
const PROGRESS_EVERY_MS = 500;

async function runImport(deps: ImportJobDeps, id: string, file: string, format: "csv" | "jsonl") {
  try {
    let written = 0;
    let errorsWritten = -1;
    const result = await importProducts(deps.db, createReadStream(file), {
      format,
      batchSize: deps.batchSize,
      onProgress: async ({ unchanged: _, ...progress }, errors) => {
        // The Import page polls every second or so: writing each batch's progress (and the whole
        // list of bad rows again) would cost more than the batch itself at 2,000 products a batch.
        const now = performance.now();
        if (now - written < PROGRESS_EVERY_MS) return;
        written = now;
        const changedErrors = errors.length !== errorsWritten;
        errorsWritten = errors.length;
        await updateImportJob(deps.db, id, changedErrors ? { ...progress, errors: [...errors] } : progress);
      },
    });
    const { unchanged: _, errors, ...totals } = result;
    const message = importSummary(result);
    await updateImportJob(deps.db, id, { ...totals, errors, status: "done", message });
    deps.logger.info({ importId: id, ...totals }, "product import done");
  } catch (error) {
    deps.logger.error({ err: error, importId: id }, "product import failed");
    await updateImportJob(deps.db, id, {
      status: "failed",
      message:
        "The import stopped before the end. The rows already imported are kept; upload the file again to finish (rows are updated, not duplicated).",
    }).catch(() => {});
  } finally {
    await rm(path.dirname(file), { recursive: true, force: true }).catch(() => {});
    startEmbeddingJob(deps);
  }
}

export async function getImport(db: Db, id: string): Promise<ProductImport> {
  const row = await findImportJob(db, id);
  if (!row) throw notFound(NO_IMPORT);
  return toProductImport(row);
}

/** Every bad row of the import (up to IMPORT_ERRORS_KEPT), as CSV: line,sku,reason. */
export async function importErrorReport(db: Db, id: string): Promise<string> {
  const row = await findImportJob(db, id);
  if (!row) throw notFound(NO_IMPORT);
  return importErrorsCsv(toProductImport(row, true).errors);
}
