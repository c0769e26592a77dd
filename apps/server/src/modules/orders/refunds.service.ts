import type { RefundBody } from "@haggle/contract/orders";
import { conflict, invalid, notFound } from "@haggle/domain/errors";
import { loyaltyTierFor } from "@haggle/domain/negotiation/loyalty-tier";
import { nextOrderStatus, type OrderStatusEvent } from "@haggle/domain/orders/order-states";
import { planRefund, type RefundPlan, savingsGivenBack } from "@haggle/domain/orders/refund";
import type { Db, Tx } from "../../platform/db/client.ts";
import { publishEvent } from "../../platform/realtime/event-bus.ts";
import { lockProfile, saveProfileTotals } from "../accounts/index.ts";
import { returnStocks } from "../catalog/index.ts";
import type { MailSettings } from "../../platform/mail/mail-settings.ts";
import { enqueueOrderMail } from "./order-mail.store.ts";
import { PaymentAlreadyMade, type PaymentProviders } from "../../platform/payments/payment-provider.ts";
import { loadSellerConfig } from "../settings/index.ts";
import { loadOrderLines, lockOrder, type OrderRow, recordRefund } from "./orders.store.ts";

const NO_ORDER = "No order has that id.";
const PAID = new Set(["paid", "partially_refunded"]);

type Who = { shopperId: string } | "merchant";

/** The order state table's word on this change; its refusal as a 409 with the table's sentence. */
function allowedStatus(order: OrderRow, event: OrderStatusEvent): string {
  const change = nextOrderStatus(order.status, event);
  if (!change.ok) throw conflict(change.sentence, change.code);
  return change.to;
}

/** What a cancel or refund needs besides the database: the providers that refund, the mail settings. */
export interface RefundDeps {
  payments: PaymentProviders;
  mail: MailSettings;
}

/**
 * The provider's part of a cancel or refund: what was paid goes back (manual: recorded); a
 * provider's payment not made yet is voided when everything is given back.
 */
async function settleWithProvider(
  payments: PaymentProviders,
  order: OrderRow,
  settle: { paid: boolean; moneyBack: number; complete: boolean },
): Promise<void> {
  const { paid, moneyBack } = settle;
  if (moneyBack > 0) {
    const provider = payments.get(order.paymentMethod as "manual" | "stripe");
    if (!provider) {
      throw conflict(
        `This order was paid with ${order.paymentMethod}, which this shop no longer takes, so it cannot be refunded here.`,
        "PAYMENT_METHOD_UNAVAILABLE",
      );
    }
    await provider.refund(
      { id: order.id, reference: order.paymentReference, paymentStatus: order.paymentStatus },
      moneyBack,
    );
  }

  if (!paid && settle.complete && order.paymentReference) {
    // A provider's payment not made yet (Stripe): void it, so the cancelled order is never paid.
    const provider = payments.get(order.paymentMethod as "manual" | "stripe");
    try {
      await provider?.refund(
        { id: order.id, reference: order.paymentReference, paymentStatus: order.paymentStatus },
        order.total,
      );
    } catch (error) {
      if (error instanceof PaymentAlreadyMade)
        throw conflict(
          "The payment for this order has just gone through. Try again in a moment.",
          "PAYMENT_ALREADY_MADE",
        );
      throw error;
    }
  }
}

/**
 * Loyalty counts what was kept: the value given back leaves the lifetime value; an order given
 * back whole leaves the order count; each refunded line takes its list-price savings with it.
 */
async function loyaltyGivenBack(
  tx: Tx,
  order: OrderRow,
  rows: Awaited<ReturnType<typeof loadOrderLines>>,
  plan: RefundPlan,
): Promise<void> {
  const profile = await lockProfile(tx, order.userId);
  if (profile) {
    const ordersCount = Math.max(0, profile.ordersCount - (plan.complete ? 1 : 0));
    const lifetimeValue = Math.max(0, profile.lifetimeValue - plan.amount);
    const savings = savingsGivenBack(
      {
        discountApplied: order.discountApplied,
        lines: rows.map((l) => ({
          id: l.id,
          quantity: l.quantity,
          listPrice: l.listPrice,
          unitPrice: l.unitPrice,
        })),
      },
      plan,
    );
    const totalSavings = Math.max(0, profile.totalSavings - savings);
    const config = await loadSellerConfig(tx);
    await saveProfileTotals(tx, order.userId, {
      ordersCount,
      lifetimeValue,
      totalSavings,
      loyaltyTier: loyaltyTierFor(ordersCount, lifetimeValue, config.tier_benefits.thresholds),
    });
  }
}

