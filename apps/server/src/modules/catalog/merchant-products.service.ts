import type {
  CreateProductSchema,
  MerchantProduct,
  MerchantProductList,
  MerchantProductQuery,
  UpdateProductSchema,
} from "@haggle/contract/merchant";
import { toCents, toDecimalString } from "@haggle/domain/pricing/money";
import { escapeLike } from "@haggle/domain/text/search-text";
import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AiConfig } from "../../platform/ai/openai-compatible.ts";
import type { Db } from "../../platform/db/client.ts";
import { products } from "../../platform/db/schema.ts";
import { isUniqueViolation } from "../../platform/db/db-errors.ts";
import { badRequest, conflict, notFound } from "../../http/http-error.ts";
import type { Logger } from "../../platform/logger.ts";
import { productColumns, toProductDto } from "./product-dto.ts";
import { embedProduct } from "./product-embeddings.service.ts";
import { productImagePath } from "../admin/seed.service.ts";

export interface MerchantProductDeps {
  db: Db;
  ai: AiConfig | null;
  logger: Logger;
}

type CreateInput = z.infer<typeof CreateProductSchema>;
type UpdateInput = z.infer<typeof UpdateProductSchema>;

const merchantColumns = { ...productColumns, hidden: products.hidden, updatedAt: products.updatedAt };
type MerchantRow = { [K in keyof typeof merchantColumns]: (typeof products.$inferSelect)[K] };

const NO_SUCH_PRODUCT = "No product has that id.";

function toMerchantProduct(row: MerchantRow): MerchantProduct {
  return { ...toProductDto(row), hidden: row.hidden, updatedAt: row.updatedAt.toISOString() };
}

const duplicateSku = (sku: string) => conflict(`A product with SKU ${sku} already exists.`, "DUPLICATE_SKU");

/** The merchant's list: every product, hidden ones too, by name; q matches name, SKU, brand or category. */
export async function listMerchantProducts(
  db: Db,
  query: MerchantProductQuery,
): Promise<MerchantProductList> {
  const conditions: (SQL | undefined)[] = [];
  const q = query.q.trim();
  if (q !== "") {
    const pattern = `%${escapeLike(q)}%`;
    conditions.push(
      or(
        ilike(products.name, pattern),
        ilike(products.sku, pattern),
        ilike(products.brand, pattern),
        ilike(products.category, pattern),
      ),
    );
  }
  if (query.visibility !== "all") conditions.push(eq(products.hidden, query.visibility === "hidden"));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(merchantColumns)
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return {
    items: rows.map(toMerchantProduct),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function findMerchantProduct(db: Db, id: string): Promise<MerchantRow | null> {
  const [row] = await db.select(merchantColumns).from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
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
    await deps.db.update(products).set({ embedding: null, embeddingModel: null }).where(eq(products.id, id));
  }
}

export async function createMerchantProduct(
  deps: MerchantProductDeps,
  input: CreateInput,
): Promise<MerchantProduct> {
  // The unique SKU index decides, so two racing creations cannot both pass a check.
  let created: { id: string } | undefined;
  try {
    [created] = await deps.db
      .insert(products)
      .values({
        sku: input.sku,
        name: input.name,
        description: input.description,
        brand: input.brand,
        category: input.category,
        price: toDecimalString(toCents(input.price)),
        listPrice: toDecimalString(toCents(input.listPrice)),
        imageUrl: input.imageUrl === "" ? productImagePath(input.sku) : input.imageUrl,
        stockLevel: input.stockLevel,
        tags: input.tags,
        hidden: input.hidden,
      })
      .returning({ id: products.id });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateSku(input.sku);
    throw error;
  }
  if (!created) throw new Error("the product was not created");
  await reembed(deps, created.id);
  return getMerchantProduct(deps.db, created.id);
}

const EMBEDDED_FIELDS = ["name", "description", "brand", "category", "tags"] as const;

/** Changes the given fields (the id is a uuid: the route checks it); the result must still have a list price at or above the price. */
export async function updateMerchantProduct(
  deps: MerchantProductDeps,
  id: string,
  input: UpdateInput,
): Promise<MerchantProduct> {
  const updated = await deps.db
    .transaction(async (tx) => {
      const [current] = await tx
        .select(merchantColumns)
        .from(products)
        .where(eq(products.id, id))
        .for("update");
      if (!current) throw notFound(NO_SUCH_PRODUCT);
      const price = input.price === undefined ? toCents(current.price) : toCents(input.price);
      const listPrice = input.listPrice === undefined ? toCents(current.listPrice) : toCents(input.listPrice);
      if (listPrice < price) throw badRequest("List price cannot be lower than the price.");
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
      await tx
        .update(products)
        // Drizzle leaves out the fields that are undefined: only what was sent changes.
        .set({
          ...input,
          sku,
          price: toDecimalString(price),
          listPrice: toDecimalString(listPrice),
          imageUrl,
          updatedAt: new Date(),
        })
        .where(eq(products.id, id));
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
