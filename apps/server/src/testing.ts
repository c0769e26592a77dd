/**
 * What benchmarks and evaluations outside the server may use of its insides, and nothing more:
 * bench/ imports the server only through this file (or over HTTP); the import rules enforce it
 * (docs/decisions/0006-module-rules.md). Each export says why a bench needs it.
 */

// Opening a database and filling it at scale (search at 1,000-100,000 products).
export { type Database, openDatabase } from "./platform/db/client.ts";
export { products } from "./platform/db/schema.ts";
export { buildCatalogue, type SeedProduct } from "./platform/db/seed/catalogue.ts";
export {
  type GeneratedProductRow,
  generatedProductsSql,
  generatedVariantsSql,
  insertGeneratedProductsSql,
} from "./platform/db/seed/generated-catalogue.ts";
export { seedCatalogue } from "./modules/admin/index.ts";
export { productImagePath } from "./modules/catalog/index.ts";
// bench:scale explains (EXPLAIN ANALYZE) the queries its routes run, with the plan test's reading of plans.
export { getProductPage, listProducts, lowStockVariants } from "./modules/catalog/index.ts";
export {
  BIG_CATALOGUE_TABLES,
  type CapturedQuery,
  describePlan,
  explainQueries,
  queriesReading,
  seqScansOf,
} from "../test/support/query-plans.ts";
// Embedding products and searching them, timed without HTTP in front.
export { embedTexts, LOCAL_EMBEDDING_MODEL, productEmbeddingText } from "./platform/ai/embeddings.ts";
export { embedMissingProducts } from "./modules/catalog/index.ts";
export { searchProducts } from "./modules/catalog/index.ts";
// The labelled queries of the search-quality test, so the bench times the queries the test scores.
export { SEARCH_QUERIES } from "../test/fixtures/search-queries.ts";
// The shop in the bench's own process (bench:agents), so that after 200 hostile agent
// conversations it can read every offer the server ever issued, not only the ones agents saw.
export { createApp } from "./app.ts";
export { parseEnv } from "./env.ts";
export { createLogger } from "./platform/logger.ts";
export { startRuntime } from "./server-runtime.ts";
/** The reference agent and bench:agents drive a shop served in their own process. */
export { startShopInProcess } from "./shop-in-process.ts";
export { negotiationApprovals, negotiationOffers, negotiations } from "./platform/db/schema.ts";
export { DEFAULT_SELLER_CONFIG } from "@haggle/domain/merchant/seller-config";
