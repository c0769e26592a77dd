import { inArray } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { cartItems } from "../../platform/db/schema/carts.ts";

/** Which of these variants some cart holds a line of (the catalogue keeps those when options change). */
export async function variantsInCarts(db: Queryable, variantIds: readonly string[]): Promise<Set<string>> {
  if (variantIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ variantId: cartItems.variantId })
    .from(cartItems)
    .where(inArray(cartItems.variantId, [...variantIds]));
  return new Set(rows.map((r) => r.variantId));
}
