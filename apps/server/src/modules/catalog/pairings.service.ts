import type { CreatePairingInput, Pairing, PairingKind } from "@haggle/contract/merchant";
import { conflict, notFound } from "@haggle/domain/errors";
import type { Db } from "../../platform/db/client.ts";
import {
  deletePairingRow,
  existingProductIds,
  findPairing,
  insertPairing,
  queryPairings,
} from "./pairings.store.ts";

// The negotiation service still imports the bundle pick from here; it lives in the store.

/** The merchant's pairings, by the cart product's name, then newest first. */
export async function listPairings(db: Db, kind: PairingKind | undefined): Promise<Pairing[]> {
  return queryPairings(db, kind);
}

const KIND_LABEL: Record<PairingKind, string> = { cross_sell: "cross-sell", upsell: "upsell" };

export async function createPairing(db: Db, input: CreatePairingInput): Promise<Pairing> {
  const found = await existingProductIds(db, [input.productId, input.pairedProductId]);
  if (!found.has(input.productId)) throw notFound("No product has the id given as productId.");
  if (!found.has(input.pairedProductId)) throw notFound("No product has the id given as pairedProductId.");
  // The unique index decides: a pairing that already exists inserts nothing.
  const id = await insertPairing(db, {
    kind: input.kind,
    productId: input.productId,
    pairedProductId: input.pairedProductId,
  });
  if (!id)
    throw conflict(
      `These two products already have this ${KIND_LABEL[input.kind]} pairing.`,
      "DUPLICATE_PAIRING",
    );
  const created = await findPairing(db, id);
  if (!created) throw notFound("No product has the id given as pairedProductId.");
  return created;
}

/** Deletes a pairing (the id is a uuid: the route checks it); false when there is none. */
export async function deletePairing(db: Db, id: string): Promise<boolean> {
  return deletePairingRow(db, id);
}
