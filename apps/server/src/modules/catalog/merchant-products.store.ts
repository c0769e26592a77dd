import type { MerchantProduct } from "@haggle/contract/merchant";
import { escapeLike } from "@haggle/domain/text/search-text";
import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { products } from "../../platform/db/schema/catalog.ts";
import { productColumns, toProductDto } from "./products.store.ts";

const merchantColumns = { ...productColumns, hidden: products.hidden, updatedAt: products.updatedAt };
export type MerchantProductRow = { [K in keyof typeof merchantColumns]: (typeof products.$inferSelect)[K] };

/** What the merchant may write to a product (money as numeric strings). */
export type ProductWrite = Partial<
  Pick<
    typeof products.$inferInsert,
    | "sku"
    | "name"
    | "description"
    | "brand"
    | "category"
    | "price"
    | "listPrice"
    | "imageUrl"
    | "stockLevel"
    | "tags"
    | "hidden"
  >
>;
export type NewProduct = ProductWrite &
  Pick<typeof products.$inferInsert, "sku" | "name" | "brand" | "category" | "price" | "listPrice">;

export function toMerchantProduct(row: MerchantProductRow): MerchantProduct {
  return { ...toProductDto(row), hidden: row.hidden, updatedAt: row.updatedAt.toISOString() };
}

/** Every product, hidden ones too, by name; q matches name, SKU, brand or category. */
export async function queryMerchantProducts(
  db: Queryable,
  query: { q: string; visibility: "all" | "visible" | "hidden"; page: number; pageSize: number },
) {
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
  return { rows, total: total?.n ?? 0 };
}

export async function findMerchantProduct(db: Queryable, id: string): Promise<MerchantProductRow | null> {
  const [row] = await db.select(merchantColumns).from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

/** The product, locked until the transaction ends; null when there is none. */
export async function lockMerchantProduct(tx: Tx, id: string): Promise<MerchantProductRow | null> {
  const [row] = await tx.select(merchantColumns).from(products).where(eq(products.id, id)).for("update");
  return row ?? null;
}

/** Inserts a product; the unique SKU index refuses a duplicate (the caller reads the violation). */
export async function insertProduct(db: Queryable, values: NewProduct): Promise<string> {
  const [created] = await db.insert(products).values(values).returning({ id: products.id });
  if (!created) throw new Error("the product was not created");
  return created.id;
}

/** Sets what is given (undefined fields are left as they are) and stamps the edit. */
export async function updateProduct(db: Queryable, id: string, values: ProductWrite): Promise<void> {
  await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id));
}
