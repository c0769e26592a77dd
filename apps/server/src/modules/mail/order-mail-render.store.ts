import { isOrderMailKind } from "@haggle/domain/mail/order-mail";
import type { Queryable } from "../../platform/db/client.ts";
import type { MailSettings } from "../../platform/mail/mail-settings.ts";
import { findCustomerOrder, loadOrderLines, type OrderMailExtra } from "../orders/index.ts";
import { giveUpMail, type MailRow, saveRenderedMail } from "../../platform/mail/outbox.store.ts";

/**
 * The templates (React Email, with its Markdown and syntax-highlighting parts, and React's
 * server renderer) are loaded with the first e-mail rendered, not at start: they weigh about
 * 40 MB of an idle server's memory. The first rendering after a start waits for them once
 * (after the checkout's commit: rendering never happens in its transaction).
 */
async function templates() {
  return import("./templates/order-mail.templates.tsx");
}

export const UNRENDERABLE_MAIL = "the message has no content and its order could not be read to write it";

/** A message with its subject and bodies, ready to send or show. */
export type RenderedMail = MailRow & { subject: string; html: string; text: string };

export const isRendered = (row: MailRow): row is RenderedMail =>
  row.subject !== null && row.html !== null && row.text !== null;

/**
 * Renders an order e-mail written bare by `enqueueOrderMail` from its order and stores the result
 * (the first renderer wins; a message already rendered is answered as it is). Null when it cannot
 * be rendered (its order is gone, or it is no order e-mail): the message is then given up as failed.
 */
export async function renderOrderMailRow(
  db: Queryable,
  settings: Pick<MailSettings, "shopName" | "publicUrl">,
  row: MailRow,
): Promise<RenderedMail | null> {
  if (isRendered(row)) return row;
  const found = row.orderId && isOrderMailKind(row.kind) ? await findCustomerOrder(db, row.orderId) : null;
  if (!found || !isOrderMailKind(row.kind)) {
    await giveUpMail(db, row.id, UNRENDERABLE_MAIL);
    return null;
  }
  const { order, customer } = found;
  const extra = (row.payload ?? {}) as OrderMailExtra;
  const lines = await loadOrderLines(db, [order.id]);
  const { renderOrderMail } = await templates();
  const rendered = await renderOrderMail(row.kind, {
    order: {
      id: order.id,
      createdAt: order.createdAt,
      lines: lines.map((l) => ({
        name: l.name,
        quantity: l.quantity,
        unitPrice: l.regularPrice,
        refundedQuantity: l.refundedQuantity,
      })),
      paymentStatus: order.paymentStatus,
      subtotal: order.subtotal,
      negotiatedDiscount: order.negotiatedDiscount,
      discountCode: order.discountCode,
      codeDiscount: order.codeDiscount,
      shipping: order.shipping,
      shippingMethod: order.shippingMethod,
      tax: order.tax,
      taxIncluded: order.taxIncluded,
      taxLabel: order.taxLabel,
      total: order.total,
    },
    customer,
    shopName: settings.shopName,
    orderUrl: `${settings.publicUrl}${row.kind === "new-order" ? "/merchant/orders" : "/orders"}`,
    ...(extra.refundAmount === undefined ? {} : { refundAmount: extra.refundAmount }),
    ...(extra.reason === undefined ? {} : { reason: extra.reason }),
  });
  return (await saveRenderedMail(db, row.id, rendered)) as RenderedMail;
}
