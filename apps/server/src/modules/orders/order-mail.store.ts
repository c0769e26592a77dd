import type { Queryable, Tx } from "../../platform/db/client.ts";
import type { MailSettings } from "../../platform/mail/mail-settings.ts";
import { enqueueMail, enqueueMails, type OutgoingMail } from "../../platform/mail/outbox.store.ts";
import { listMerchantEmails } from "../accounts/index.ts";
import type { OrderMailKind } from "@haggle/domain/mail/order-mail";
import type { Cents } from "@haggle/domain/pricing/money";
import { findOrderRecipient } from "./orders.store.ts";

/** What some kinds say besides the order: a refund's amount (default the whole total), a reason. */
export interface OrderMailExtra {
  refundAmount?: Cents;
  reason?: string;
}

/**
 * Who hears of a new order: MERCHANT_EMAIL when set, otherwise every account holding the
 * merchant role; none at all (a shop nobody has claimed yet) is logged and skipped.
 */
export async function merchantRecipients(db: Queryable, settings: MailSettings): Promise<string[]> {
  if (settings.merchantEmails.length > 0) return settings.merchantEmails;
  return listMerchantEmails(db, settings.demoMode);
}

/**
 * Writes the order's e-mail of this kind into the outbox, in the caller's transaction (the
 * checkout's, the status change's), so the e-mail exists exactly when the change commits.
 * `new-order` goes to the merchant, every other kind to the shopper (`shopperEmail` when the
 * caller knows it, else the order's customer). The message is written bare: rendering it (a few
 * milliseconds of React) happens after the commit, in `renderOrderMailRow`, so it never holds the
 * checkout's locks. Answers the outbox ids written (none when nobody would receive it).
 */
export async function enqueueOrderMail(
  tx: Tx,
  settings: MailSettings,
  kind: OrderMailKind,
  orderId: string,
  extra: OrderMailExtra = {},
): Promise<string[]> {
  const toMerchant = kind === "new-order";
  const to = toMerchant
    ? await merchantRecipients(tx, settings)
    : [await findOrderRecipient(tx, orderId)].filter((e): e is string => Boolean(e));
  if (to.length === 0) {
    settings.logger.warn(
      { kind, orderId },
      toMerchant
        ? "no new-order e-mail: MERCHANT_EMAIL is not set and no account holds the merchant role"
        : "no order e-mail: the order's customer has no e-mail address",
    );
    return [];
  }
  const payload = { ...extra } as Record<string, unknown>;
  const id = await enqueueMail(tx, settings, { kind, to: to.join(", "), orderId, payload });
  return [id];
}

/**
 * A placed order's two e-mails (the shopper's confirmation and the merchant's notice), written
 * in one statement of the caller's transaction. `shopperEmail`: the order's customer address when
 * the caller holds it (the checkout does), else read from the order. `merchantEmails`: the
 * merchants' addresses when the caller read them before its transaction (the checkout does, so
 * the look-up is not a round trip inside it), else read here.
 */
export async function enqueueOrderPlacedMail(
  tx: Tx,
  settings: MailSettings,
  orderId: string,
  shopperEmail?: string | null,
  merchantEmails?: string[],
): Promise<string[]> {
  const shopper = shopperEmail === undefined ? await findOrderRecipient(tx, orderId) : shopperEmail;
  const merchant = merchantEmails ?? (await merchantRecipients(tx, settings));
  return enqueueMails(tx, settings, orderPlacedMails(settings, orderId, shopper, merchant));
}

/**
 * A placed order's two e-mails as outbox rows: the shopper's confirmation (to `shopper`) and the
 * merchant's notice (to `merchant`); one missing an address is logged and left out.
 */
export function orderPlacedMails(
  settings: MailSettings,
  orderId: string,
  shopper: string | null,
  merchant: readonly string[],
): OutgoingMail[] {
  const mails = [
    ...(shopper ? [{ kind: "order-confirmation", to: shopper, orderId, payload: {} }] : []),
    ...(merchant.length > 0 ? [{ kind: "new-order", to: merchant.join(", "), orderId, payload: {} }] : []),
  ];
  if (!shopper)
    settings.logger.warn(
      { kind: "order-confirmation", orderId },
      "no order e-mail: the order's customer has no e-mail address",
    );
  if (merchant.length === 0)
    settings.logger.warn(
      { kind: "new-order", orderId },
      "no new-order e-mail: MERCHANT_EMAIL is not set and no account holds the merchant role",
    );
  return mails;
}
