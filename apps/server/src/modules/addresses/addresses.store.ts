import { type AddressInput, MAX_SAVED_ADDRESSES } from "@haggle/contract/addresses";
import { invalid } from "@haggle/domain/errors";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { columnPlaceholders, preparedStatement } from "../../platform/db/prepared.ts";
import { addresses } from "../../platform/db/schema/addresses.ts";
import type { ShippingAddress } from "../../platform/db/schema/orders.ts";

export type AddressRow = typeof addresses.$inferSelect;

/** The address fields of a saved row. */
export function addressOf(row: AddressRow): ShippingAddress {
  const { name, line1, line2, city, region, postalCode, country } = row;
  return { name, line1, line2, city, region, postalCode, country };
}

export const NO_ADDRESS = "No saved address of yours has that id.";

/** The stored shape of a checked address (absent optional lines stored as null). */
export function toShippingAddress(address: AddressInput): ShippingAddress {
  return {
    name: address.name,
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    region: address.region ?? null,
    postalCode: address.postalCode,
    country: address.country,
  };
}

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

/** The shopper's saved addresses equal to this one, field for field. */
function sameAddressAs(userId: string, address: ShippingAddress) {
  return and(
    eq(addresses.userId, userId),
    eq(addresses.name, address.name),
    eq(addresses.line1, address.line1),
    sql`${addresses.line2} is not distinct from ${address.line2}`,
    eq(addresses.city, address.city),
    sql`${addresses.region} is not distinct from ${address.region}`,
    eq(addresses.postalCode, address.postalCode),
    eq(addresses.country, address.country),
  );
}

/** The shopper's saved address equal to this one, field for field, if any. */
export async function findSameAddress(
  db: Queryable,
  userId: string,
  address: ShippingAddress,
): Promise<AddressRow | null> {
  const [row] = await db.select().from(addresses).where(sameAddressAs(userId, address)).limit(1);
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

/**
 * Marks the shopper's addresses matching (by id, or field for field) as just used, in one
 * statement; the first of them, if any. Every checkout runs one: their SQL is built once.
 */
const markUsedById = preparedStatement("addresses_mark_used_by_id", (q) =>
  q
    .update(addresses)
    .set(columnPlaceholders("lastUsedAt"))
    .where(and(eq(addresses.id, sql.placeholder("id")), eq(addresses.userId, sql.placeholder("userId"))))
    .returning(),
);
const markSameUsed = preparedStatement("addresses_mark_same_used", (q) =>
  q
    .update(addresses)
    .set(columnPlaceholders("lastUsedAt"))
    .where(
      and(
        eq(addresses.userId, sql.placeholder("userId")),
        eq(addresses.name, sql.placeholder("name")),
        eq(addresses.line1, sql.placeholder("line1")),
        sql`${addresses.line2} is not distinct from ${sql.placeholder("line2")}`,
        eq(addresses.city, sql.placeholder("city")),
        sql`${addresses.region} is not distinct from ${sql.placeholder("region")}`,
        eq(addresses.postalCode, sql.placeholder("postalCode")),
        eq(addresses.country, sql.placeholder("country")),
      ),
    )
    .returning(),
);

/**
 * The address a checkout ships to, inside its transaction: a saved one by id (the shopper's own),
 * or a new one, saved to the address book. Either becomes the last used.
 */
export async function addressForCheckout(
  tx: Tx,
  userId: string,
  given: AddressInput | { addressId: string },
): Promise<ShippingAddress> {
  if ("addressId" in given) {
    const [row] = await markUsedById(tx, { id: given.addressId, userId, lastUsedAt: new Date() });
    if (!row) throw invalid(NO_ADDRESS, "ADDRESS_NOT_FOUND");
    return addressOf(row);
  }
  const address = toShippingAddress(given);
  // The same address saved before is found and marked used in one statement; else it is saved.
  const [same] = await markSameUsed(tx, { userId, ...address, lastUsedAt: new Date() });
  if (!same && (await countAddresses(tx, userId)) < MAX_SAVED_ADDRESSES) {
    await insertAddress(tx, userId, address, new Date());
  }
  // A full address book does not stop an order: the address ships with the order all the same.
  return address;
}

/** The address a quote is priced for, read without saving it or marking it used (checkout does that). */
export async function addressForQuote(
  db: Queryable,
  userId: string,
  given: AddressInput | { addressId: string },
): Promise<ShippingAddress> {
  if (!("addressId" in given)) return toShippingAddress(given);
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, given.addressId), eq(addresses.userId, userId)));
  if (!row) throw invalid(NO_ADDRESS, "ADDRESS_NOT_FOUND");
  return addressOf(row);
}
