import type { Cents } from "../pricing/money.ts";

/**
 * The ACP checkout session's money, worked out from the one pricing rule's quote (never computed
 * anew): each line at the shop's price, Ava's negotiated discount as its own total, the pricing
 * rule's shipping as the one fulfillment option, its tax spread over the lines to the cent.
 */

export interface AcpStateLine {
  productId: string;
  quantity: number;
  /** The shop's unit price before Ava's discount (shopUnitPrice). */
  unitPrice: Cents;
}

export interface AcpStateQuote {
  itemsTotal: Cents;
  negotiatedDiscount: Cents;
  shipping: Cents;
  tax: Cents;
  total: Cents;
}

export interface AcpLineAmounts {
  id: string;
  item: { id: string; quantity: number };
  base_amount: Cents;
  discount: Cents;
  subtotal: Cents;
  tax: Cents;
  total: Cents;
}

export type AcpTotalType = "items_base_amount" | "subtotal" | "discount" | "fulfillment" | "tax" | "total";

export interface AcpTotalAmount {
  type: AcpTotalType;
  display_text: string;
  amount: Cents;
}

/**
 * Splits `amount` over `weights` in proportion, whole cents, largest remainders first (ties to
 * the earlier line), so the parts always add up to `amount` exactly.
 */
export function allocateCents(amount: Cents, weights: readonly number[]): Cents[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (amount * w) / sum);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/** The session's line items: the shop's price, no line discount (Ava's is order-level), tax spread. */
export function acpLineItems(lines: readonly AcpStateLine[], tax: Cents): AcpLineAmounts[] {
  const bases = lines.map((l) => l.unitPrice * l.quantity);
  const taxes = allocateCents(tax, bases);
  return lines.map((line, i) => ({
    id: `li_${line.productId}`,
    item: { id: line.productId, quantity: line.quantity },
    base_amount: bases[i]!,
    discount: 0,
    subtotal: bases[i]!,
    tax: taxes[i]!,
    total: bases[i]! + taxes[i]!,
  }));
}

/** The session's totals; the negotiated discount is its own `discount` total when there is one. */
export function acpTotals(quote: AcpStateQuote, assistantName: string): AcpTotalAmount[] {
  return [
    { type: "items_base_amount", display_text: "Items", amount: quote.itemsTotal },
    { type: "subtotal", display_text: "Subtotal", amount: quote.itemsTotal },
    ...(quote.negotiatedDiscount > 0
      ? [
          {
            type: "discount" as const,
            display_text: `Discount negotiated with ${assistantName}`,
            amount: quote.negotiatedDiscount,
          },
        ]
      : []),
    {
      type: "fulfillment",
      display_text: quote.shipping === 0 ? "Shipping (free)" : "Shipping",
      amount: quote.shipping,
    },
    { type: "tax", display_text: "Tax", amount: quote.tax },
    { type: "total", display_text: "Total", amount: quote.total },
  ];
}

/**
 * An order's status as the ACP order webhook names it (created, manual_review, confirmed,
 * canceled, shipped, fulfilled).
 */
export function acpOrderStatus(
  status: string,
): "created" | "confirmed" | "canceled" | "shipped" | "fulfilled" {
  switch (status) {
    case "confirmed":
    case "processing":
      return "confirmed";
    case "shipped":
      return "shipped";
    case "delivered":
      return "fulfilled";
    case "cancelled":
    case "refunded":
      return "canceled";
    default:
      return "created";
  }
}
