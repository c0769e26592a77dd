import type { Logger } from "../logger.ts";

/**
 * How this server handles e-mail, from its configuration: `smtp` queues messages for the sender
 * (SMTP_URL set), `keep` stores them for the merchant to read in the outbox.
 */
export interface MailSettings {
  delivery: "smtp" | "keep";
  /** MAIL_FROM, e.g. "Haggle <shop@example.com>". */
  from: string;
  /** MERCHANT_EMAIL: where new-order notices go; empty: the accounts holding the merchant role. */
  merchantEmails: string[];
  /** The shop's public address, for links in e-mails. */
  publicUrl: string;
  shopName: string;
  /** Whether demo-mode role grants count (DEMO_MODE), for the merchant accounts. */
  demoMode: boolean;
  logger: Logger;
}
