import type { OrderMailKind } from "@haggle/domain/mail/order-mail";
import type { Cents } from "@haggle/domain/pricing/money";
import type { Tx } from "../../platform/db/client.ts";
import { listMerchantEmails } from "../accounts/accounts.store.ts";
import { findCustomerOrder, loadOrderLines } from "../orders/orders.store.ts";
import type { MailSettings } from "../../platform/mail/mail-settings.ts";
import { enqueueMail } from "./outbox.store.ts";

/**
 * The templates (React Email, with its Markdown and syntax-highlighting parts, and React's
 * server renderer) are loaded with the first e-mail, not at start: they weigh about 40 MB of
 * an idle server's memory. The first e-mail after a start waits for them once.
 */
async function templates() {
  return import("./templates/order-mail.templates.tsx");
}

/** What some kinds say besides the order: a refund's amount (default the whole total), a reason. */
export interface OrderMailExtra {
  refundAmount?: Cents;
  reason?: string;
}

/**
 * Who hears of a new order: MERCHANT_EMAIL when set, otherwise every account holding the
 * merchant role; none at all (a shop nobody has claimed yet) is logged and skipped.
 */
async function merchantRecipients(tx: Tx, settings: MailSettings): Promise<string[]> {
  if (settings.merchantEmails.length > 0) return settings.merchantEmails;
  return listMerchantEmails(tx, settings.demoMode);
}

/**
 * Writes the order's e-mail of this kind into the outbox, in the caller's transaction (the
 * checkout's, the status change's), so the e-mail exists exactly when the change commits.
 * `new-order` goes to the merchant, every other kind to the shopper. Answers the outbox ids
 * written (none when the order is gone or nobody would receive it).
 */
export async function enqueueOrderMail(
  tx: Tx,
  settings: MailSettings,
  kind: OrderMailKind,
  orderId: string,
  extra: OrderMailExtra = {},
): Promise<string[]> {
  const found = await findCustomerOrder(tx, orderId);
  if (!found) return [];
  const { order, customer } = found;
  const toMerchant = kind === "new-order";
  const to = toMerchant ? await merchantRecipients(tx, settings) : [customer.email].filter(Boolean);
  if (to.length === 0) {
    settings.logger.warn(
      { kind, orderId },
      toMerchant
        ? "no new-order e-mail: MERCHANT_EMAIL is not set and no account holds the merchant role"
        : "no order e-mail: the order's customer has no e-mail address",
    );
    return [];
  }
  const lines = await loadOrderLines(tx, [orderId]);
  const { renderOrderMail } = await templates();
  const rendered = await renderOrderMail(kind, {
    order: {
      id: order.id,
      createdAt: order.createdAt,
      lines: lines.map((l) => ({ name: l.name, quantity: l.quantity, unitPrice: l.regularPrice })),
      subtotal: order.subtotal,
      negotiatedDiscount: order.negotiatedDiscount,
      shipping: order.shipping,
      tax: order.tax,
      total: order.total,
    },
    customer,
    shopName: settings.shopName,
    orderUrl: `${settings.publicUrl}${toMerchant ? "/merchant/orders" : "/orders"}`,
    ...(extra.refundAmount === undefined ? {} : { refundAmount: extra.refundAmount }),
    ...(extra.reason === undefined ? {} : { reason: extra.reason }),
  });
  const id = await enqueueMail(tx, settings, { kind, to: to.join(", "), orderId, ...rendered });
  return [id];
}
