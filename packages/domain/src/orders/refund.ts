import type { Cents } from "../pricing/money.ts";

/** An order line as a refund sees it. */
export interface RefundableLine {
  id: string;
  name: string;
  quantity: number;
  refundedQuantity: number;
  /** What one unit was charged (Ava's line price when her offer applied). */
  unitPrice: Cents;
  /**
   * What the whole line was charged after every discount, with its tax when tax was added (orders
   * priced by place store it); null for older orders, refunded by their share of the total.
   */
  charged?: Cents | null;
}

export interface RefundableOrder {
  total: Cents;
  shipping: Cents;
  refundedTotal: Cents;
  lines: readonly RefundableLine[];
}

export interface RefundPlan {
  /** The money to give back now. */
  amount: Cents;
  /** The units each line gives back. */
  lines: { id: string; quantity: number }[];
  /** After this, nothing of the order is left unrefunded. */
  complete: boolean;
}

/**
 * How much a refund gives back, exactly (merchants refund a whole order or a line).
 * The goods' share of the total (total minus shipping: Ava's discounts and tax included) is
 * shared out by what each unit was charged, rounded down to the cent; the refund that leaves
 * nothing unrefunded takes exactly what is left, shipping included. So the refunds of an order
 * always add up to its total, never more. `requested` null refunds everything that is left.
 */
export function planRefund(
  order: RefundableOrder,
  requested: readonly { lineId: string; quantity: number }[] | null,
): RefundPlan | { error: string } {
  const left = (line: RefundableLine) => line.quantity - line.refundedQuantity;
  if (order.lines.every((line) => left(line) === 0) || order.refundedTotal >= order.total)
    return { error: "This order is already fully refunded." };

  const units = new Map<string, number>();
  if (requested === null) {
    for (const line of order.lines) if (left(line) > 0) units.set(line.id, left(line));
  } else {
    if (requested.length === 0) return { error: "Choose at least one line to refund." };
    for (const { lineId, quantity } of requested) {
      const line = order.lines.find((l) => l.id === lineId);
      if (!line) return { error: "No line of this order has that orderItemId." };
      const wanted = (units.get(lineId) ?? 0) + quantity;
      if (!Number.isInteger(quantity) || quantity < 1)
        return { error: "A refund's quantity must be a whole number of at least 1." };
      if (wanted > left(line)) {
        return {
          error:
            left(line) === 0
              ? `${line.name} is already refunded.`
              : `Only ${left(line)} of ${line.name} can still be refunded.`,
        };
      }
      units.set(lineId, wanted);
    }
  }

  const complete = order.lines.every((line) => left(line) === (units.get(line.id) ?? 0));
  const remaining = order.total - order.refundedTotal;
  if (complete) {
    return { amount: remaining, lines: [...units].map(([id, quantity]) => ({ id, quantity })), complete };
  }
  if (order.lines.every((line) => typeof line.charged === "number")) {
    // Cumulative shares of each line's charge: a line refunded unit by unit returns what it was charged.
    let amount = 0;
    for (const [id, quantity] of units) {
      const line = order.lines.find((l) => l.id === id)!;
      const upTo = (n: number) => Math.floor(((line.charged ?? 0) * n) / line.quantity);
      amount += upTo(line.refundedQuantity + quantity) - upTo(line.refundedQuantity);
    }
    return {
      amount: Math.min(amount, remaining),
      lines: [...units].map(([id, quantity]) => ({ id, quantity })),
      complete,
    };
  }
  const goods = order.total - order.shipping;
  const weight = order.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  let amount = 0;
  if (weight > 0) {
    const requestedWeight = order.lines.reduce(
      (sum, line) => sum + line.unitPrice * (units.get(line.id) ?? 0),
      0,
    );
    amount = Math.floor((goods * requestedWeight) / weight);
  }
  return {
    amount: Math.min(amount, remaining),
    lines: [...units].map(([id, quantity]) => ({ id, quantity })),
    complete,
  };
}

/** An order line as the shopper's savings count it: what the list price would have cost more. */
export interface SavingsLine {
  id: string;
  quantity: number;
  listPrice: Cents;
  /** What one unit was charged. */
  unitPrice: Cents;
}

/**
 * The savings a refund takes off the shopper's "Total savings": each refunded unit's list-price
 * savings, and once nothing is left of the order, the rest of what the order saved (Ava's
 * order-level discount). So an order's refunds take off exactly the savings it added, never more.
 */
export function savingsGivenBack(
  order: { discountApplied: Cents; lines: readonly SavingsLine[] },
  plan: Pick<RefundPlan, "lines" | "complete">,
): Cents {
  const unitSavings = (line: SavingsLine) => Math.max(0, line.listPrice - line.unitPrice);
  let given = 0;
  for (const refunded of plan.lines) {
    const line = order.lines.find((l) => l.id === refunded.id);
    if (line) given += unitSavings(line) * refunded.quantity;
  }
  if (plan.complete) {
    const lineSavings = order.lines.reduce((sum, line) => sum + unitSavings(line) * line.quantity, 0);
    given += Math.max(0, order.discountApplied - lineSavings);
  }
  return Math.min(given, Math.max(0, order.discountApplied));
}

/**
 * What a line's given-back units are called: "refunded" once money moved, "cancelled" for an
 * order called off before it was paid (nothing was refunded: nothing was paid).
 */
export function returnedLineWord(paymentStatus: string): "refunded" | "cancelled" {
  return ["paid", "refunded", "partially_refunded"].includes(paymentStatus) ? "refunded" : "cancelled";
}

/** "refunded" (the whole line), "2 refunded", "cancelled": a line's note; null when none was given back. */
export function returnedLineNote(
  line: { quantity: number; refundedQuantity: number },
  paymentStatus: string,
): string | null {
  if (line.refundedQuantity <= 0) return null;
  const word = returnedLineWord(paymentStatus);
  return line.refundedQuantity >= line.quantity ? word : `${line.refundedQuantity} ${word}`;
}
