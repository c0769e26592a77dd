import { z } from "zod";

/**
 * Product import: POST /api/merchant/imports takes the file's raw bytes
 * (?fileName=products.csv or .jsonl) and answers the import's progress, which
 * GET /api/merchant/imports/{id} reads until its status is done or failed.
 */
export const ImportRowErrorSchema = z
  .object({
    line: z.number().int().meta({ description: "The row's line in the file (1 is a CSV's header)" }),
    sku: z.string(),
    reason: z.string(),
  })
  .meta({ id: "ImportRowError" });

export const ProductImportSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    format: z.enum(["csv", "jsonl"]),
    status: z.enum(["running", "done", "failed"]),
    totalBytes: z.number().int(),
    bytesRead: z.number().int(),
    rows: z
      .number()
      .int()
      .meta({ description: "Products read (a Shopify handle's extra rows are not counted)" }),
    inserted: z.number().int(),
    updated: z.number().int(),
    failed: z.number().int(),
    skippedVariants: z.number().int().meta({
      description: "Variant rows after the first of a handle without options (nothing tells them apart)",
    }),
    /** The first bad rows; the whole list is GET /api/merchant/imports/{id}/errors.csv. */
    errors: z.array(ImportRowErrorSchema),
    message: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "ProductImport" });
export type ProductImport = z.infer<typeof ProductImportSchema>;

export const ImportQuerySchema = z.object({
  fileName: z
    .string({ error: "fileName is required." })
    .trim()
    .min(1, "fileName is required.")
    .max(200, "fileName can be at most 200 characters."),
});

/** How far the background job embedding products for AI search is (shown on /admin and the merchant dashboard). */
export const EmbeddingProgressSchema = z
  .object({
    total: z.number().int(),
    embedded: z.number().int(),
    missing: z.number().int(),
    running: z.boolean().meta({ description: "The job is running in this server process" }),
  })
  .meta({ id: "EmbeddingProgress" });
export type EmbeddingProgress = z.infer<typeof EmbeddingProgressSchema>;
