import { and, asc, eq, lt, ne, notInArray } from "drizzle-orm";
import type { OrderStatus } from "@haggle/domain/orders/order-status";
import type { Tx } from "../../platform/db/client.ts";
import { orders } from "../../platform/db/schema/orders.ts";
import { type OrderRow, recordOrderEvent } from "./orders.store.ts";

/*
 * An order's payment state, moved by the payments module (provider notices, unpaid-order
 * expiry) through the orders front door: the orders module owns the orders table.
 */

/** The order a provider's payment belongs to, locked until the transaction ends; null when none. */
export async function lockOrderByPayment(
  tx: Tx,
  method: string,
  reference: string,
): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.paymentMethod, method), eq(orders.paymentReference, reference)))
    .limit(1)
    .for("update");
  return row ?? null;
}

/**
 * An order whose payment failed, was voided or never came: at the status the order state table
 * gave (cancelled), with the reason as its payment status.
 */
export async function markUnpaidOrderCancelled(
  tx: Tx,
  orderId: string,
  status: OrderStatus,
  paymentStatus: "failed" | "expired",
): Promise<void> {
  await tx.update(orders).set({ status, paymentStatus, updatedAt: new Date() }).where(eq(orders.id, orderId));
  await recordOrderEvent(tx, orderId, "cancelled", {
    note: paymentStatus === "failed" ? "The payment failed." : "The payment did not arrive in time.",
  });
}

/** A payment that arrived after its order was cancelled, given straight back. */
export async function markLatePaymentRefunded(tx: Tx, order: OrderRow, amount: number): Promise<void> {
  await tx
    .update(orders)
    .set({ paymentStatus: "refunded", paidAt: new Date(), updatedAt: new Date() })
    .where(eq(orders.id, order.id));
  await recordOrderEvent(tx, order.id, "refunded", {
    amount,
    note: "The payment arrived after the order was cancelled and was given straight back.",
  });
}

/**
 * The oldest order a provider (not manual payment) is still waiting on since before `cutoff`,
 * locked; one another process has locked is skipped (FOR UPDATE SKIP LOCKED), so several job
 * runners share the work and never take the same order. `skip` leaves out orders this run
 * could not void and will try again next time.
 */
export async function lockOrderAwaitingPaymentSince(
  tx: Tx,
  cutoff: Date,
  skip: readonly string[],
): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        eq(orders.paymentStatus, "pending"),
        ne(orders.paymentMethod, "manual"),
        lt(orders.createdAt, cutoff),
        skip.length > 0 ? notInArray(orders.id, [...skip]) : undefined,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(1)
    .for("update", { skipLocked: true });
  return row ?? null;
}
