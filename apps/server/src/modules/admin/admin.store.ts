import { count, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { productsRead as products } from "../catalog/index.ts";

/** Products shoppers can see: the first figure of the admin panel. */
export async function countVisibleProducts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.hidden, false));
  return row?.n ?? 0;
}
