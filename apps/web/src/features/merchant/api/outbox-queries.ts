import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchOutbox, type OutboxParams, outboxQueryKey } from "./outbox-api";

export function useOutbox(params: OutboxParams) {
  return useQuery({
    queryKey: outboxQueryKey(params),
    queryFn: ({ signal }) => fetchOutbox(params, signal),
    placeholderData: keepPreviousData,
  });
}
