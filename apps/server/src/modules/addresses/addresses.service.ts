import {
  type AddressInput,
  AddressInputSchema,
  type AddressPatch,
  MAX_SAVED_ADDRESSES,
  type SavedAddress,
} from "@haggle/contract/addresses";
import { conflict, invalid, notFound } from "@haggle/domain/errors";
import type { Db, Tx } from "../../platform/db/client.ts";
import {
  type AddressRow,
  addressOf,
  countAddresses,
  deleteAddressRow,
  findAddressRow,
  findSameAddress,
  insertAddress,
  listAddressRows,
  NO_ADDRESS,
  toShippingAddress,
  updateAddressRow,
} from "./addresses.store.ts";

export { NO_ADDRESS };

const BOOK_FULL = `Your address book is full (${MAX_SAVED_ADDRESSES} addresses). Delete one to add another.`;

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
  if ((await countAddresses(db, userId)) >= MAX_SAVED_ADDRESSES)
    throw conflict(BOOK_FULL, "ADDRESS_BOOK_FULL");
  return { address: toDto(await insertAddress(db, userId, address, null)), created: true };
}

/** Changes some fields; the result is checked as a whole address (the postal code against the country). */
export async function updateAddress(
  db: Db,
  userId: string,
  id: string,
  patch: AddressPatch,
): Promise<SavedAddress> {
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
