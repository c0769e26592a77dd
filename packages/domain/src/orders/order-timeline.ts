/**
 * An order's status timeline: what happened to it and when, oldest first, as the
 * shopper's order page and the merchant's order view show it. The order's placing is its own
 * creation time (no row is written for it at checkout); every later move is a recorded event.
 */

/** What can happen to an order after it is placed, in the order an order usually meets them. */
export const ORDER_EVENT_KINDS = [
  "paid",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];
export type OrderTimelineKind = "placed" | OrderEventKind;

export function isOrderEventKind(kind: string): kind is OrderEventKind {
  return (ORDER_EVENT_KINDS as readonly string[]).includes(kind);
}

/** A recorded event: its kind, when, the money it moved (refunds), and why (a cancel's reason). */
export interface OrderEvent {
  kind: string;
  at: Date;
  amount: number | null;
  note: string | null;
}

export interface OrderTimelineEntry {
  kind: OrderTimelineKind;
  at: Date;
  amount: number | null;
  note: string | null;
}

/** What each entry says, as a heading. */
export const ORDER_TIMELINE_LABELS: Record<OrderTimelineKind, string> = {
  placed: "Order placed",
  paid: "Payment received",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/**
 * The timeline: "placed" at the order's creation, then the events of known kinds in time order
 * (ties keep the order they were recorded in); events of unknown kinds are left out.
 */
export function orderTimeline(placedAt: Date, events: readonly OrderEvent[]): OrderTimelineEntry[] {
  const known = events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => isOrderEventKind(event.kind))
    .sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || a.index - b.index)
    .map(({ event }) => ({
      kind: event.kind as OrderEventKind,
      at: event.at,
      amount: event.amount,
      note: event.note,
    }));
  return [{ kind: "placed", at: placedAt, amount: null, note: null }, ...known];
}
