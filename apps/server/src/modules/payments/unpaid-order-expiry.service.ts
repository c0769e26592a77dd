import type { Db } from "../../platform/db/client.ts";
import type { Logger } from "../../platform/logger.ts";
import {
  PaymentAlreadyMade,
  type PaymentProvider,
  type PaymentProviders,
} from "../../platform/payments/payment-provider.ts";
import { cancelUnpaidOrder, paymentOf } from "./unpaid-order.service.ts";
import { lockOrderAwaitingPaymentSince } from "../orders/index.ts";

export interface ExpiryRun {
  /** Orders this run cancelled. */
  cancelled: string[];
  /** Orders left for the next run: their payment could not be voided (or was made meanwhile). */
  skipped: string[];
}

/**
 * The expiry job (a payment's failure, or 30 minutes (configurable) without payment, cancels the
 * order and returns its stock): every order a provider is still waiting on `timeoutMinutes` after checkout is
 * cancelled, its payment voided at the provider first so it can no longer be made. One
 * transaction per order, each order locked with SKIP LOCKED: runners in several server
 * processes share the orders and each order is cancelled once. Manual orders never expire.
 */
export async function expireUnpaidOrders(
  db: Db,
  payments: PaymentProviders,
  options: { timeoutMinutes: number; now?: Date; logger?: Logger },
): Promise<ExpiryRun> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.timeoutMinutes * 60_000);
  const run: ExpiryRun = { cancelled: [], skipped: [] };
  for (;;) {
    const order = await db.transaction(async (tx) => {
      const due = await lockOrderAwaitingPaymentSince(tx, cutoff, run.skipped);
      if (!due) return null;
      const provider = (payments as ReadonlyMap<string, PaymentProvider>).get(due.paymentMethod);
      if (provider && due.paymentReference) {
        try {
          await provider.refund(paymentOf(due), due.total);
        } catch (error) {
          // Paid meanwhile: the provider's success event confirms it. Unreachable: next run.
          if (!(error instanceof PaymentAlreadyMade))
            options.logger?.warn(
              { err: error, orderId: due.id },
              "could not void an unpaid payment; trying again later",
            );
          run.skipped.push(due.id);
          return due;
        }
      } else {
        options.logger?.warn(
          { orderId: due.id, method: due.paymentMethod },
          "an unpaid order's payment provider is no longer configured: cancelling it without voiding the payment",
        );
      }
      await cancelUnpaidOrder(tx, due, "expired");
      run.cancelled.push(due.id);
      return due;
    });
    if (!order) return run;
  }
}
