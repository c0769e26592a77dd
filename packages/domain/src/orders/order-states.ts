import { displayOrderStatus, type MerchantOrderStatus, type OrderStatus } from "./order-status.ts";

/**
 * Everything that may change an order's status, and the one table that says what each does from
 * each status: the merchant moving it on, a cancel (by the shopper or the merchant), a refund
 * (of part or of everything left), and the payment provider's word (the money arrived, or it
 * never will). Orders move forward only (pending, confirmed, processing, shipped, delivered;
 * skipping ahead is fine) and end in cancelled or refunded, where they move no further.
 */
export type OrderStatusEvent =
  | { kind: "merchant-moves"; to: MerchantOrderStatus }
  | { kind: "cancel"; by: "shopper" | "merchant" }
  | { kind: "refund"; whole: boolean }
  /** The provider's word that the money arrived. */
  | { kind: "payment-arrived" }
  /** The payment failed, was voided or never came in time. */
  | { kind: "payment-lost" };

/** Why a change is refused; the sentence is made from it and the statuses (`refusalSentence`). */
type Refusal =
  | "stays"
  | "goes-back"
  | "closed"
  | "cancel-closed"
  | "cancel-shipped"
  | "refund-cancelled"
  | "refund-refunded"
  | "not-awaiting-payment";

/** The events as the table names them. */
type EventName =
  | "process"
  | "ship"
  | "deliver"
  | "shopper-cancels"
  | "merchant-cancels"
  | "refund-part"
  | "refund-whole"
  | "payment-arrived"
  | "payment-lost";

/** Where each event takes an order from each status: the next status, or why it may not. */
export const ORDER_TRANSITIONS: Record<OrderStatus, Record<EventName, OrderStatus | Refusal>> = {
  pending: {
    process: "processing",
    ship: "shipped",
    deliver: "delivered",
    "shopper-cancels": "cancelled",
    "merchant-cancels": "cancelled",
    "refund-part": "pending",
    "refund-whole": "refunded",
    "payment-arrived": "confirmed",
    "payment-lost": "cancelled",
  },
  confirmed: {
    process: "processing",
    ship: "shipped",
    deliver: "delivered",
    "shopper-cancels": "cancelled",
    "merchant-cancels": "cancelled",
    "refund-part": "confirmed",
    "refund-whole": "refunded",
    "payment-arrived": "confirmed",
    "payment-lost": "not-awaiting-payment",
  },
  processing: {
    process: "stays",
    ship: "shipped",
    deliver: "delivered",
    "shopper-cancels": "cancelled",
    "merchant-cancels": "cancelled",
    "refund-part": "processing",
    "refund-whole": "refunded",
    "payment-arrived": "processing",
    "payment-lost": "not-awaiting-payment",
  },
  shipped: {
    process: "goes-back",
    ship: "stays",
    deliver: "delivered",
    "shopper-cancels": "cancel-shipped",
    "merchant-cancels": "cancelled",
    "refund-part": "shipped",
    "refund-whole": "refunded",
    "payment-arrived": "shipped",
    "payment-lost": "not-awaiting-payment",
  },
  delivered: {
    process: "goes-back",
    ship: "goes-back",
    deliver: "stays",
    "shopper-cancels": "cancel-shipped",
    "merchant-cancels": "cancelled",
    "refund-part": "delivered",
    "refund-whole": "refunded",
    "payment-arrived": "delivered",
    "payment-lost": "not-awaiting-payment",
  },
  cancelled: {
    process: "closed",
    ship: "closed",
    deliver: "closed",
    "shopper-cancels": "cancel-closed",
    "merchant-cancels": "cancel-closed",
    "refund-part": "refund-cancelled",
    "refund-whole": "refund-cancelled",
    "payment-arrived": "closed",
    "payment-lost": "not-awaiting-payment",
  },
  refunded: {
    process: "closed",
    ship: "closed",
    deliver: "closed",
    "shopper-cancels": "cancel-closed",
    "merchant-cancels": "cancel-closed",
    "refund-part": "refund-refunded",
    "refund-whole": "refund-refunded",
    "payment-arrived": "closed",
    "payment-lost": "not-awaiting-payment",
  },
};

/** The error code a refusal is answered with (409). */
export type OrderStatusRefusalCode = "ORDER_STATUS" | "ORDER_CLOSED" | "ORDER_SHIPPED" | "ORDER_NOT_PAID";

export type OrderStatusChange =
  | { ok: true; to: OrderStatus }
  | { ok: false; sentence: string; code: OrderStatusRefusalCode };

const MERCHANT_EVENTS: Record<MerchantOrderStatus, EventName> = {
  processing: "process",
  shipped: "ship",
  delivered: "deliver",
};

function eventName(event: OrderStatusEvent): EventName {
  switch (event.kind) {
    case "merchant-moves":
      return MERCHANT_EVENTS[event.to];
    case "cancel":
      return event.by === "shopper" ? "shopper-cancels" : "merchant-cancels";
    case "refund":
      return event.whole ? "refund-whole" : "refund-part";
    case "payment-arrived":
    case "payment-lost":
      return event.kind;
  }
}

function refusal(reason: Refusal, from: OrderStatus, event: OrderStatusEvent): OrderStatusChange {
  const to = event.kind === "merchant-moves" ? event.to : from;
  const refused = (sentence: string, code: OrderStatusRefusalCode): OrderStatusChange => ({
    ok: false,
    sentence,
    code,
  });
  switch (reason) {
    case "stays":
      return refused(`This order is already ${from}; orders only move forward.`, "ORDER_STATUS");
    case "goes-back":
      return refused(
        `This order is already ${from}; orders only move forward, not back to ${to}.`,
        "ORDER_STATUS",
      );
    case "closed":
      return refused(`This order was ${from}; it does not move any more.`, "ORDER_STATUS");
    case "cancel-closed":
      return refused(`This order was already ${from}.`, "ORDER_CLOSED");
    case "cancel-shipped":
      return refused(
        `This order has ${from === "delivered" ? "been delivered" : "shipped"}, so it can no longer be cancelled. Contact the shop to send it back.`,
        "ORDER_SHIPPED",
      );
    case "refund-cancelled":
      return refused("This order was cancelled; nothing is left to refund.", "ORDER_CLOSED");
    case "refund-refunded":
      return refused("This order is already fully refunded.", "ORDER_NOT_PAID");
    case "not-awaiting-payment":
      return refused(`This order is ${from}; it is no longer waiting for its payment.`, "ORDER_STATUS");
  }
}

/**
 * What `event` does to an order standing at `current`: the status it moves to (which may be the
 * same: a partial refund, a payment for an order already under way), or the sentence and code
 * that refuse it. An unknown stored status counts as pending (as it is shown).
 */
export function nextOrderStatus(current: string, event: OrderStatusEvent): OrderStatusChange {
  const from = displayOrderStatus(current);
  const next = ORDER_TRANSITIONS[from][eventName(event)];
  return isStatus(next) ? { ok: true, to: next } : refusal(next, from, event);
}

function isStatus(value: OrderStatus | Refusal): value is OrderStatus {
  return value in ORDER_TRANSITIONS;
}

/** A shopper may call an order off until it ships (the table's word, for the screens). */
export function shopperMayCancel(status: string): boolean {
  return nextOrderStatus(status, { kind: "cancel", by: "shopper" }).ok;
}
