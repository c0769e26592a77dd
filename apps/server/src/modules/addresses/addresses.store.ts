import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { addresses, type ShippingAddress } from "../../platform/db/schema.ts";

export type AddressRow = typeof addresses.$inferSelect;

/** The shopper's address book: the last used first, then the newest. */
export async function listAddressRows(db: Queryable, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(sql`${addresses.lastUsedAt} desc nulls last`, desc(addresses.createdAt), desc(addresses.id));
}

/** One of the shopper's addresses; another shopper's reads as none. */
export async function findAddressRow(db: Queryable, userId: string, id: string): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function countAddresses(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

/** The shopper's saved address equal to this one, field for field, if any. */
export async function findSameAddress(
  db: Queryable,
  userId: string,
  address: ShippingAddress,
): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.name, address.name),
        eq(addresses.line1, address.line1),
        sql`${addresses.line2} is not distinct from ${address.line2}`,
        eq(addresses.city, address.city),
        sql`${addresses.region} is not distinct from ${address.region}`,
        eq(addresses.postalCode, address.postalCode),
        eq(addresses.country, address.country),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertAddress(
  db: Queryable,
  userId: string,
  address: ShippingAddress,
  lastUsedAt: Date | null,
): Promise<AddressRow> {
  const [row] = await db
    .insert(addresses)
    .values({ userId, ...address, lastUsedAt })
    .returning();
  if (!row) throw new Error("no address row returned");
  return row;
}

export async function updateAddressRow(
  db: Queryable,
  userId: string,
  id: string,
  address: ShippingAddress,
): Promise<AddressRow | null> {
  const [row] = await db
    .update(addresses)
    .set(address)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteAddressRow(db: Queryable, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return deleted.length > 0;
}

export async function markAddressUsed(tx: Tx, id: string): Promise<void> {
  await tx.update(addresses).set({ lastUsedAt: new Date() }).where(eq(addresses.id, id));
}
