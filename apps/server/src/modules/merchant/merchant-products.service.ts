import type {
  CreateProductSchema,
  MerchantProduct,
  MerchantProductList,
  MerchantProductQuery,
  UpdateProductSchema,
} from "@haggle/contract/merchant";
import { conflict, invalid, notFound } from "@haggle/domain/errors";
import type { z } from "zod";
import type { AiConfig } from "../../platform/ai/openai-compatible.ts";
import type { Db } from "../../platform/db/client.ts";
import { isUniqueViolation } from "../../platform/db/db-errors.ts";
import type { Logger } from "../../platform/logger.ts";
import { voidStaleOffersOnPriceChange, lockCartsNegotiatedOn } from "../cart/index.ts";
import {
  clearEmbedding,
  findMerchantProduct,
  insertProduct,
  lockMerchantProduct,
  queryMerchantProducts,
  toMerchantProduct,
  updateProduct,
  embedProduct,
  productImagePath,
} from "../catalog/index.ts";

export interface MerchantProductDeps {
  db: Db;
  ai: AiConfig | null;
  logger: Logger;
}

type CreateInput = z.infer<typeof CreateProductSchema>;
type UpdateInput = z.infer<typeof UpdateProductSchema>;

const NO_SUCH_PRODUCT = "No product has that id.";

const duplicateSku = (sku: string) => conflict(`A product with SKU ${sku} already exists.`, "DUPLICATE_SKU");

/** The merchant's list: every product, hidden ones too, by name; q matches name, SKU, brand or category. */
export async function listMerchantProducts(
  db: Db,
  query: MerchantProductQuery,
): Promise<MerchantProductList> {
  const { rows, total } = await queryMerchantProducts(db, query);
  return {
    items: rows.map(toMerchantProduct),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One product, hidden or not (the id is a uuid: the route checks it). */
export async function getMerchantProduct(db: Db, id: string): Promise<MerchantProduct> {
  const row = await findMerchantProduct(db, id);
  if (!row) throw notFound(NO_SUCH_PRODUCT);
  return toMerchantProduct(row);
}

/**
 * Embeds the product for AI search now, with the current model. The product is saved either
 * way; if the embedding fails (an AI server down), its vector is cleared so that "Initialize
 * AI Search" embeds it later, rather than search ranking it by its old text.
 */
async function reembed(deps: MerchantProductDeps, id: string) {
  try {
    await embedProduct(deps, id);
  } catch (error) {
    deps.logger.warn({ err: error, productId: id }, "could not embed the product; cleared its embedding");
    await clearEmbedding(deps.db, id);
  }
}

export async function createMerchantProduct(
  deps: MerchantProductDeps,
  input: CreateInput,
): Promise<MerchantProduct> {
  // The unique SKU index decides, so two racing creations cannot both pass a check.
  let id: string;
  try {
    id = await insertProduct(deps.db, {
      sku: input.sku,
      name: input.name,
      description: input.description,
      brand: input.brand,
      category: input.category,
      price: input.price,
      listPrice: input.listPrice,
      imageUrl: input.imageUrl === "" ? productImagePath(input.sku) : input.imageUrl,
      stockLevel: input.stockLevel,
      tags: input.tags,
      hidden: input.hidden,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateSku(input.sku);
    throw error;
  }
  await reembed(deps, id);
  return getMerchantProduct(deps.db, id);
}

const EMBEDDED_FIELDS = ["name", "description", "brand", "category", "tags"] as const;

/**
 * A product with options keeps its prices and stock on its variants (the product's are derived
 * from them), so the product form may not set them: changing one is a 400 naming where they are
 * set, before the database's own refusal. Sending the product's current figures changes nothing.
 */
function refuseVariantFigures(
  current: { name: string; price: number; listPrice: number; stockLevel: number },
  input: UpdateInput,
): void {
  const moved = (["price", "listPrice", "stockLevel"] as const).some(
    (field) => input[field] !== undefined && input[field] !== current[field],
  );
  if (moved)
    throw invalid(
      `${current.name} has options: set its prices and stock per variant in Options and variants.`,
    );
}

/**
 * Changes the given fields (the id is a uuid: the route checks it); the result must still have a
 * list price at or above the price. A new price voids, in the same transaction, the standing
 * offers Ava computed on the old one; an applied price lapses where every price change is caught,
 * when the cart is next read or checked out (checkout then refuses once with the new total).
 */
export async function updateMerchantProduct(
  deps: MerchantProductDeps,
  id: string,
  input: UpdateInput,
): Promise<MerchantProduct> {
  const updated = await deps.db
    .transaction(async (tx) => {
      // The carts first, then the product: checkout locks its cart before the products' stock.
      const carts = input.price === undefined ? [] : await lockCartsNegotiatedOn(tx, [id]);
      const current = await lockMerchantProduct(tx, id);
      if (!current) throw notFound(NO_SUCH_PRODUCT);
      if (current.optionFacets.length > 0) refuseVariantFigures(current, input);
      const price = input.price ?? current.price;
      const listPrice = input.listPrice ?? current.listPrice;
      if (listPrice < price) throw invalid("List price cannot be lower than the price.");
      const sku = input.sku ?? current.sku;
      // A generated picture follows its SKU (the image route draws it by SKU); a chosen one stays.
      const generated = current.imageUrl === productImagePath(current.sku);
      const imageUrl =
        input.imageUrl === undefined
          ? generated
            ? productImagePath(sku)
            : current.imageUrl
          : input.imageUrl === ""
            ? productImagePath(sku)
            : input.imageUrl;
      // Fields left undefined are not written: only what was sent changes.
      await updateProduct(tx, id, {
        ...input,
        sku,
        price,
        listPrice,
        imageUrl,
      });
      if (price !== current.price) await voidStaleOffersOnPriceChange(tx, carts);
      return current;
    })
    .catch((error: unknown) => {
      // Only a new SKU can clash with the unique index.
      if (isUniqueViolation(error)) throw duplicateSku(input.sku ?? "");
      throw error;
    });
  if (EMBEDDED_FIELDS.some((field) => input[field] !== undefined)) await reembed(deps, updated.id);
  return getMerchantProduct(deps.db, id);
}
