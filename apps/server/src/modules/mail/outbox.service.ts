import type { OutboxList } from "@haggle/contract/mail";
import type { MailStatus } from "@haggle/domain/mail/mail-retry";
import type { Db } from "../../platform/db/client.ts";
import type { MailSettings } from "../../platform/mail/mail-settings.ts";
import { listMail } from "./outbox.store.ts";

/** The outbox as the merchant reads it: newest first, one page. */
export async function listOutbox(
  db: Db,
  settings: Pick<MailSettings, "delivery">,
  query: { page: number; pageSize: number },
): Promise<OutboxList> {
  const { rows, total } = await listMail(db, query);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      to: row.to,
      subject: row.subject,
      html: row.html,
      text: row.text,
      status: row.status as MailStatus,
      attempts: row.attempts,
      nextAttemptAt: row.status === "queued" ? row.nextAttemptAt.toISOString() : null,
      lastError: row.lastError,
      orderId: row.orderId,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    delivery: settings.delivery,
  };
}
