import { and, count, desc, eq, sql } from "drizzle-orm";
import { preparedStatement } from "../../platform/db/prepared.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { cartDiscountCodes, discountCodes, discountRedemptions } from "../../platform/db/schema/discounts.ts";

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type DiscountCodeValues = Omit<
  typeof discountCodes.$inferInsert,
  "id" | "usedCount" | "createdAt" | "updatedAt"
>;

/** Every code, newest first. */
export async function listCodeRows(db: Queryable): Promise<DiscountCodeRow[]> {
  return db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
}

export async function findCodeRow(db: Queryable, id: string): Promise<DiscountCodeRow | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row ?? null;
}

export async function findCodeRowByCode(db: Queryable, code: string): Promise<DiscountCodeRow | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  return row ?? null;
}

/** Inserts a code; null when another code already has its text. */
export async function insertCodeRow(
  db: Queryable,
  values: DiscountCodeValues,
): Promise<DiscountCodeRow | null> {
  const [row] = await db.insert(discountCodes).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateCodeRow(
  db: Queryable,
  id: string,
  values: DiscountCodeValues,
): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .update(discountCodes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(discountCodes.id, id))
    .returning();
  return row ?? null;
}

/** The code entered on a cart, with its terms; `lock` holds the code's row until the transaction ends. */
export async function cartCodeRow(
  db: Queryable,
  cartId: string,
  lock = false,
): Promise<DiscountCodeRow | null> {
  const [row] = await (lock ? lockedCartCodeStatement : cartCodeStatement)(db, { cartId });
  return row?.code ?? null;
}

// Every quote of a cart and every checkout reads it: its SQL is built once (preparedStatement).
function cartCodeQuery(q: Queryable) {
  return q
    .select({ code: discountCodes })
    .from(cartDiscountCodes)
    .innerJoin(discountCodes, eq(discountCodes.id, cartDiscountCodes.codeId))
    .where(eq(cartDiscountCodes.cartId, sql.placeholder("cartId")));
}
const cartCodeStatement = preparedStatement("discounts_cart_code", cartCodeQuery);
const lockedCartCodeStatement = preparedStatement("discounts_cart_code_locked", (q) =>
  cartCodeQuery(q).for("update", { of: discountCodes }),
);

/** Puts a code on a cart, replacing the one it held. */
export async function setCartCode(db: Queryable, cartId: string, codeId: string): Promise<void> {
  await db
    .insert(cartDiscountCodes)
    .values({ cartId, codeId })
    .onConflictDoUpdate({ target: cartDiscountCodes.cartId, set: { codeId, enteredAt: new Date() } });
}

export async function clearCartCode(db: Queryable, cartId: string): Promise<void> {
  await db.delete(cartDiscountCodes).where(eq(cartDiscountCodes.cartId, cartId));
}

/** How many orders of this customer used the code. */
export async function customerUses(db: Queryable, codeId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, codeId), eq(discountRedemptions.userId, userId)));
  return Number(row?.n ?? 0);
}

/**
 * Counts one use and records the redemption with its order; false (nothing written) when the
 * code has no use left. The guard in the update keeps the count exact even without the row lock.
 */
export async function redeem(
  db: Queryable,
  r: { codeId: string; code: string; orderId: string; userId: string; amount: number },
): Promise<boolean> {
  const counted = await db
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, r.codeId),
        sql`(${discountCodes.totalUses} is null or ${discountCodes.usedCount} < ${discountCodes.totalUses})`,
      ),
    )
    .returning({ id: discountCodes.id });
  if (counted.length === 0) return false;
  await db.insert(discountRedemptions).values(r);
  return true;
}

/** Removes a code no order used (its carts let go of it); false when it is gone or has uses. */
export async function deleteUnusedCodeRow(db: Queryable, id: string): Promise<boolean> {
  const gone = await db
    .delete(discountCodes)
    .where(and(eq(discountCodes.id, id), eq(discountCodes.usedCount, 0)))
    .returning({ id: discountCodes.id });
  return gone.length > 0;
}
