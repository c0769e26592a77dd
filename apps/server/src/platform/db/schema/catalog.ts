import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { money } from "../column-values.ts";
import { createdAt, tsvector, updatedAt } from "./columns.ts";

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sku: text("sku").notNull().unique(),
    name: text("name").notNull(),
    // The product page's address (/products/<slug>): set once from the name by the
    // products_set_slug trigger (migration 0012) when left empty, unique, kept when the name changes.
    slug: text("slug").notNull().default(""),
    description: text("description").notNull().default(""),
    brand: text("brand").notNull(),
    category: text("category").notNull(),
    price: money("price").notNull(),
    listPrice: money("list_price").notNull(),
    imageUrl: text("image_url").notNull().default(""),
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    stockLevel: integer("stock_level").notNull().default(0),
    inStock: boolean("in_stock").notNull().generatedAlwaysAs(sql`stock_level > 0`),
    demandIndex: real("demand_index").notNull().default(0.5),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    // Derived from the variants by the roll-up trigger (migrations 0028 and 0031): the dearest
    // variant's price (a card says "from $X" when it exceeds price) and every option value a
    // variant has, as "Name:Value" ("Size:M"), the catalogue's option facets.
    maxPrice: money("max_price").notNull().default(sql`0`),
    optionFacets: text("option_facets").array().notNull().default(sql`'{}'::text[]`),
    /**
     * The pairs of option values of different options some one variant has, as
     * "Size:M\u001fColour:Black" (both orders): kept by the roll-up (migration 0034), so an
     * option filter of two options matches per variant through an index.
     */
    optionPairs: text("option_pairs").array().notNull().default(sql`'{}'::text[]`),
    embedding: real("embedding").array(),
    embeddingModel: text("embedding_model"),
    hidden: boolean("hidden").notNull().default(false),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(brand, '')), 'B') || setweight(to_tsvector('english', coalesce(category, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("products_stock_nonnegative", sql`${t.stockLevel} >= 0`),
    check("products_price_nonnegative", sql`${t.price} >= 0 and ${t.listPrice} >= 0`),
    uniqueIndex("products_slug_idx").on(t.slug),
    index("products_category_idx").on(t.category),
    index("products_brand_idx").on(t.brand),
    index("products_search_vector_idx").using("gin", t.searchVector),
    index("products_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("products_tags_gin_idx").using("gin", t.tags),
    // An option filter (option=Size:M) finds its products through it: `option_facets && array[...]`.
    index("products_option_facets_idx").using("gin", t.optionFacets).where(sql`${t.hidden} = false`),
    index("products_option_pairs_idx").using("gin", t.optionPairs).where(sql`${t.hidden} = false`),
    // Typos and partial words in the catalogue search: `(name || ' ' || brand) %> word` and
    // `(name || ' ' || brand) ilike '%word%'` both use it (shop-page.store.ts).
    index("products_name_brand_trgm_idx").using("gin", sql`(${t.name} || ' ' || ${t.brand}) gin_trgm_ops`),
    // One B-tree per catalogue order, over the visible products only: the first page reads 24 entries.
    index("products_featured_idx")
      .on(t.inStock.desc().nullsFirst(), t.demandIndex.desc().nullsFirst(), t.name, t.id)
      .where(sql`${t.hidden} = false`),
    // The featured order within one category: a category's page (with or without an option)
    // walks its own products only, about 24 entries over the share of them the filter keeps,
    // whatever the catalogue's size (the shop-wide index walked every category's to find them).
    index("products_category_featured_idx")
      .on(t.category, t.inStock.desc().nullsFirst(), t.demandIndex.desc().nullsFirst(), t.name, t.id)
      .where(sql`${t.hidden} = false`),
    index("products_price_low_idx").on(t.price, t.name, t.id).where(sql`${t.hidden} = false`),
    index("products_price_high_idx")
      .on(t.price.desc().nullsFirst(), t.name, t.id)
      .where(sql`${t.hidden} = false`),
    index("products_rating_idx")
      .on(t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.name, t.id)
      .where(sql`${t.hidden} = false`),
    // Facet counts of the whole visible collection read this index alone (an index-only scan).
    index("products_visible_facets_idx").on(t.category, t.brand).where(sql`${t.hidden} = false`),
    // Its mirror: the category counts of a brand filter (category=...&brand=... counts each facet
    // under the other one's filter) read only that brand's entries (an index-only scan).
    index("products_visible_brand_category_idx").on(t.brand, t.category).where(sql`${t.hidden} = false`),
    // Whether a model has stored vectors (firstEmbeddedModel, every assistant search) reads one
    // entry: without it, a shop none of whose products is embedded yet scanned every product
    // (0.4 s at 1,000,000).
    index("products_embedded_model_idx").on(t.embeddingModel).where(sql`${t.embedding} is not null`),
    // The hidden products alone (few): the dashboard counts the low variants of visible products
    // as the low variants but those of these (an anti-join), not by reading every product.
    index("products_hidden_idx").on(t.id).where(sql`${t.hidden}`),
  ],
);

/**
 * A product's options (at most three: Size, Colour, Material...), each a name and its values in
 * the order the shop shows them. A product without options has none and one default variant.
 */
export const productOptions = pgTable(
  "product_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** 0, 1 or 2: the option's place, which is also its value's place in a variant's option_values. */
    position: integer("position").notNull(),
    name: text("name").notNull(),
    values: text("values").array().notNull(),
  },
  (t) => [
    check("product_options_position", sql`${t.position} between 0 and 2`),
    check("product_options_name_nonempty", sql`length(trim(${t.name})) > 0`),
    check("product_options_values_nonempty", sql`cardinality(${t.values}) > 0`),
    uniqueIndex("product_options_product_position_uq").on(t.productId, t.position),
    uniqueIndex("product_options_product_name_uq").on(t.productId, sql`lower(${t.name})`),
  ],
);

/**
 * What a shopper buys: one combination of a product's option values with its own SKU, price,
 * stock and picture. A product without options has exactly one, its default variant (no option
 * values). The variants hold the price and the stock; the product's price, list price and
 * stock_level are derived from them by triggers (migration 0028): the cheapest variant's price
 * and list price (the "from" price) and the sum of their stock.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Unique in the shop; a default variant carries its product's SKU. */
    sku: text("sku").notNull().unique(),
    /** One value per option, in the options' order; empty for the default variant. */
    optionValues: text("option_values").array().notNull().default(sql`'{}'::text[]`),
    /** The variant's place in the product's list (the merchant's order). */
    position: integer("position").notNull().default(0),
    price: money("price").notNull(),
    listPrice: money("list_price").notNull(),
    stockLevel: integer("stock_level").notNull().default(0),
    inStock: boolean("in_stock").notNull().generatedAlwaysAs(sql`stock_level > 0`),
    /** Shipping weight in grams, when the merchant gave it. */
    weightGrams: integer("weight_grams"),
    barcode: text("barcode"),
    /** The variant's own picture; empty: the product's. */
    imageUrl: text("image_url").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("product_variants_stock_nonnegative", sql`${t.stockLevel} >= 0`),
    check("product_variants_price_nonnegative", sql`${t.price} >= 0 and ${t.listPrice} >= 0`),
    check("product_variants_weight_nonnegative", sql`${t.weightGrams} is null or ${t.weightGrams} >= 0`),
    check("product_variants_option_values", sql`cardinality(${t.optionValues}) <= 3`),
    uniqueIndex("product_variants_product_options_uq").on(t.productId, t.optionValues),
    index("product_variants_product_idx").on(t.productId, t.position),
    // The dashboard's low stock (lowStockVariants, at most LOW_STOCK_AT = 5 units): listed in this
    // index's order (fewest first, then by SKU) and counted from it alone, both stopping early;
    // without it, every variant was read (500,000 at 100,000 products, a second under load). The
    // 5 is the domain's LOW_STOCK_AT, written here.
    index("product_variants_low_stock_sku_idx")
      .on(t.stockLevel, t.sku, t.productId)
      .where(sql`${t.stockLevel} <= 5`),
  ],
);

