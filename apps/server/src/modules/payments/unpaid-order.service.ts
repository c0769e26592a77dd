import { conflict } from "@haggle/domain/errors";
import { loyaltyTierFor } from "@haggle/domain/negotiation/loyalty-tier";
import { nextOrderStatus } from "@haggle/domain/orders/order-states";
import type { Tx } from "../../platform/db/client.ts";
import { publishEvent } from "../../platform/realtime/event-bus.ts";
import { lockProfile, saveProfileTotals } from "../accounts/index.ts";
import { returnStocks } from "../catalog/index.ts";
import { loadOrderLines, markUnpaidOrderCancelled, type OrderRow } from "../orders/index.ts";
import { loadSellerConfig } from "../settings/index.ts";

/** An order's payment, as its provider is told of it. */
export function paymentOf(order: OrderRow) {
  return { id: order.id, reference: order.paymentReference, paymentStatus: order.paymentStatus };
}

/**
 * Cancels an order whose payment failed or never came (`order` is locked by the caller): its
 * stock returns, the shopper's totals and loyalty tier no longer count it, and the shopper's and
 * the merchant's pages hear order.updated when the transaction commits.
 * Locks, in this order: the order (caller), the shopper's profile, the products then their
 * variants (each in id order) — checkout takes the profile before the products too, so the two
 * never wait on each other in a cycle.
 */
export async function cancelUnpaidOrder(
  tx: Tx,
  order: OrderRow,
  reason: "failed" | "expired",
): Promise<void> {
  const change = nextOrderStatus(order.status, { kind: "payment-lost" });
  if (!change.ok) throw conflict(change.sentence, change.code);
  const profile = await lockProfile(tx, order.userId);
  await markUnpaidOrderCancelled(tx, order.id, change.to, reason);
  const lines = await loadOrderLines(tx, [order.id]);
  // One statement, products then variants locked in id order, as checkout takes them; a variant
  // deleted since has no shelf for its units to go back to.
  await returnStocks(tx, lines);
  if (profile) {
    const ordersCount = Math.max(0, profile.ordersCount - 1);
    const lifetimeValue = Math.max(0, profile.lifetimeValue - order.total);
    const config = await loadSellerConfig(tx);
    await saveProfileTotals(tx, order.userId, {
      ordersCount,
      lifetimeValue,
      totalSavings: Math.max(0, profile.totalSavings - order.discountApplied),
      loyaltyTier: loyaltyTierFor(ordersCount, lifetimeValue, config.tier_benefits.thresholds),
    });
  }
  await publishEvent(tx, {
    type: "order.updated",
    orderId: order.id,
    status: change.to,
    userId: order.userId,
  });
}
