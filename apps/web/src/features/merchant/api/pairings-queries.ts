import type { PairingKind } from "@haggle/contract/merchant";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createPairing,
  deletePairing,
  fetchPairings,
  pairingListQueryKey,
  pairingProductSearchQueryKey,
  pairingsQueryKey,
  searchPairableProducts,
} from "./pairings-api";

export function usePairings(kind: PairingKind) {
  return useQuery({
    queryKey: pairingListQueryKey(kind),
    queryFn: ({ signal }) => fetchPairings(kind, signal),
  });
}

export function usePairableProducts(q: string, enabled: boolean) {
  return useQuery({
    queryKey: pairingProductSearchQueryKey(q),
    queryFn: ({ signal }) => searchPairableProducts(q, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useCreatePairing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPairing,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pairingsQueryKey }),
  });
}

export function useDeletePairing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePairing,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pairingsQueryKey }),
  });
}
