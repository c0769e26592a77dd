import {
  EmbeddingProgressSchema,
  ImportQuerySchema,
  ProductImportSchema,
} from "@haggle/contract/product-import";
import { z } from "zod";
import { invalid } from "@haggle/domain/errors";
import type { AppContext } from "../../http/context.ts";
import { type ApiRoute, defineRoute, pathId } from "../../http/route.ts";
import { embeddingProgress } from "./embedding-job.service.ts";
import { getImport, importErrorReport, NO_IMPORT, startImport } from "./import-jobs.service.ts";
import { exportProductsCsv } from "./product-export.service.ts";
import { serverImportBatchSize } from "./product-import.service.ts";

/** Where the merchant uploads a product file to import: an upload route (UPLOAD_BODY_LIMIT_BYTES). */
export const IMPORT_UPLOAD_PATH = "/api/merchant/imports";

const ImportIdParams = z.object({ id: pathId(NO_IMPORT) });

const ExportQuerySchema = z.object({
  format: z.enum(["csv", "jsonl"], { error: "format is csv or jsonl." }).optional().default("csv"),
});

/** Product import from the merchant area, and the progress of the embedding job it starts. */
export const importRoutes: ApiRoute[] = [
  defineRoute({
    method: "post",
    path: IMPORT_UPLOAD_PATH,
    summary:
      "Import products: the raw bytes of a Shopify product CSV or of JSON lines in the product shape (?fileName=x.csv or x.jsonl); answers 202 with the import, which runs in the background (poll it)",
    tag: "Merchant",
    access: "merchant",
    upload: true,
    query: ImportQuerySchema,
    status: 202,
    response: ProductImportSchema,
    failure: { code: "IMPORT_FAILED", message: "The import could not start." },
    handler: async (c, { query, user }) => {
      const deps = c.get("deps");
      return await startImport(
        {
          db: deps.database.db,
          batchSize: serverImportBatchSize(deps.database.kind),
          ai: deps.ai,
          logger: c.get("log"),
        },
        {
          fileName: query.fileName,
          body: c.req.raw.body,
          maxBytes: deps.config.bodyLimit.uploadBytes,
          userId: user.id,
        },
      );
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/imports/{id}",
    summary: "An import's progress: bytes read, products added and updated, bad rows (the first ones)",
    tag: "Merchant",
    access: "merchant",
    params: ImportIdParams,
    response: ProductImportSchema,
    handler: async (c, { params }) => await getImport(c.get("deps").database.db, params.id),
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/imports/{id}/errors.csv",
    summary: "An import's bad rows as CSV (line,sku,reason), to download",
    tag: "Merchant",
    access: "merchant",
    params: ImportIdParams,
    response: z.string(),
    produces: "text/csv",
    handler: async (c, { params }) => {
      const csv = await importErrorReport(c.get("deps").database.db, params.id);
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="import-errors-${params.id.slice(0, 8)}.csv"`);
      return c.body(csv);
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/exports/products.csv",
    summary:
      "Every product, hidden ones too, with its options and variants as Shopify's product CSV (one row per variant), which the import reads back",
    tag: "Merchant",
    access: "merchant",
    response: z.string(),
    produces: "text/csv",
    handler: (c) => productsCsvAnswer(c),
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/exports",
    summary:
      "The API spec's name for the catalogue export: ?format=csv answers GET /api/merchant/exports/products.csv; jsonl is refused (400) until the shop writes it",
    tag: "Merchant",
    access: "merchant",
    query: ExportQuerySchema,
    response: z.string(),
    produces: "text/csv",
    handler: (c, { query }) => {
      if (query.format === "jsonl")
        throw invalid("The catalogue exports as CSV for now: ask for format=csv.", "EXPORT_FORMAT");
      return productsCsvAnswer(c);
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/embeddings/progress",
    summary: "How many products are embedded for AI search, and whether the background job runs",
    tag: "Merchant",
    access: "merchant",
    response: EmbeddingProgressSchema,
    handler: async (c) => {
      const deps = c.get("deps");
      return await embeddingProgress({ db: deps.database.db, ai: deps.ai });
    },
  }),
];

/** Every product as Shopify's product CSV, streamed a page at a time, to download. */
function productsCsvAnswer(c: AppContext): Response {
  const rows = exportProductsCsv(c.get("deps").database.db);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", 'attachment; filename="products.csv"');
  return c.body(body);
}
