import {
  type AgentProduct,
  GetProductInputSchema,
  GetProductOutputSchema,
  SearchProductsInputSchema,
  SearchProductsOutputSchema,
} from "@haggle/contract/agents";
import type { Product } from "@haggle/contract/products";
import { EMPTY_FILTERS } from "@haggle/domain/assistant/shopping-request";
import { invalid, limitReached, notFound } from "@haggle/domain/errors";
import { toCents, toDollars } from "@haggle/domain/pricing/money";
import { type AgentTool, defineTool, type ToolDeps } from "../../platform/agent-tools/agent-tool.ts";
import { correctedSearchText, getProduct } from "./list-products.service.ts";
import { loadCatalogNames } from "./search-legs.store.ts";
import { searchProducts } from "./search-products.store.ts";

/** A product as an agent reads it: dollars, and the page a human can open. */
export function agentProduct(product: Product, publicUrl: string): AgentProduct {
  return {
    id: product.id,
    name: product.name,
    brand: product.brand,
    category: product.category,
    price: toDollars(product.price),
    listPrice: toDollars(product.listPrice),
    rating: product.rating,
    inStock: product.inStock,
    url: `${publicUrl}/products/${product.slug}`,
  };
}

/**
 * A category or brand as the shop spells it (case aside); one it does not have is refused with a
 * sentence (and, for a category, the list), rather than answered with an empty list.
 */
async function knownName(deps: ToolDeps, kind: "category" | "brand", given: string): Promise<string> {
  const names = await loadCatalogNames(deps.db);
  const list = kind === "category" ? names.categories : names.brands;
  const found = list.find((name) => name.toLowerCase() === given.trim().toLowerCase());
  if (found) return found;
  throw invalid(
    kind === "category"
      ? `There is no category "${given}". The categories are: ${list.join(", ")}.`
      : `No product is of the brand "${given}". The brands are listed in the haggle://categories resource.`,
    kind === "category" ? "UNKNOWN_CATEGORY" : "UNKNOWN_BRAND",
  );
}

/** The catalogue for agents: the shopping assistant's hybrid search, and one product. */
export const catalogTools: AgentTool[] = [
  defineTool({
    name: "search_products",
    title: "Search products",
    description:
      "Search the shop's catalogue (full text, typo-tolerant, semantic) with filters: category, brand, price range in US dollars, on sale, in stock, minimum rating. Prices are today's list prices before any negotiated discount.",
    access: "public",
    readOnly: true,
    input: SearchProductsInputSchema,
    output: SearchProductsOutputSchema,
    handler: async (deps, _shopper, input) => {
      if (input.minPrice !== undefined && input.maxPrice !== undefined && input.minPrice > input.maxPrice)
        throw invalid(
          `minPrice ($${input.minPrice}) is more than maxPrice ($${input.maxPrice}): no price is both. Swap them or leave one out.`,
          "PRICE_RANGE_EMPTY",
        );
      const category =
        input.category === undefined ? undefined : await knownName(deps, "category", input.category);
      const brand = input.brand === undefined ? undefined : await knownName(deps, "brand", input.brand);
      // Searches are the heavy requests: agents queue behind the same bound as the catalogue page.
      const search = (text: string) =>
        deps.searchGate.run(() =>
          searchProducts(
            { db: deps.db, hasPgvector: deps.hasPgvector, ai: deps.ai, logger: deps.logger },
            {
              text,
              filters: {
                ...EMPTY_FILTERS,
                categories: category ? [category] : [],
                brands: brand ? [brand] : [],
                minPrice: input.minPrice === undefined ? null : toCents(input.minPrice),
                maxPrice: input.maxPrice === undefined ? null : toCents(input.maxPrice),
                onSale: input.onSale ?? false,
                inStockOnly: input.inStockOnly ?? false,
                minRating: input.minRating ?? null,
              },
              sort: input.sort,
              limit: input.limit,
              targetPrice: null,
            },
          ),
        );
      let answer = await search(input.query);
      // Nothing as typed: the catalogue page's typo corrections, then once more ("running shoos").
      if (answer && answer.value.total === 0) {
        const corrected = await correctedSearchText(deps.db, input.query);
        if (corrected) answer = await search(corrected);
      }
      if (!answer)
        throw limitReached(
          "The shop is busy answering other searches. Please try again in a moment.",
          "BUSY",
        );
      const found = answer.value;
      return {
        value: { products: found.items.map((p) => agentProduct(p, deps.publicUrl)), total: found.total },
        summary: `${found.items.length} of ${found.total} products`,
      };
    },
  }),
  defineTool({
    name: "get_product",
    title: "Get a product",
    description:
      "One product by its id (from search_products): description, price, stock, tags, and its options and variants (a product with options is bought by a variant's id: a size, a colour).",
    access: "public",
    readOnly: true,
    input: GetProductInputSchema,
    output: GetProductOutputSchema,
    handler: async (deps, _shopper, input) => {
      const product = await getProduct(deps.db, input.productId);
      if (!product) throw notFound("No product has that id.");
      return {
        value: {
          product: {
            ...agentProduct(product, deps.publicUrl),
            description: product.description,
            stockLevel: product.stockLevel,
            tags: product.tags,
            options: product.options,
            variants: product.variants.map((v) => ({
              variantId: v.id,
              title: v.title,
              sku: v.sku,
              price: toDollars(v.price),
              stockLevel: v.stockLevel,
              inStock: v.inStock,
            })),
          },
        },
        summary: product.name,
      };
    },
  }),
];
