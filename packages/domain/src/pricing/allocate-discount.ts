import type { Cents } from "./money.ts";

export interface AllocationLine {
  cartItemId: string;
  price: Cents;
  quantity: number;
}

export interface Allocation {
  /** New unit prices (the price snapshots), one per line. */
  itemAdjustments: { cartItemId: string; newPrice: Cents }[];
  /** What whole-cent unit prices cannot carry goes on the order as an additional discount. */
  orderDiscount: Cents;
}

/**
 * Spreads a discount over the lines in proportion to their value, as whole-cent unit prices,
 * with the remainder as an order-level discount, so that
 * sum((price - newPrice) x quantity) + orderDiscount === discount, exactly.
 */
export function allocateDiscount(lines: AllocationLine[], discount: Cents): Allocation {
  const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  if (!Number.isSafeInteger(discount) || discount < 0 || discount > subtotal) {
    throw new RangeError(`A discount of ${discount} cents cannot be spread over a subtotal of ${subtotal}.`);
  }
  let carried = 0;
  const itemAdjustments = lines.map((line) => {
    const lineTotal = line.price * line.quantity;
    const share = subtotal > 0 ? Math.floor((discount * lineTotal) / subtotal) : 0;
    const perUnit = Math.min(line.price, Math.floor(share / line.quantity));
    carried += perUnit * line.quantity;
    return { cartItemId: line.cartItemId, newPrice: line.price - perUnit };
  });
  // Whole-unit leftovers go on unit prices too (a single unit takes any cent), so an order-level
  // remainder is left only when no line can carry it exactly.
  let remainder = discount - carried;
  for (let i = 0; i < lines.length && remainder > 0; i++) {
    const line = lines[i]!;
    const adjustment = itemAdjustments[i]!;
    const perUnit = Math.min(adjustment.newPrice, Math.floor(remainder / line.quantity));
    if (perUnit <= 0) continue;
    adjustment.newPrice -= perUnit;
    remainder -= perUnit * line.quantity;
  }
  return { itemAdjustments, orderDiscount: remainder };
}
