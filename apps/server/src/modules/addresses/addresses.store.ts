import { type AddressInput, MAX_SAVED_ADDRESSES } from "@haggle/contract/addresses";
import { invalid } from "@haggle/domain/errors";
import { type SQL, and, count, desc, eq, sql } from "drizzle-orm";
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
 * Marks the shopper's address (by id) as just used, in one statement; it, if any. Checkouts to a
 * saved address run it: its SQL is built once.
 */
const markUsedById = preparedStatement("addresses_mark_used_by_id", (q) =>
  q
    .update(addresses)
    .set(columnPlaceholders("lastUsedAt"))
    .where(and(eq(addresses.id, sql.placeholder("id")), eq(addresses.userId, sql.placeholder("userId"))))
    .returning(),
);
/**
 * The address a checkout ships to, inside its transaction: a saved one by id (the shopper's own,
 * marked used now), or one given in full, which becomes the last used of the shopper's equal
 * saved address or is saved to the address book: `write`, a write of the placing that the
 * checkout runs in its order's own statement (no round trip of its own).
 */
export async function addressForCheckout(
  tx: Tx,
  userId: string,
  given: AddressInput | { addressId: string },
): Promise<{ address: ShippingAddress; write: ReturnType<typeof addressUsedWrite> | null }> {
  if ("addressId" in given) {
    const [row] = await markUsedById(tx, { id: given.addressId, userId, lastUsedAt: new Date() });
    if (!row) throw invalid(NO_ADDRESS, "ADDRESS_NOT_FOUND");
    return { address: addressOf(row), write: null };
  }
  const address = toShippingAddress(given);
  return { address, write: addressUsedWrite(userId, address) };
}

/**
 * The shopper's saved address equal to this one, field for field, marked used; else (none) this
 * one saved, unless the book is full (a full book does not stop an order: the address ships
 * with it all the same). The save reads the marking's rows, so it runs after it.
 */
function addressUsedWrite(userId: string, address: ShippingAddress) {
  const p = (key: string) => sql.placeholder(`addr_${key}`);
  return {
    key: "address_used",
    build: (q: Queryable) =>
      q
        .update(addresses)
        .set({ lastUsedAt: p("at") as never })
        .where(
          and(
            eq(addresses.userId, p("user")),
            eq(addresses.name, p("name")),
            eq(addresses.line1, p("line1")),
            sql`${addresses.line2} is not distinct from ${p("line2")}::text`,
            eq(addresses.city, p("city")),
            sql`${addresses.region} is not distinct from ${p("region")}::text`,
            eq(addresses.postalCode, p("postal")),
            eq(addresses.country, p("country")),
          ),
        )
        .returning({ id: addresses.id }),
    after: (same: SQL) =>
      sql`insert into ${addresses} (user_id, name, line1, line2, city, region, postal_code, country, last_used_at)
        select ${p("user")}::text, ${p("name")}::text, ${p("line1")}::text, ${p("line2")}::text, ${p("city")}::text,
          ${p("region")}::text, ${p("postal")}::text, ${p("country")}::text, ${p("at")}::timestamptz
        where not exists (select 1 from ${same})
          and (select count(*) from ${addresses} where ${addresses.userId} = ${p("user")}::text) < ${sql.raw(String(MAX_SAVED_ADDRESSES))}`,
    values: {
      addr_at: new Date(),
      addr_user: userId,
      addr_name: address.name,
      addr_line1: address.line1,
      addr_line2: address.line2,
      addr_city: address.city,
      addr_region: address.region,
      addr_postal: address.postalCode,
      addr_country: address.country,
    },
  };
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
