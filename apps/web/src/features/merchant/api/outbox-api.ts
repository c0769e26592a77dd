import { type OutboxList, OutboxListSchema } from "@haggle/contract/mail";
import { apiFetch } from "@/lib/api-client";
import { merchantQueryKey } from "../hooks/use-merchant-events";

export interface OutboxParams {
  page: number;
  pageSize: number;
}

export function outboxQueryKey(params: OutboxParams) {
  return [...merchantQueryKey, "outbox", params] as const;
}

/** GET /api/merchant/outbox: every e-mail the shop wrote, newest first. */
export function fetchOutbox({ page, pageSize }: OutboxParams, signal?: AbortSignal): Promise<OutboxList> {
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return apiFetch(`/api/merchant/outbox?${search}`, {
    schema: OutboxListSchema,
    ...(signal ? { signal } : {}),
  });
}
