import { conflict } from "@haggle/domain/errors";
import { nextOrderStatus } from "@haggle/domain/orders/order-states";
import { paymentNoticeAction } from "@haggle/domain/orders/payment-notice";
import type { Db, Tx } from "../../platform/db/client.ts";
import { publishEvent } from "../../platform/realtime/event-bus.ts";
import {
  PaymentAlreadyMade,
  type PaymentNotice,
  type PaymentProvider,
} from "../../platform/payments/payment-provider.ts";
import { claimPaymentEvent, recordPaymentEventOutcome } from "./payment-orders.store.ts";
import { cancelUnpaidOrder, paymentOf } from "./unpaid-order.service.ts";
import type { MailSettings } from "../../platform/mail/mail-settings.ts";
import {
  enqueueOrderPlacedMail,
  lockOrderByPayment,
  markLatePaymentRefunded,
  setOrderPaid,
} from "../orders/index.ts";

/** What handling a notice did. */
export type NoticeOutcome =
  | "duplicate"
  | "ignored"
  | "unknown-payment"
  | "amount-mismatch"
  | "confirmed"
  | "cancelled"
  | "late-payment-refunded"
  | "unchanged";

/**
 * The money for `order` arrived: paid now, at the status the order state table gives (a pending
 * order confirmed); from a pending order, the shopper's confirmation and the merchant's notice go
 * out, and the pages hear order.updated.
 */
async function confirmPayment(
  tx: Tx,
  order: { id: string; status: string; userId: string },
  mail: MailSettings,
  done: (outcome: NoticeOutcome, orderId: string | null) => Promise<NoticeOutcome>,
): Promise<NoticeOutcome> {
  const change = nextOrderStatus(order.status, { kind: "payment-arrived" });
  if (!change.ok) return done("unchanged", order.id);
  await setOrderPaid(tx, order.id, change.to);
  if (order.status === "pending") await enqueueOrderPlacedMail(tx, mail, order.id);
  await publishEvent(tx, {
    type: "order.updated",
    orderId: order.id,
    status: change.to,
    userId: order.userId,
  });
  return done("confirmed", order.id);
}

/**
 * Applies a provider's signed notice in one transaction: the event id is recorded first (a
 * repeated delivery, even a concurrent one, finds it and changes nothing), then the order is
 * locked and the notice does what `paymentNoticeAction` says for how the order stands now, so
 * notices arriving out of order are harmless. A provider call that fails (voiding a failed
 * payment, refunding a late one) rolls everything back: the provider delivers the event again.
 */
export async function applyPaymentNotice(
  db: Db,
  provider: PaymentProvider,
  notice: PaymentNotice,
  mail: MailSettings,
): Promise<NoticeOutcome> {
  return db.transaction(async (tx): Promise<NoticeOutcome> => {
    const fresh = await claimPaymentEvent(tx, {
      id: notice.eventId,
      provider: provider.method,
      type: notice.type,
    });
    if (!fresh) return "duplicate";
    const done = async (outcome: NoticeOutcome, orderId: string | null) => {
      await recordPaymentEventOutcome(tx, notice.eventId, outcome, orderId);
      return outcome;
    };
    if (notice.kind === "ignored") return done("ignored", null);

    const order = await lockOrderByPayment(tx, provider.method, notice.reference);
    if (!order) return done("unknown-payment", null);
    switch (paymentNoticeAction(order, notice.kind)) {
      case "confirm":
        // Only the amount this order was started for pays it.
        if (notice.amount !== order.total) return done("amount-mismatch", order.id);
        return confirmPayment(tx, order, mail, done);
      case "cancel":
        if (notice.kind === "failed") {
          // A declined payment could be retried in the page; void it so the cancelled order is never paid.
          try {
            await provider.refund(paymentOf(order), order.total);
          } catch (error) {
            if (error instanceof PaymentAlreadyMade)
              throw conflict(
                "The payment went through after this failure; its success event decides the order.",
                "PAYMENT_ALREADY_MADE",
              );
            throw error;
          }
        }
        await cancelUnpaidOrder(tx, order, "failed");
        return done("cancelled", order.id);
      case "refund-late-payment":
        await provider.refund({ ...paymentOf(order), paymentStatus: "paid" }, notice.amount, {
          idempotencyKey: `haggle-late-payment-${notice.reference}`,
        });
        await markLatePaymentRefunded(tx, order, notice.amount);
        await publishEvent(tx, {
          type: "order.updated",
          orderId: order.id,
          status: order.status,
          userId: order.userId,
        });
        return done("late-payment-refunded", order.id);
      case "ignore":
        return done("unchanged", order.id);
    }
  });
}