/**
 * How many visible products each category and brand has (kind "category" or "brand"), and in
 * all (kind "all", value ""): kept by statement triggers on products (migration 0009), so the
 * unfiltered catalogue reads its facets here instead of counting every product. Only net
 * changes are written: a stock update never touches it.
 */
export const productFacetCounts = pgTable(
  "product_facet_counts",
  {
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    visible: integer("visible").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] })],
);

/**
 * How many visible products each (category, brand) pair has: kept by statement triggers on
 * products (migration 0025), as product_facet_counts. A filtered catalogue's facet counts (the
 * brands of the chosen categories, the categories of the chosen brands, the products of both)
 * are sums over these rows instead of index scans of every product of the chosen values.
 */
export const productPairCounts = pgTable(
  "product_pair_counts",
  {
    category: text("category").notNull(),
    brand: text("brand").notNull(),
    visible: integer("visible").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category, t.brand] }), index("product_pair_counts_brand_idx").on(t.brand)],
);

/**
 * How many visible products have each option value (`facet`, "Size:M") in each (category,
 * brand), alone (`paired` "") and with each value of another option on one variant (`paired`
 * "Colour:Black"): kept by statement triggers on products from option_facets and option_pairs
 * (migration 0034), as product_pair_counts. An option filter's facet counts are sums over these
 * rows instead of reading every product holding the chosen value.
 */
