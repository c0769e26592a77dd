import {
  type CreatePairingInput,
  CreatePairingSchema,
  type MerchantProductList,
  type Pairing,
  type PairingKind,
  PairingListSchema,
  PairingSchema,
} from "@haggle/contract/merchant";
import { apiFetch } from "@/lib/api-client";
import { merchantQueryKey } from "../hooks/use-merchant-events";
import { fetchMerchantProducts } from "./products-api";

export const pairingsQueryKey = [...merchantQueryKey, "pairings"] as const;

export function pairingListQueryKey(kind: PairingKind) {
  return [...pairingsQueryKey, kind] as const;
}

export function pairingProductSearchQueryKey(q: string) {
  return [...pairingsQueryKey, "product-search", q] as const;
}

/** GET /api/merchant/pairings?kind=: ordered by the triggering product's name. */
export function fetchPairings(kind: PairingKind, signal?: AbortSignal): Promise<Pairing[]> {
  return apiFetch(`/api/merchant/pairings?kind=${kind}`, {
    schema: PairingListSchema,
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/merchant/pairings: 409 when the pair exists, 400 for a product paired with itself. */
export function createPairing(input: CreatePairingInput): Promise<Pairing> {
  return apiFetch("/api/merchant/pairings", {
    method: "POST",
    body: CreatePairingSchema.parse(input),
    schema: PairingSchema,
  });
}

/** DELETE /api/merchant/pairings/:id */
export async function deletePairing(id: string): Promise<void> {
  await apiFetch(`/api/merchant/pairings/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** The first products matching the text (hidden ones included: the list says so), for a picker. */
export function searchPairableProducts(q: string, signal?: AbortSignal): Promise<MerchantProductList> {
  return fetchMerchantProducts({ q, visibility: "all", page: 1, pageSize: 8 }, signal);
}
