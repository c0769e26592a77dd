import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { products } from "../../platform/db/schema.ts";
import type { ProductImageInput } from "./product-image.ts";

/** What a product's picture is drawn from, hidden products included; null for an unknown SKU. */
export async function findProductImageInput(db: Db, sku: string): Promise<ProductImageInput | null> {
  const [row] = await db
    .select({ sku: products.sku, name: products.name, brand: products.brand, category: products.category })
    .from(products)
    .where(eq(products.sku, sku))
    .limit(1);
  return row ?? null;
}
