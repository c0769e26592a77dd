/**
 * The product answer is made in products.store.ts and money columns are read in platform/db;
 * the search and negotiation modules still import them from this path.
 */
export { productColumns, toProductDto } from "./products.store.ts";
export { moneyOut } from "../../platform/db/column-values.ts";
