/**
 * The contract's plain values, without zod: the web app's first pages use them, and a module
 * that defines schemas brings all of zod with it (schemas register themselves when defined).
 * cart.ts and products.ts re-export them beside the schemas built from them.
 */

/** The most of one product a cart line (or order line) may hold. */
export const MAX_LINE_QUANTITY = 99;

/** The catalogue's sort orders, as `sort` of GET /api/products takes them. */
export const SORTS = ["featured", "price-low", "price-high", "rating"] as const;
export type ProductSort = (typeof SORTS)[number];