export const productOptionCounts = pgTable(
  "product_option_counts",
  {
    facet: text("facet").notNull(),
    paired: text("paired").notNull(),
    category: text("category").notNull(),
    brand: text("brand").notNull(),
    visible: integer("visible").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.facet, t.paired, t.category, t.brand] }),
    // The option values of chosen categories or brands (a filtered listing's option facets).
    index("product_option_counts_category_idx").on(t.category, t.brand).where(sql`${t.paired} = ''`),
    index("product_option_counts_brand_idx").on(t.brand).where(sql`${t.paired} = ''`),
    // A chosen value's pairs under chosen categories or brands (an option filter with either):
    // the primary key's order would read the value's pairs of every category and brand.
    index("product_option_counts_facet_category_idx").on(t.facet, t.category).where(sql`${t.paired} <> ''`),
    index("product_option_counts_facet_brand_idx").on(t.facet, t.brand).where(sql`${t.paired} <> ''`),
  ],
);

/**
 * The sums of product_option_counts over every category and brand: how many visible products have
 * each option value (paired '') and each pair of values on one variant. Kept by the same function
 * as those rows (product_option_counts_add, migration 0042), so an option filter without a
 * category or brand reads a value's pairs here (one row per other value) instead of summing its
 * rows of every category and brand (8,640 for a size at 100,000 generated products).
 */
export const productOptionTotals = pgTable(
  "product_option_totals",
  {
    facet: text("facet").notNull(),
    paired: text("paired").notNull(),
    visible: integer("visible").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.facet, t.paired] })],
);

/**
 * How many visible products hold each set of one option's values: the product's own values of
 * the option (paired '', e.g. {Size:L, Size:M, Size:S}), and for each value of another option the
 * values of this one its variants pair it with (paired "Colour:Black": the sizes Black is sold
 * in). An option widened to several values (Size M or L) matches a product when its set meets
 * them, so each facet is a sum of these rows, one row per set the shop's products hold, not per
 * product (migration 0044, kept by statement triggers on products). `scope` says which sums a
 * row is: "p" per category and brand, "c" per category (brand ''), "b" per brand (category ''),
 * "a" over all of them (both '').
 */
export const productOptionSets = pgTable(
  "product_option_sets",
  {
    scope: text("scope").notNull(),
    paired: text("paired").notNull(),
    category: text("category").notNull(),
    brand: text("brand").notNull(),
    held: text("held").array().notNull(),
    visible: integer("visible").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.paired, t.category, t.brand, t.held] }),
    // The categories of a brand filter: the sets of the chosen brands, whatever their category.
    index("product_option_sets_brand_idx").on(t.paired, t.brand).where(sql`${t.scope} = 'p'`),
    // The other options' values under the filters: every paired set of one scope's category and brand.
    index("product_option_sets_scope_idx").on(t.scope, t.category, t.brand, t.paired),
  ],
);

