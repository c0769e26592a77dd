import type { MerchantOrder, MerchantOrderList } from "@haggle/contract/merchant";
import { conflict, notFound } from "@haggle/domain/errors";
import { nextOrderStatus } from "@haggle/domain/orders/order-states";
import { markPaidError } from "@haggle/domain/orders/payment";
import type { MerchantOrderStatus, OrderStatus } from "@haggle/domain/orders/order-status";
import type { Db, Queryable } from "../../platform/db/client.ts";
import { publishEvent } from "../../platform/realtime/event-bus.ts";
import type { MailSettings } from "../../platform/mail/mail-settings.ts";
import { enqueueOrderMail } from "./order-mail.store.ts";
import {
  type CustomerOrder,
  findCustomerOrder,
  lockOrder,
  queryCustomerOrders,
  setOrderPaid,
  setOrderStatus,
} from "./orders.store.ts";
import { withLines } from "./orders.service.ts";

async function toMerchantOrders(db: Queryable, rows: CustomerOrder[]): Promise<MerchantOrder[]> {
  const dtos = await withLines(
    db,
    rows.map((r) => r.order),
  );
  return dtos.map((dto, i) => ({ ...dto, customer: rows[i]!.customer }));
}

/** Every shopper's orders, newest first, with the customer's name and email. */
export async function listMerchantOrders(
  db: Db,
  query: { status?: OrderStatus | undefined; page: number; pageSize: number },
): Promise<MerchantOrderList> {
  const { rows, total } = await queryCustomerOrders(db, query);
  return {
    items: await toMerchantOrders(db, rows),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

const NO_ORDER = "No order has that id.";

/** One order as the merchant sees it, with its customer. */
export async function merchantOrderIn(tx: Queryable, orderId: string): Promise<MerchantOrder> {
  const row = await findCustomerOrder(tx, orderId);
  const [order] = await toMerchantOrders(tx, row ? [row] : []);
  if (!order) throw notFound(NO_ORDER);
  return order;
}

/**
 * Records that a manually paid order's money arrived (409 when it is paid already, cancelled
 * or refunded); the shopper's pages hear order.updated, in the same transaction.
 */
export async function markOrderPaid(db: Db, orderId: string): Promise<MerchantOrder> {
  return db.transaction(async (tx) => {
    const current = await lockOrder(tx, orderId);
    if (!current) throw notFound(NO_ORDER);
    const refused = markPaidError(current);
    if (refused) throw conflict(refused, "ORDER_PAYMENT");
    await setOrderPaid(tx, orderId);
    await publishEvent(tx, {
      type: "order.updated",
      orderId,
      status: current.status,
      userId: current.userId,
    });
    return merchantOrderIn(tx, orderId);
  });
}

/**
 * Moves an order forward (409 when it would stay or go back) and tells the shopper's pages in
 * the same transaction: the event is delivered only if the change commits.
 */
export async function advanceOrder(
  db: Db,
  orderId: string,
  status: MerchantOrderStatus,
  mail: MailSettings,
): Promise<MerchantOrder> {
  return db.transaction(async (tx) => {
    const current = await lockOrder(tx, orderId);
    if (!current) throw notFound(NO_ORDER);
    const change = nextOrderStatus(current.status, { kind: "merchant-moves", to: status });
    if (!change.ok) throw conflict(change.sentence, change.code);
    await setOrderStatus(tx, orderId, status);
    await publishEvent(tx, { type: "order.updated", orderId, status, userId: current.userId });
    // E-mail: the shopper hears it shipped, if the change commits.
    if (status === "shipped") await enqueueOrderMail(tx, mail, "order-shipped", orderId);
    return merchantOrderIn(tx, orderId);
  });
}