/**
 * Gives back part or all of an order in one transaction: the provider refunds what was paid
 * (manual: recorded), the units go back on the shelf, the statuses move, the shopper's loyalty
 * figures lose what was given back and the tier
 * is recomputed, and the shopper's pages hear order.updated. `lines` null: everything left.
 */
async function giveBack(
  tx: Tx,
  { payments, mail }: RefundDeps,
  order: OrderRow,
  lines: RefundBody["lines"] | null,
  cancel: { by: "shopper" | "merchant" } | null,
): Promise<void> {
  const rows = await loadOrderLines(tx, [order.id]);
  const plan = planRefund(
    {
      total: order.total,
      shipping: order.shipping,
      refundedTotal: order.refundedTotal,
      lines: rows.map((l) => ({
        id: l.id,
        name: l.name,
        quantity: l.quantity,
        refundedQuantity: l.refundedQuantity,
        unitPrice: l.unitPrice,
        // Priced by place: the line's charge, its tax with it when added, refunded by its own shares.
        charged: l.amount !== null && l.tax !== null ? l.amount + (order.taxIncluded ? 0 : l.tax) : null,
      })),
    },
    lines ? lines.map((l) => ({ lineId: l.orderItemId, quantity: l.quantity })) : null,
  );
  if ("error" in plan)
    throw lines ? invalid(plan.error, "REFUND_INVALID") : conflict(plan.error, "ORDER_REFUNDED");

  const paid = PAID.has(order.paymentStatus);
  const moneyBack = paid ? plan.amount : 0;
  await settleWithProvider(payments, order, { paid, moneyBack, complete: plan.complete });
  const byId = new Map(rows.map((l) => [l.id, l]));
  await returnStocks(
    tx,
    plan.lines.map((line) => ({ variantId: byId.get(line.id)?.variantId ?? null, quantity: line.quantity })),
  );

  const status = allowedStatus(
    order,
    cancel ? { kind: "cancel", by: cancel.by } : { kind: "refund", whole: plan.complete },
  );
  const paymentStatus = !paid
    ? plan.complete
      ? "voided"
      : order.paymentStatus
    : plan.complete
      ? "refunded"
      : "partially_refunded";
  await recordRefund(tx, order.id, {
    lines: plan.lines,
    amount: moneyBack,
    status,
    paymentStatus,
    cancelled: cancel !== null,
  });

  await loyaltyGivenBack(tx, order, rows, plan);
  await publishEvent(tx, { type: "order.updated", orderId: order.id, status, userId: order.userId });
  // The shopper hears of it by e-mail too, if the change commits.
  await enqueueOrderMail(tx, mail, cancel ? "order-cancelled" : "order-refunded", order.id, {
    refundAmount: moneyBack,
  });
}

/** Locks the order for a change; a shopper's cancel of another shopper's order reads as not found. */
async function lockedOrder(tx: Tx, orderId: string, who: Who): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (!order || (who !== "merchant" && order.userId !== who.shopperId))
    throw notFound(who === "merchant" ? NO_ORDER : "Order not found");
  return order;
}

/**
 * Calls an order off: a shopper until it ships, a merchant at any time. What was paid is
 * refunded, every unit not yet given back returns to stock.
 */
export async function cancelOrder(db: Db, deps: RefundDeps, orderId: string, who: Who): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId, who);
    const by = who === "merchant" ? "merchant" : "shopper";
    allowedStatus(order, { kind: "cancel", by });
    await giveBack(tx, deps, order, null, { by });
  });
}

/** The merchant gives back money and units of a paid order: some lines, or everything left. */
export async function refundOrder(
  db: Db,
  deps: RefundDeps,
  orderId: string,
  lines: RefundBody["lines"],
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId, "merchant");
    // Whether any of it may still be given back; whether all of it, the plan says.
    allowedStatus(order, { kind: "refund", whole: false });
    if (!PAID.has(order.paymentStatus)) {
      throw conflict(
        order.paymentStatus === "refunded"
          ? "This order is already fully refunded."
          : "This order is not paid yet: cancel it instead, or mark it paid first.",
        "ORDER_NOT_PAID",
      );
    }
    await giveBack(tx, deps, order, lines ?? null, null);
  });
}
