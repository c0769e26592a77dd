/**
 * The catalogue module's front door: what code outside the module (the command line, http/)
 * uses of it. Other modules' imports move here as the module boundaries are drawn.
 */
export type { CatalogueAnswers } from "./catalogue-answers.service.ts";
export { embedMissingProducts } from "./product-embeddings.service.ts";
export { importFormatOf, importProducts } from "./product-import.service.ts";
export { listProducts } from "./list-products.service.ts";
export { vocabularyOf } from "./search-products.store.ts";
