import type { OutboxList } from "@haggle/contract/mail";
import { isAccountMailKind } from "@haggle/domain/mail/account-mail";
import type { MailStatus } from "@haggle/domain/mail/mail-retry";
import type { Db } from "../../platform/db/client.ts";
import type { MailSettings } from "../../platform/mail/mail-settings.ts";
import { renderOrderMailRow, UNRENDERABLE_MAIL } from "./order-mail-render.store.ts";
import { listMail, type MailRow } from "../../platform/mail/outbox.store.ts";

const PRIVATE_TEXT =
  "This account e-mail carries a private link for its recipient alone (an e-mail check or a password reset), so the outbox does not show it. Without SMTP_URL the link is written to the server's log.";

/**
 * Account e-mails in the merchant's view: who and when, never the link. A merchant reading a
 * reset link could take over any account, an administrator's included.
 */
const PRIVATE_BODY = {
  text: PRIVATE_TEXT,
  html: `<!DOCTYPE html><html lang="en"><body><p>${PRIVATE_TEXT}</p></body></html>`,
};

/** The outbox as the merchant reads it: newest first, one page. */
export async function listOutbox(
  db: Db,
  settings: Pick<MailSettings, "delivery" | "shopName" | "publicUrl">,
  query: { page: number; pageSize: number },
): Promise<OutboxList> {
  const { rows: listed, total } = await listMail(db, query);
  // Order e-mails kept (no SMTP_URL) are rendered the first time the merchant reads them; one
  // that cannot be (its order is gone) is shown as failed, with why.
  const rows: MailRow[] = [];
  for (const row of listed) {
    rows.push(
      (await renderOrderMailRow(db, settings, row)) ?? {
        ...row,
        status: "failed",
        lastError: UNRENDERABLE_MAIL,
      },
    );
  }
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      to: row.to,
      subject: row.subject ?? "",
      ...(isAccountMailKind(row.kind) ? PRIVATE_BODY : { html: row.html ?? "", text: row.text ?? "" }),
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
