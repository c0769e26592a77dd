import { MAIL_STATUSES } from "@haggle/domain/mail/mail-retry";
import { z } from "zod";
import { pageParam, pageSizeParam } from "./products.ts";

/**
 * The merchant's outbox (GET /api/merchant/outbox): every e-mail the shop wrote, newest first,
 * with both parts, whether it was sent, is waiting to be (again), failed, or was kept because no
 * mail server is configured.
 */
export const OutboxMessageSchema = z
  .object({
    id: z.string(),
    /** order-confirmation, new-order, order-shipped, order-cancelled, order-refunded. */
    kind: z.string(),
    to: z.string(),
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    status: z.enum(MAIL_STATUSES),
    attempts: z.number().int(),
    /** When a queued message is tried next; null once it is no longer queued. */
    nextAttemptAt: z.string().nullable(),
    lastError: z.string().nullable(),
    orderId: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  })
  .meta({ id: "OutboxMessage" });
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxQuerySchema = z.object({ page: pageParam(), pageSize: pageSizeParam(20) });

export const OutboxListSchema = z
  .object({
    items: z.array(OutboxMessageSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** How this server delivers: `smtp` (SMTP_URL is set) or `keep` (kept here for the merchant). */
    delivery: z.enum(["smtp", "keep"]),
  })
  .meta({ id: "OutboxList" });
export type OutboxList = z.infer<typeof OutboxListSchema>;
