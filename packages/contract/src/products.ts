import { z } from "zod";
import { type ProductSort, SORTS } from "./limits.ts";
import { MoneySchema } from "./money.ts";

export const ProductSchema = z
  .object({
    id: z.string(),
    sku: z.string(),
    name: z.string(),
    /** The product page's address: /products/<slug> (unique, kept when the name changes). */
    slug: z.string(),
    description: z.string(),
    brand: z.string(),
    category: z.string(),
    price: MoneySchema,
    listPrice: MoneySchema,
    imageUrl: z.string(),
    rating: z.number(),
    reviewCount: z.number().int(),
    inStock: z.boolean(),
    stockLevel: z.number().int(),
    demandIndex: z.number(),
    tags: z.array(z.string()),
    /** The dearest variant's price: above `price` when the variants' prices differ ("from $X"). */
    maxPrice: MoneySchema.optional(),
    /** Whether the product has options (sizes, colours): a card sends the shopper to choose one. */
    hasOptions: z.boolean().optional(),
    /** The product's colour values, in the shop's order (a card's swatches); empty without a colour option. */
    swatches: z.array(z.string()).optional(),
    /** In a listing filtered by options: the first variant (in stock first) holding a chosen value of each chosen option. */
    variantId: z.string().optional(),
  })
  .meta({ id: "Product" });
export type Product = z.infer<typeof ProductSchema>;

/** A product's option: its name and values in the order the shop shows them ("Size": S, M, L). */
export const ProductOptionSchema = z
  .object({ name: z.string(), values: z.array(z.string()) })
  .meta({ id: "ProductOption" });
export type ProductOption = z.infer<typeof ProductOptionSchema>;

/** What a shopper buys: one combination of the product's option values, with its own SKU, price and stock. */
export const ProductVariantSchema = z
  .object({
    id: z.string(),
    sku: z.string(),
    /** One value per option, in the options' order; empty for a product without options. */
    optionValues: z.array(z.string()),
    /** The values as shown ("M / Black"); empty for a product without options. */
    title: z.string(),
    price: MoneySchema,
    listPrice: MoneySchema,
    stockLevel: z.number().int(),
    inStock: z.boolean(),
    /** The variant's own picture, else the product's. */
    imageUrl: z.string(),
  })
  .meta({ id: "ProductVariant" });
export type ProductVariant = z.infer<typeof ProductVariantSchema>;

/**
 * One product with its options and variants (GET /api/products/{id}, a product page). The
 * product's price and list price are its cheapest variant's (the "from" price), its stock the sum
 * of its variants'. A product without options has no options and one variant, its default.
 */
export const ProductDetailSchema = ProductSchema.extend({
  options: z.array(ProductOptionSchema),
  variants: z.array(ProductVariantSchema),
}).meta({ id: "ProductDetail" });
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** GET /api/products/by-slug/{slug}: a product page's content. */
export const ProductPageSchema = z
  .object({
    product: ProductDetailSchema,
    /** The merchant's cross-sells of the product, filled up from its category. */
    frequentlyBoughtTogether: z.array(ProductSchema),
  })
  .meta({ id: "ProductPage" });
export type ProductPage = z.infer<typeof ProductPageSchema>;

export { type ProductSort, SORTS };
export const ProductSortSchema = z.enum(SORTS);

export const MAX_PAGE_SIZE = 200;

const PAGE_MESSAGE = "Page must be a whole number of at least 1.";
const PAGE_SIZE_MESSAGE = `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`;

/** The `page` query parameter of every paged list (from 1). */
export function pageParam() {
  return z.coerce
    .number({ error: PAGE_MESSAGE })
    .int(PAGE_MESSAGE)
    .min(1, PAGE_MESSAGE)
    .optional()
    .default(1);
}

/** The `pageSize` query parameter of every paged list (1 to MAX_PAGE_SIZE). */
export function pageSizeParam(defaultSize: number) {
  return z.coerce
    .number({ error: PAGE_SIZE_MESSAGE })
    .int(PAGE_SIZE_MESSAGE)
    .min(1, PAGE_SIZE_MESSAGE)
    .max(MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE)
    .optional()
    .default(defaultSize);
}

const repeated = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((s) => s.length > 0));

/** An option filter's text: "Name:Value" ("Size:M"), the option's name before the first colon. */
const OPTION_FILTER = /^[^:]+:.+$/;

/**
 * Query of GET /api/products. `category`, `brand` and `option` may repeat (multi-select). An
 * `option` is "Name:Value" ("Size:M"): values of one option widen the filter (M or L), options
 * narrow it (Size M and Colour Black); a product matches when its variants have them.
 */
export const ProductQuerySchema = z.object({
  q: z.string().max(200, "Search text must be at most 200 characters.").optional().default(""),
  category: repeated,
  brand: repeated,
  option: repeated.pipe(
    z
      .array(
        z.string().max(200).regex(OPTION_FILTER, 'An option filter is "Name:Value", for example "Size:M".'),
      )
      .max(20, "At most 20 option filters."),
  ),
  sort: z
    .enum(SORTS, { error: `Sort must be one of: ${SORTS.join(", ")}.` })
    .optional()
    .default("featured"),
  page: pageParam(),
  pageSize: pageSizeParam(24),
});
export type ProductQuery = z.infer<typeof ProductQuerySchema>;

export const FacetSchema = z.object({ value: z.string(), count: z.number().int() });

/** One option's facet: its name and how many products have each of its values ("Size": M (12)). */
export const OptionFacetSchema = z.object({ name: z.string(), values: z.array(FacetSchema) });
export type OptionFacet = z.infer<typeof OptionFacetSchema>;

export const ProductListSchema = z
  .object({
    items: z.array(ProductSchema),
    total: z.number().int(),
    /** Every visible product in the shop, whatever the filters: "N products in the collection". */
    collectionTotal: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    facets: z.object({
      categories: z.array(FacetSchema),
      brands: z.array(FacetSchema),
      /** Each option's values across the products, counted under the other filters. */
      options: z.array(OptionFacetSchema),
    }),
  })
  .meta({ id: "ProductList" });
export type ProductList = z.infer<typeof ProductListSchema>;

/** The assistant's stream: an event listing the products a search found (the carousel). */
export const ToolResultEventSchema = z.object({
  type: z.literal("tool_result"),
  products: z.array(ProductSchema),
});
