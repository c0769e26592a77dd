import type { Cents } from "../pricing/money.ts";

/** An order line as a refund sees it. */
export interface RefundableLine {
  id: string;
  name: string;
  quantity: number;
  refundedQuantity: number;
  /** What one unit was charged (Ava's line price when her offer applied). */
  unitPrice: Cents;
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
 * How much a refund gives back, exactly (decisions.md: merchants refund a whole order or a line).
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
