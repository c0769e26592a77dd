/**
 * The catalog module's front door: all that code outside the module (other modules, app.ts,
 * server-runtime.ts, cli/) may import of it. `npm run lint:deps` refuses an import past it.
 */
export { productsRead, variantsRead } from "./read-views.store.ts";
export { acpFeedRoutes } from "./acp-feed.routes.ts";
export { pushFeedChanges } from "./acp-feed-push.service.ts";
export { catalogRoutes } from "./catalog.routes.ts";
export { catalogTools } from "./catalog.tools.ts";
export { CatalogueAnswers } from "./catalogue-answers.service.ts";
export { embeddingRoutes } from "./embeddings.routes.ts";
export { clearEmbedding, countLackingEmbedding } from "./embeddings.store.ts";
export { imageRoutes } from "./images.routes.ts";
export { importRoutes } from "./import.routes.ts";
export { getProductPage, listProducts, resolveProductSlug } from "./list-products.service.ts";
export {
  findMerchantProduct,
  insertProduct,
  lockMerchantProduct,
  queryMerchantProducts,
  toMerchantProduct,
  updateProduct,
} from "./merchant-products.store.ts";
export { createPairing, deletePairing, listPairings } from "./pairings.service.ts";
export { pairedBundleCandidate } from "./pairings.store.ts";
export {
  giveProductOptions,
  lockProductVariants,
  readProductVariants,
  variantSkusTakenElsewhere,
  writeProductVariants,
} from "./product-variants.store.ts";
export type { OptionInput, ProductVariantsWrite, VariantInput } from "./product-variants.store.ts";
export { embedMissingProducts, embedProduct } from "./product-embeddings.service.ts";
export { productImagePath } from "./product-image.ts";
export { importFormatOf, importProducts } from "./product-import.service.ts";
export {
  bundledProduct,
  countAllProducts,
  countVisibleProducts,
  findVisibleProduct,
  insertSeedProducts,
  productColumns,
  sampleCartProducts,
  searchBundleCandidate,
  toProductDto,
} from "./products.store.ts";
export type { ProductRow } from "./products.store.ts";
export { loadLearningSample } from "./learning-sample.store.ts";
export { loadCatalogNames, loadProducts } from "./search-legs.store.ts";
export { searchProducts, vocabularyOf } from "./search-products.store.ts";
export { wordsMatchingAnyProduct } from "./shop-page.store.ts";
export { siteFileRoutes } from "./site-files.routes.ts";
export {
  findDefaultVariants,
  findHiddenProductName,
  findLineVariants,
  findProductStock,
  findProductsStock,
  findProductVariants,
  isRowBusy,
  lowStockVariants,
  returnStocks,
  takeStocks,
} from "./stock.store.ts";
export type { LineVariantStock, StockTake, ProductVariants, VariantRow } from "./stock.store.ts";
export { loadTagCategories } from "./tag-categories.store.ts";
export { provideVariantsInCarts } from "./variants-in-carts-port.store.ts";
export type { VariantsInCarts } from "./variants-in-carts-port.store.ts";
