import {
  type AddressInput,
  AddressInputSchema,
  type AddressPatch,
  MAX_SAVED_ADDRESSES,
  type SavedAddress,
} from "@haggle/contract/addresses";
import { conflict, invalid, notFound } from "@haggle/domain/errors";
import type { Db, Tx } from "../../platform/db/client.ts";
import type { ShippingAddress } from "../../platform/db/schema.ts";
import {
  type AddressRow,
  countAddresses,
  deleteAddressRow,
  findAddressRow,
  findSameAddress,
  insertAddress,
  listAddressRows,
  markAddressUsed,
  updateAddressRow,
} from "./addresses.store.ts";

export const NO_ADDRESS = "No saved address of yours has that id.";
const BOOK_FULL = `Your address book is full (${MAX_SAVED_ADDRESSES} addresses). Delete one to add another.`;

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

function toDto(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    name: row.name,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function addressOf(row: AddressRow): ShippingAddress {
  const { name, line1, line2, city, region, postalCode, country } = row;
  return { name, line1, line2, city, region, postalCode, country };
}

export async function listAddresses(db: Db, userId: string): Promise<SavedAddress[]> {
  return (await listAddressRows(db, userId)).map(toDto);
}

/** Saves an address; the same address saved twice is one entry (answered with created false). */
export async function saveAddress(
  db: Db | Tx,
  userId: string,
  input: AddressInput,
): Promise<{ address: SavedAddress; created: boolean }> {
  const address = toShippingAddress(input);
  const same = await findSameAddress(db, userId, address);
  if (same) return { address: toDto(same), created: false };
  if ((await countAddresses(db, userId)) >= MAX_SAVED_ADDRESSES) throw conflict(BOOK_FULL, "ADDRESS_BOOK_FULL");
  return { address: toDto(await insertAddress(db, userId, address, null)), created: true };
}

/** Changes some fields; the result is checked as a whole address (the postal code against the country). */
export async function updateAddress(db: Db, userId: string, id: string, patch: AddressPatch): Promise<SavedAddress> {
  const row = await findAddressRow(db, userId, id);
  if (!row) throw notFound(NO_ADDRESS);
  const merged = { ...addressOf(row), ...patch };
  const parsed = AddressInputSchema.safeParse({
    ...merged,
    line2: merged.line2 ?? undefined,
    region: merged.region ?? undefined,
  });
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? "The address is not valid.");
  const updated = await updateAddressRow(db, userId, id, toShippingAddress(parsed.data));
  if (!updated) throw notFound(NO_ADDRESS);
  return toDto(updated);
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteAddressRow(db, userId, id))) throw notFound(NO_ADDRESS);
}

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
    const row = await findAddressRow(tx, userId, given.addressId);
    if (!row) throw invalid(NO_ADDRESS, "ADDRESS_NOT_FOUND");
    await markAddressUsed(tx, row.id);
    return addressOf(row);
  }
  const address = toShippingAddress(given);
  const same = await findSameAddress(tx, userId, address);
  if (same) {
    await markAddressUsed(tx, same.id);
  } else if ((await countAddresses(tx, userId)) < MAX_SAVED_ADDRESSES) {
    await insertAddress(tx, userId, address, new Date());
  }
  // A full address book does not stop an order: the address ships with the order all the same.
  return address;
}
