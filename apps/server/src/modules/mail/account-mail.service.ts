import type { AccountMailKind } from "@haggle/domain/mail/account-mail";
import type { Db } from "../../platform/db/client.ts";
import type { MailSettings } from "../../platform/mail/mail-settings.ts";
import { enqueueMail } from "../../platform/mail/outbox.store.ts";

/** The shop's pages that finish each step; the token rides in the query. */
const PAGE: Record<AccountMailKind, string> = {
  "verify-email": "/verify-email",
  "reset-password": "/reset-password",
};

const LOGGED: Record<AccountMailKind, string> = {
  "verify-email": "to verify the e-mail of",
  "reset-password": "to reset the password of",
};

export interface AccountMailRequest {
  kind: AccountMailKind;
  to: { name: string; email: string };
  /** better-auth's token for the step (a signed e-mail check, or a one-time reset token). */
  token: string;
  expiresInMinutes: number;
}

/** The link an account e-mail carries: the shop's own page, at PUBLIC_URL. */
export function accountMailUrl(
  settings: Pick<MailSettings, "publicUrl">,
  kind: AccountMailKind,
  token: string,
) {
  return `${settings.publicUrl}${PAGE[kind]}?token=${encodeURIComponent(token)}`;
}

/**
 * Sends an account e-mail the way order e-mails go: queued for SMTP_URL, or kept in the outbox.
 * Without SMTP_URL nobody would receive it, so its link is also written to the server's log,
 * where the owner finds it when setting the shop up from the terminal. Answers the outbox id.
 */
export async function sendAccountMail(
  db: Db,
  settings: MailSettings,
  request: AccountMailRequest,
): Promise<string> {
  const url = accountMailUrl(settings, request.kind, request.token);
  // The templates load with the first e-mail, not at start (see order-mail-render.store.ts).
  const { renderAccountMail } = await import("./templates/account-mail.templates.tsx");
  const rendered = await renderAccountMail(request.kind, {
    name: request.to.name,
    url,
    shopName: settings.shopName,
    expiresInMinutes: request.expiresInMinutes,
  });
  const id = await db.transaction((tx) =>
    enqueueMail(tx, settings, { kind: request.kind, to: request.to.email, ...rendered }),
  );
  if (settings.delivery === "keep")
    settings.logger.warn(
      { mailKind: request.kind, to: request.to.email, url },
      `e-mail not sent (SMTP_URL is not set): open ${url} ${LOGGED[request.kind]} ${request.to.email}`,
    );
  return id;
}