/**
 * The search vocabulary: the words of the visible products' names, brands and categories (kind
 * "w": lower case, split at spaces) and their tags (kind "t"), each with how many visible
 * products hold it. Kept by statement triggers on products (migration 0024), so a search reads
 * the vocabulary here instead of splitting every product's name (9 s at 1,000,000 products),
 * and a new product's words are known as soon as it is committed. Words no product holds any
 * more keep a row with 0.
 */
export const searchVocabulary = pgTable(
  "search_vocabulary",
  {
    kind: text("kind").notNull(),
    word: text("word").notNull(),
    products: integer("products").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.word] })],
);

/**
 * Each tag of the visible products (lower case) with the categories of the products carrying it
 * and how many of them: kept by statement triggers on products (migration 0026), as
 * product_pair_counts. The assistant reads a product word's categories here ("headphones" ->
 * Audio) instead of unnesting every product's tags (1.6 s at 1,000,000 products, once a minute).
 * A pair no visible product has any more keeps a row with 0.
 */
export const productTagCategories = pgTable(
  "product_tag_categories",
  {
    tag: text("tag").notNull(),
    category: text("category").notNull(),
    visible: integer("visible").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tag, t.category] })],
);

/**
 * A product import started from the merchant area: its progress, read by the
 * Import page while the server works through the file, and its bad rows (line, SKU, reason).
 */
export const productImports = pgTable("product_imports", {
  id: uuid("id").primaryKey().defaultRandom(),
  fileName: text("file_name").notNull(),
  format: text("format").notNull(),
  /** running, done or failed */
  status: text("status").notNull().default("running"),
  totalBytes: integer("total_bytes").notNull().default(0),
  bytesRead: integer("bytes_read").notNull().default(0),
  rows: integer("rows").notNull().default(0),
  inserted: integer("inserted").notNull().default(0),
  updated: integer("updated").notNull().default(0),
  failed: integer("failed").notNull().default(0),
  skippedVariants: integer("skipped_variants").notNull().default(0),
  /** The bad rows, at most IMPORT_ERRORS_KEPT of them. */
  errors: jsonb("errors").notNull().default(sql`'[]'::jsonb`),
  message: text("message").notNull().default(""),
  createdBy: text("created_by"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The merchant's product pairings, which Ava proposes as bundles: a cross-sell complements the
 * cart product; an upsell is a pricier add-on or upgrade worth suggesting with it.
 */
export const productPairings = pgTable(
  "product_pairings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    pairedProductId: uuid("paired_product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("product_pairings_kind", sql`${t.kind} in ('cross_sell', 'upsell')`),
    check("product_pairings_not_self", sql`${t.productId} <> ${t.pairedProductId}`),
    uniqueIndex("product_pairings_kind_product_paired_uq").on(t.kind, t.productId, t.pairedProductId),
    index("product_pairings_product_idx").on(t.productId),
  ],
);

/**
 * What the ACP feed push (docs/decisions/0067-acp-2026-04-17.md) has sent to a platform's feed:
 * per feed (the Feed API's URL and feed id) and feed product, a digest of the product's answer.
 * A row is claimed by one process (`claim`, `claimed_at`) before its PATCH and marked pushed
 * (`pushed_at`) once the platform accepted it, so several processes push each change once and a
 * restart does not push the whole feed again. A claim not confirmed within its lease (a process
 * that died mid-push) or released after a refusal is taken again. Not a foreign key: the feed's
 * product ids are the feed's, and a deleted product's row only costs a few bytes.
 */
export const acpFeedPushes = pgTable(
  "acp_feed_pushes",
  {
    feed: text("feed").notNull(),
    productId: text("product_id").notNull(),
    digest: text("digest").notNull(),
    claim: text("claim"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    pushedAt: timestamp("pushed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.feed, t.productId] }), index("acp_feed_pushes_claim_idx").on(t.claim)],
);
